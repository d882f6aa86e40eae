import type { IncomingMessage } from 'node:http';
import { ApiError } from './errors.ts';
import { MAX_JSON_DEPTH, jsonDepthExceeds } from './limits.ts';

/**
 * The client went away before its request was answered (an aborted upload, a closed tab): nobody
 * is left to answer, and it is not a server error worth logging.
 */
export class ClientGone extends Error {
  constructor() {
    super('The client closed the connection before the request was answered');
    this.name = 'ClientGone';
  }
}

/** Reads the body as UTF-8 text (see `readRawBody`). */
export async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return (await readRawBody(req, limit)).toString('utf8');
}

/** Reads the body up to `limit` bytes; larger bodies are refused (413) without buffering them. */
export function readRawBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => { if (!failed) { failed = true; resolve(Buffer.concat(chunks)); } });
    // A body cut off mid-way ('error': ECONNRESET "aborted", or a close without 'end').
    const gone = () => { if (!failed) { failed = true; reject(new ClientGone()); } };
    req.on('error', gone);
    req.on('close', gone);
  });
}

function tooLarge(limit: number): ApiError {
  return new ApiError(413, 'PGRST413', 'Payload Too Large', `The request body is larger than the limit of ${limit} bytes`, null, { Connection: 'close' });
}

/** PostgREST's body error (PGRST102). */
export function invalidBody(message = 'Empty or invalid json'): ApiError {
  return new ApiError(400, 'PGRST102', message);
}

export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') throw invalidBody();
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
    throw new ApiError(400, 'PGRST102', 'The JSON body is nested too deeply', `Arrays and objects can be nested at most ${MAX_JSON_DEPTH} levels deep`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidBody();
  }
}

export interface Prefer {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  handling?: 'strict' | 'lenient';
  /** Only when `db-tx-end` allows an override; otherwise the preference is accepted and ignored. */
  tx?: 'commit' | 'rollback';
  params?: 'single-object';
  maxAffected?: number;
  /** How the request's transaction ends: `db-tx-end`, overridden by `tx` where allowed. */
  rollback: boolean;
  invalid: string[];
}

/** PostgREST's `db-tx-end`: whether transactions roll back, and whether `Prefer: tx` may say otherwise. */
export interface TxEnd {
  rollbackAll: boolean;
  allowOverride: boolean;
}

export const TX_END_DEFAULT: TxEnd = { rollbackAll: false, allowOverride: false };

const PREFER_VALUES: Record<string, string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
  tx: ['commit', 'rollback'],
  params: ['single-object'],
};

/**
 * `Prefer: return=representation, count=exact` (several headers or comma lists), as PostgREST's
 * Preferences.hs reads it: each item is matched whole, the first value of a preference wins, and
 * anything unknown is invalid — a 400 PGRST122 with `handling=strict`, ignored otherwise. `tx` is
 * honoured only when `db-tx-end` ends in `-allow-override` (default `commit`: never), so no
 * client can make its writes leave no trace.
 */
export function parsePrefer(header: string | string[] | undefined, txEnd: TxEnd = TX_END_DEFAULT): Prefer {
  const prefer: Prefer = { rollback: txEnd.rollbackAll, invalid: [] };
  const chosen = prefer as unknown as Record<string, string | undefined>;
  const raw = (Array.isArray(header) ? header.join(',') : header ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  for (const item of raw) {
    const eq = item.indexOf('=');
    const k = eq < 0 ? item : item.slice(0, eq);
    const v = eq < 0 ? '' : item.slice(eq + 1);
    if (k === 'max-affected') {
      // Any value is accepted; only a number is applied (readMaybe).
      if (prefer.maxAffected === undefined && /^\d{1,9}$/.test(v)) prefer.maxAffected = Number(v);
      continue;
    }
    if (k === 'timezone') continue;
    if (!PREFER_VALUES[k]?.includes(v)) {
      prefer.invalid.push(item);
      continue;
    }
    if (k === 'tx' && !txEnd.allowOverride) continue;
    chosen[k] ??= v;
  }
  if (prefer.tx) prefer.rollback = prefer.tx === 'rollback';
  if (prefer.handling === 'strict' && prefer.invalid.length > 0) {
    throw new ApiError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${prefer.invalid.join(', ')}`);
  }
  return prefer;
}

/** The `Range: 0-9` header as offset/limit (RangeQuery.hs: anything else is ignored). */
export function parseRangeHeader(header: string | undefined): { offset: number; limit?: number } | undefined {
  if (!header) return undefined;
  const m = /^(?:items=)?\s*(\d{1,15})-(\d{0,15})\s*$/.exec(header.trim());
  if (!m) return undefined;
  const lower = Number(m[1]);
  if (m[2] === '') return { offset: lower };
  const upper = Number(m[2]);
  if (lower > upper) {
    throw new ApiError(416, 'PGRST103', 'Requested range not satisfiable', 'The lower boundary must be lower than or equal to the upper boundary in the Range header.');
  }
  return { offset: lower, limit: upper - lower + 1 };
}
