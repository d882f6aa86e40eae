import { fetchWithDeadline, REQUEST_DEADLINE_MS } from './deadline.ts';

/**
 * The fetch supabase-js makes every call with: each call has a deadline, and a refresh of the
 * session is shaped for the field.
 *
 * supabase-js refreshes an expired access token as soon as anything asks for the session, and on
 * a network failure it retries for about 25 s, then remembers the failure for 60 s (during which
 * every later refresh with that token fails at once). A phone opened offline the morning after
 * would spend that minute unable to refresh although its connection is back. So a refresh asked
 * for while the device is offline waits here for the connection instead of failing, and is sent
 * the moment it returns: the session is refreshed first, then what waited for it.
 *
 * supabase-js removes the stored session when a refresh answer is an error it does not retry, and
 * counts 500 and 429 among those. Neither says anything about the session (the server had a
 * problem, or is busy), so they reach it as network failures, which keep the session. Any other
 * 4xx to a refresh is the server refusing the session for good (signed out elsewhere, the refresh
 * token revoked or reused, the user deleted or banned): listeners hear of it before supabase-js
 * signs this device out, so the app can tell a refusal from a sign-out the user asked for.
 */

const isRefresh = (url: string) => /\/auth\/v1\/token\?(?:[^#]*&)?grant_type=refresh_token\b/.test(url);

const urlOf = (input: Parameters<typeof fetch>[0]) => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);

function connection(): Promise<void> {
  if (typeof navigator === 'undefined' || navigator.onLine !== false) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

type RefusalListener = (status: number) => void;
const refusalListeners = new Set<RefusalListener>();

/** Called (synchronously, before supabase-js acts on it) when the server refuses a refresh for good. */
export function onRefreshRefused(listener: RefusalListener): () => void {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

export function createAuthFetch(base: typeof fetch = (input, init) => fetch(input, init), deadlineMs = REQUEST_DEADLINE_MS): typeof fetch {
  const send = fetchWithDeadline(base, deadlineMs);
  return async (input, init) => {
    if (!isRefresh(urlOf(input))) return send(input, init);
    await connection();
    const response = await send(input, init);
    if (response.status === 429 || response.status >= 500) {
      throw new TypeError(`Failed to fetch: the sign-in server answered ${response.status}`);
    }
    if (response.status >= 400) for (const listener of refusalListeners) listener(response.status);
    return response;
  };
}
