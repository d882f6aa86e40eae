import { AuthError } from './http.ts';

/**
 * GoTrue's offset paging of admin lists (internal/api/pagination.go), shared by /admin/users and
 * /admin/oauth/clients: `page` and `per_page` from the query, and the x-total-count and link
 * headers built from the request's own query with the page replaced.
 */

export interface Page {
  page: number;
  perPage: number;
  /** The request's query, from which the links are built. */
  query: URLSearchParams;
}

/** GoTrue's paginate: unsigned decimals, or 400 naming Go's parse error (bounded here). */
export function paginate(url: string | undefined): Page {
  const query = new URL(url ?? '/', 'http://local').searchParams;
  return {
    page: Math.max(1, Math.min(1_000_000, param(query, 'page', 1))),
    perPage: Math.max(1, Math.min(1000, param(query, 'per_page', 50))),
    query,
  };
}

function param(q: URLSearchParams, name: string, fallback: number): number {
  const v = q.get(name);
  if (v === null || v === '') return fallback;
  if (!/^\d{1,19}$/.test(v)) throw new AuthError(400, 'validation_failed', `Bad Pagination Parameters: strconv.ParseUint: parsing "${v}": invalid syntax`);
  return Number(v);
}

/** Go's url.Values.Encode: keys sorted, QueryEscape'd values. */
function goQuery(q: URLSearchParams): string {
  const esc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).replace(/%20/g, '+');
  return [...new Set(q.keys())].sort().flatMap((k) => q.getAll(k).map((v) => `${esc(k)}=${esc(v)}`)).join('&');
}

/**
 * addPaginationHeaders: a `next` link while pages remain, always a `last` one (page 0 for an
 * empty list, as GoTrue). Keys sorted, so `page` comes before `per_page`: supabase-js reads each
 * link's first number as its page.
 */
export function paginationHeaders(path: string, { page, perPage, query }: Page, count: number): Record<string, string> {
  const pages = Math.ceil(count / perPage);
  const link = (n: number) => {
    query.set('page', String(n));
    return `<${path}?${goQuery(query)}>`;
  };
  const next = pages > page ? `${link(page + 1)}; rel="next", ` : '';
  return { link: `${next}${link(pages)}; rel="last"`, 'x-total-count': String(count) };
}
