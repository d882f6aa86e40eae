import type { ServerResponse } from 'node:http';

/** A PostgREST-shaped error: `{code, message, details, hint}` with its HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  body(): string {
    return JSON.stringify({ code: this.code, details: this.details, hint: this.hint, message: this.message });
  }
}

/**
 * 42703 for a name that is neither a column nor a computed field of the relation. Postgres itself
 * would not refuse it: `"orders"."count"` (quoted or not) is functional notation for
 * `count("orders")`, so `select=count` or `select=json_agg` would run an aggregate over the table.
 * The request's names are therefore checked against the schema cache first.
 */
export class UnknownColumn extends ApiError {
  constructor(relation: string, column: string) {
    super(400, '42703', `column ${relation}.${column} does not exist`);
  }
}

/** PGRST100: a query parameter PostgREST's parser rejects (message names the parameter, details the reason). */
export function parseError(what: string, input: string, column: number, details: string): ApiError {
  return new ApiError(400, 'PGRST100', `"failed to parse ${what} (${input})" (line 1, column ${column})`, details);
}

interface PgLikeError {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  hint?: unknown;
}

/** SQLSTATE → HTTP status, PostgREST's table (Error.hs `mapSQLtoHTTP`). `authed`: a JWT other than anon was sent. */
export function statusForSqlState(code: string, message: string, authed: boolean): number {
  const two = code.slice(0, 2);
  if (two === '08') return 503;
  if (two === '09') return 500;
  if (two === '0L' || two === '0P') return 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
  if (['25', '2D', '38', '39', '3B', '40', '54', '55', '58', 'F0', 'HV', 'XX'].includes(two)) return 500;
  if (two === '28') return 403;
  if (code === '53400') return 500;
  if (two === '53') return 503;
  if (code === '57P01') return 503;
  if (two === '57') return 500;
  if (code === 'P0001') return 400;
  if (two === 'P0') return 500;
  if (code === '42883') return message.startsWith('function xmlagg(') ? 406 : 404;
  if (code === '42P01') return 404;
  if (code === '42P17') return 500;
  if (code === '42501') return authed ? 403 : 401;
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  return 400;
}

/** A Postgres error thrown by either driver, as PostgREST answers it. */
export function fromPgError(err: PgLikeError, authed: boolean): ApiError {
  const code = typeof err.code === 'string' ? err.code : 'XX000';
  const message = typeof err.message === 'string' ? err.message : 'Unknown database error';
  const details = typeof err.detail === 'string' && err.detail !== '' ? err.detail : null;
  const hint = typeof err.hint === 'string' && err.hint !== '' ? err.hint : null;
  // RAISE SQLSTATE 'PGRST' lets a function choose the whole response (PostgREST's "full response control").
  if (code === 'PGRST') {
    try {
      const m = JSON.parse(message) as { code: string; message: string; details?: string; hint?: string };
      const d = JSON.parse(details ?? '') as { status: number; headers?: Record<string, string> };
      return new ApiError(d.status, m.code, m.message, m.details ?? null, m.hint ?? null, d.headers ?? {});
    } catch {
      return new ApiError(500, 'PGRST121', 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error', null, null);
    }
  }
  const status = statusForSqlState(code, message, authed);
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  return new ApiError(status, code, message, details, hint, headers);
}

/** Anything thrown while answering: ApiError as is, Postgres errors mapped, the rest a 500 with a JSON body. */
export function toApiError(err: unknown, authed: boolean): ApiError {
  if (err instanceof ApiError) return err;
  const e = err as PgLikeError;
  if (e && typeof e === 'object' && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return fromPgError(e, authed);
  const message = err instanceof Error ? err.message : String(err);
  return new ApiError(500, 'PGRSTX00', 'Internal server error', message, null);
}

export function sendError(res: ServerResponse, err: ApiError, extraHeaders: Record<string, string> = {}): void {
  const body = err.body();
  res.writeHead(err.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    ...(err.code ? { 'Proxy-Status': `PostgREST; error=${err.code}` } : {}),
    ...extraHeaders,
    ...err.headers,
  });
  res.end(body);
}
