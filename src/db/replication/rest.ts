import { PostgrestClient } from '@supabase/postgrest-js';
import { REQUEST_DEADLINE_MS, fetchWithDeadline, withDeadline } from '@/lib/deadline.ts';

export interface RestOptions {
  /** The project URL (VITE_SUPABASE_URL). */
  url: string;
  anonKey: string;
  /** The signed-in user's current access token (supabase-js refreshes it). */
  getAccessToken(): Promise<string | null>;
  fetch: typeof fetch;
  /** How long the wait for the token, and then the request, may each take (REQUEST_DEADLINE_MS). */
  timeoutMs?: number;
  /** Aborts this client's requests in flight when it aborts (a replication giving up a stuck attempt). */
  signal?: () => AbortSignal;
  /** Told each time a request settles, answered or not: a sign of life for a stall watchdog. */
  onSettled?: () => void;
}

/**
 * A signed-in user's data-layer request with no token to send: the session is not refreshed yet
 * (its access token expired, offline, or the refresh still running). A TypeError, as a failed
 * fetch's is, so the replication and the echo treat it as "try again later".
 */
export class NoSessionTokenError extends TypeError {
  constructor() {
    super('Failed to fetch: no session token: signed in on this device but not refreshed yet');
    this.name = 'NoSessionTokenError';
  }
}

/**
 * A PostgREST client for the replication that sends the session's token on every call, as
 * supabase-js does, but through our own fetch (the push guard). Sharing supabase-js's client
 * would mean sharing its fetch; a second full client would start a second auth client.
 *
 * Every request has a deadline (the token's wait, then the request with its body, each
 * `timeoutMs`): a connection that hangs without failing fails as an unreachable server does, and
 * the caller's own retry (RxDB's, every retryTime) takes over. postgrest-js's own retries are off
 * for the same reason: they would hold a hung pull for three more deadlines before anyone hears
 * of it, while RxDB retries it anyway.
 */
export function createRestClient(options: RestOptions): PostgrestClient {
  const ms = options.timeoutMs ?? REQUEST_DEADLINE_MS;
  const send = fetchWithDeadline(options.fetch, ms);
  const authedFetch: typeof fetch = async (input, init) => {
    // A browser that knows it is offline is not asked to send: the call fails as an offline fetch
    // does, and the plugin tries again (and pulls on 'online'). Sent anyway, a write could leave
    // while the device shows it as waiting: Chromium with emulated offline let one through.
    if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new TypeError('Failed to fetch: this device is offline');
    try {
      const token = await withDeadline(options.getAccessToken(), ms);
      // Never as anon: RLS would refuse a push (a 403 reads as a write refused for good) and
      // answer a pull with nothing. The request waits for a token instead, as when offline.
      if (!token) throw new NoSessionTokenError();
      const headers = new Headers(init?.headers);
      headers.set('apikey', options.anonKey);
      headers.set('Authorization', `Bearer ${token}`);
      const own = init?.signal ?? undefined;
      const abandon = options.signal?.();
      const signal = own && abandon ? AbortSignal.any([own, abandon]) : (own ?? abandon);
      return await send(input, { ...init, headers, ...(signal ? { signal } : {}) });
    } finally {
      options.onSettled?.();
    }
  };
  return new PostgrestClient(`${options.url.replace(/\/$/, '')}/rest/v1`, { fetch: authedFetch, retry: false });
}

export type RestClient = PostgrestClient;
