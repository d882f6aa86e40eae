import type { IncomingMessage, ServerResponse } from 'node:http';

/** A GoTrue HTTPError: status, error_code and message, rendered in the shape the caller's API version expects. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    /** weak_password reasons, rendered as GoTrue's `weak_password: { reasons }`. */
    readonly reasons?: string[],
  ) {
    super(message);
  }
}

export const badRequest = (code: string, msg: string) => new AuthError(400, code, msg);
export const validationFailed = (msg: string) => new AuthError(400, 'validation_failed', msg);

/** GoTrue caps request bodies; a sign-in body is tiny, so 64 KiB leaves room for metadata. */
const MAX_BODY_BYTES = 64 * 1024;
/** GoTrue's first dated API version; supabase-js sends it and then reads `{ code, message }`. */
const API_VERSION = '2024-01-01';

/**
 * JSON nesting deeper than this is refused before parsing: nothing /auth/v1 accepts is nested more
 * than a few levels, and thousands of levels would overflow recursive code further on (JSON
 * serialisation, Postgres' jsonb input) and answer 500 instead of 400.
 */
const MAX_JSON_DEPTH = 128;

/** The deepest `{`/`[` nesting of a JSON text, ignoring brackets inside strings. */
function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) max = Math.max(max, ++depth);
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}

/** Thrown when the client went away before its body arrived: nothing to answer, nothing to log. */
export class ClientAborted extends Error {}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) throw new AuthError(413, 'request_too_large', 'Request body too large');
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof AuthError) throw error;
    throw new ClientAborted('request aborted');
  }
  return Buffer.concat(chunks).toString('utf8').trim();
}

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(req);
  if (!text) return {};
  const type = String(req.headers['content-type'] ?? '');
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw badRequest('bad_json', 'Could not parse request body as JSON: exceeded max depth');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('bad_json', 'Could not parse request body as JSON: invalid character');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: json: cannot unmarshal into Go value');
  }
  return parsed as Record<string, unknown>;
}

function apiVersionOf(req: IncomingMessage): string | null {
  const v = req.headers['x-supabase-api-version'];
  const s = Array.isArray(v) ? v[0] : v;
  return s && /^\d{4}-\d{2}-\d{2}$/.test(s) && s >= API_VERSION ? API_VERSION : null;
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers });
  res.end(payload);
}

/** Renders an error exactly as GoTrue's HandleResponseError does for the request's API version. */
export function sendError(req: IncomingMessage, res: ServerResponse, err: AuthError): void {
  const version = apiVersionOf(req);
  const weak = err.reasons ? { weak_password: { reasons: err.reasons } } : {};
  if (version) {
    sendJson(res, err.status, { code: err.errorCode, message: err.message, ...weak }, { 'x-supabase-api-version': version });
  } else {
    sendJson(res, err.status, { code: err.status, error_code: err.errorCode, msg: err.message, ...weak });
  }
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export function bearer(req: IncomingMessage): string | null {
  const h = header(req, 'authorization');
  const m = h ? /^Bearer\s+(\S+)$/i.exec(h) : null;
  return m?.[1] ?? null;
}
