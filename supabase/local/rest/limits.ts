/**
 * Limits on the shape of a request, checked before any SQL runs. PostgREST has none of these; the
 * local stack keeps them because one URL could otherwise make Postgres plan and run hundreds of
 * lateral subqueries, and because the recursive parsers (ours, V8's JSON, PGlite's planner with its
 * small WASM stack) fail with a stack overflow long before a real client needs that depth. Every
 * limit is far above what the app and supabase-js send (the app embeds nothing; nested `or`/`and`
 * rarely go past three levels; JSON columns rarely past twenty).
 */
import { ApiError } from './errors.ts';

/** Embedded resources in one `select` (all levels together). */
export const MAX_EMBEDS = 20;
/** Embeds inside embeds: `a(b(c(d(e(id)))))` is depth 5. */
export const MAX_EMBED_DEPTH = 5;
/** Items in one select list (Postgres refuses more than 1,664 in one target list, answered 500). */
export const MAX_SELECT_ITEMS = 1000;
/** Arrows in one JSON path, `meta->a->b`: each is an operator Postgres nests (PGlite fails at ~300). */
export const MAX_JSON_PATH = 32;
/** Nested `and(…)`/`or(…)` inside one logic tree: `or=(a.eq.1,and(b.eq.2,or(…)))`. */
export const MAX_LOGIC_DEPTH = 10;
/** Arrays and objects inside each other in a JSON body. */
export const MAX_JSON_DEPTH = 128;

/** PGRST100, PostgREST's "could not parse the query string" family, with the limit in the details. */
export function tooComplex(what: string, details: string): ApiError {
  return new ApiError(400, 'PGRST100', `The ${what} is too complex`, details,
    'Split the request into simpler ones, or move the query into a database function called with /rpc.');
}

/**
 * The deepest nesting of `[`/`{` in a JSON text, counted outside strings, without parsing it: a
 * linear scan that cannot overflow, run before `JSON.parse` (whose result `JSON.stringify` would
 * later walk recursively). Stops counting once past `limit`.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}
