import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db, QueryResult, Tx } from '../contracts.ts';
import type { RequestAuth } from './auth.ts';
import { ApiError } from './errors.ts';
import type { Prefer, TxEnd } from './http.ts';
import type { Accept } from './media.ts';
import type { QueryParams } from './parse/types.ts';
import type { SchemaCache } from './schema-cache.ts';
import { ident } from './sql/ident.ts';

export interface RestConfig {
  schemas: string[];
  extraSearchPath: string[];
  maxRows?: number;
  maxBodyBytes: number;
  txEnd: TxEnd;
  /** Aggregate functions in `select` (`[api] db_aggregates_enabled`); PGRST123 without. */
  aggregates: boolean;
  /** `Accept: application/vnd.pgrst.plan` (`[api] db_plan_enabled`); 406 without. */
  planEnabled: boolean;
}

/** Everything one request needs once routing, auth and negotiation are done. */
export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  method: string;
  schema: string;
  auth: RequestAuth;
  accept: Accept;
  prefer: Prefer;
  query: QueryParams;
  cache: SchemaCache;
  db: Db;
  config: RestConfig;
  /** The caller's address as the stack trusts it (ctx.clientIp), given to SQL as x-forwarded-for. */
  clientIp: string;
  /** Aborted when the client goes away before the answer: queued work is skipped, a running query cancelled. */
  signal: AbortSignal;
}

const ROLLBACK = Symbol('rollback');

/**
 * The settings PostgREST gives each request's transaction with set_config(…, true): the search
 * path of the request's schema, the role's own settings (statement_timeout), role, claims, method,
 * path, headers and cookies.
 */
function requestSettings(rc: RequestContext): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(rc.req.headers)) if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  // As a gateway would: the address SQL sees (access logs) is the one the stack trusts, never a
  // client's own x-forwarded-for or x-real-ip.
  headers['x-forwarded-for'] = rc.clientIp;
  delete headers['x-real-ip'];
  const cookies: Record<string, string> = {};
  for (const part of (headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) cookies[part.slice(0, i).trim()] = part.slice(i + 1).trim();
  }
  const clean = (s: string) => s.replaceAll('\0', '');
  return {
    // Not deduplicated, as PostgREST writes it (`"public", "public", "extensions"`).
    search_path: [rc.schema, ...rc.config.extraSearchPath].map(ident).join(', '),
    ...rc.cache.roleSettings.get(rc.auth.role),
    role: rc.auth.role,
    'request.jwt.claims': clean(JSON.stringify(rc.auth.claims)),
    'request.method': rc.method,
    'request.path': clean(rc.url.pathname),
    'request.headers': clean(JSON.stringify(headers)),
    'request.cookies': clean(JSON.stringify(cookies)),
  };
}

/**
 * A request that is one statement runs as one round trip (`Db.requestStatement`): settings,
 * statement and commit together; read only for GET/HEAD; ends in ROLLBACK when `db-tx-end` (or an
 * allowed `Prefer: tx`) says so.
 */
export function runStatement<Row>(rc: RequestContext, readOnly: boolean, sql: string): Promise<QueryResult<Row>> {
  return rc.db.requestStatement<Row>({ readOnly, settings: requestSettings(rc), rollback: rc.prefer.rollback, signal: rc.signal }, sql);
}

/**
 * A request that must look at its result before committing (writes: singular and max-affected
 * checks roll back) runs as a transaction, as PostgREST runs it. A rolled-back request runs
 * everything and then rolls back.
 */
export async function runInTx<T>(rc: RequestContext, readOnly: boolean, fn: (tx: Tx) => Promise<T>): Promise<T> {
  let result: T | undefined;
  try {
    await rc.db.requestTransaction({ readOnly, settings: requestSettings(rc), signal: rc.signal }, async (tx) => {
      result = await fn(tx);
      if (rc.prefer.rollback) throw ROLLBACK;
    });
  } catch (e) {
    if (e !== ROLLBACK) throw e;
  }
  return result as T;
}

export function singularError(n: number): ApiError {
  // PostgREST 13's wording (12 said "JSON object requested, multiple (or no) rows returned").
  return new ApiError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${n} rows`);
}

/**
 * The checks PostgREST makes on a write's or a call's result before it commits (Query.hs
 * `failNotSingular`, `failExceedsMaxAffectedPref`): a singular answer needs exactly one row, and
 * `Prefer: max-affected=n` with `handling=strict` at most n. Raised inside the transaction, they
 * roll the change back. Undefined when the request asks for neither.
 */
export function resultCheck(rc: RequestContext): ((affected: number) => void) | undefined {
  const strictMax = rc.prefer.maxAffected !== undefined && rc.prefer.handling === 'strict' ? rc.prefer.maxAffected : undefined;
  if (!rc.accept.singular && strictMax === undefined) return undefined;
  return (affected) => {
    if (rc.accept.singular && affected !== 1) throw singularError(affected);
    if (strictMax !== undefined && affected > strictMax) {
      throw new ApiError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${affected} rows`);
    }
  };
}

export function baseHeaders(rc: RequestContext, contentType = true): Record<string, string> {
  const h: Record<string, string> = {};
  if (contentType) h['Content-Type'] = `${rc.accept.mediaType}; charset=utf-8`;
  if (rc.config.schemas.length > 1) h['Content-Profile'] = rc.schema;
  const applied = appliedPreferences(rc);
  if (applied) h['Preference-Applied'] = applied;
  return h;
}

function appliedPreferences(rc: RequestContext): string | undefined {
  const p = rc.prefer;
  const out: string[] = [];
  if (p.resolution && rc.method === 'POST') out.push(`resolution=${p.resolution}`);
  if (p.missing && (rc.method === 'POST' || rc.method === 'PATCH')) out.push(`missing=${p.missing}`);
  if (p.return && rc.method !== 'GET' && rc.method !== 'HEAD') out.push(`return=${p.return}`);
  if (p.count) out.push(`count=${p.count}`);
  if (p.tx) out.push(`tx=${p.tx}`);
  if (p.params) out.push(`params=${p.params}`);
  if (p.handling) out.push(`handling=${p.handling}`);
  return out.length ? out.join(', ') : undefined;
}

export function send(rc: RequestContext, status: number, headers: Record<string, string>, body?: string): void {
  const withBody = body !== undefined && rc.method !== 'HEAD' && status !== 204;
  const h: Record<string, string | number> = { ...headers };
  if (withBody) h['Content-Length'] = Buffer.byteLength(body);
  else if (status !== 204 && rc.method !== 'HEAD') h['Content-Length'] = 0;
  rc.res.writeHead(status, h);
  rc.res.end(withBody ? body : undefined);
}

/**
 * `Accept: application/vnd.pgrst.plan` (when `[api] db_plan_enabled` allows it): the request's
 * statement under EXPLAIN (PostgREST's `explainF`), answered 200 with its Content-Type and nothing
 * else: a line per row of FORMAT TEXT, or the JSON document, each ending in a line break as
 * PostgREST's `BS.unlines`. `options=analyze` runs the statement, writes included, as there.
 */
export async function sendPlan(rc: RequestContext, readOnly: boolean, sql: string): Promise<void> {
  const plan = rc.accept.plan;
  if (!plan) throw new Error('sendPlan without a plan media type');
  const options = [`format ${plan.format}`, ...plan.options].join(', ');
  const result = await runStatement<Record<string, unknown>>(rc, readOnly, `explain (${options}) ${sql}`);
  // Both drivers parse FORMAT JSON's json column; it is written back as Postgres indents it.
  const lines = result.rows.map((r) => Object.values(r)[0]).map((v) => (typeof v === 'string' ? v : JSON.stringify(v, null, 2)));
  const headers: Record<string, string> = { 'Content-Type': `${rc.accept.mediaType}; charset=utf-8` };
  if (rc.config.schemas.length > 1) headers['Content-Profile'] = rc.schema;
  send(rc, 200, headers, lines.map((l) => `${l}\n`).join(''));
}

/** Content-Range as PostgREST writes it: `lower-upper/total`, `*` for an empty range or unknown total. */
export function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total === null ? '*' : total}`;
}

export function toCount(v: unknown): number | null {
  if (v === null || v === undefined) return null;
  return Number(v);
}
