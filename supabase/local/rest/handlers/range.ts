import { ApiError } from '../errors.ts';
import { parseRangeHeader } from '../http.ts';
import type { Level } from '../parse/types.ts';
import { contentRange, type RequestContext } from '../request.ts';

export interface Page {
  offset: number;
  limit?: number;
}

/** The root page: limit/offset intersected with the Range header (GET/HEAD only), capped by max_rows. */
export function rootPage(rc: RequestContext, root: Level): Page {
  let lower = root.offset ?? 0;
  let upper = root.limit === undefined ? Infinity : lower + root.limit - 1;
  const header = rc.method === 'GET' || rc.method === 'HEAD' ? parseRangeHeader(rc.req.headers.range) : undefined;
  if (header) {
    lower = Math.max(lower, header.offset);
    upper = Math.min(upper, header.limit === undefined ? Infinity : header.offset + header.limit - 1);
  }
  let limit = upper === Infinity ? undefined : Math.max(0, upper - lower + 1);
  if (rc.config.maxRows !== undefined && !rc.accept.singular) limit = Math.min(limit ?? Infinity, rc.config.maxRows);
  return { offset: lower, ...(limit === undefined ? {} : { limit }) };
}

/** Status and Content-Range of a read (RangeQuery's rangeStatusHeader), or a 416 when the offset is past the end. */
export function readStatus(page: Page, pageTotal: number, total: number | null): { status: number; range: string } {
  const lower = page.offset;
  const upper = lower + pageTotal - 1;
  if (total !== null && lower > total) {
    // Response.hs keeps the Content-Range of the answer it replaces (`*/total`).
    throw new ApiError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${lower} was requested, but there are only ${total} rows.`,
      null, { 'Content-Range': contentRange(lower, upper, total) });
  }
  const status = total !== null && 1 + upper - lower < total ? 206 : 200;
  return { status, range: contentRange(lower, upper, total) };
}
