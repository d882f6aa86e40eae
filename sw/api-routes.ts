/**
 * Same-origin paths served by the (local) Supabase stack and the dev mailbox. The service worker
 * never caches them and never answers them with the app shell: per-user API data lives in RxDB,
 * and a navigation to one of them must reach the server (e.g. an auth redirect or the mailbox UI).
 */
export const API_PREFIXES = ['/rest/v1', '/auth/v1', '/realtime/v1', '/storage/v1', '/functions/v1', '/mailbox'] as const;

export function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** The same prefixes as RegExps, for Workbox's NavigationRoute denylist. */
export const API_DENYLIST: RegExp[] = API_PREFIXES.map((prefix) => new RegExp(`^${prefix.replace(/\//g, '\\/')}(\\/|$)`));
