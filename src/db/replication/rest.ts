import { PostgrestClient } from '@supabase/postgrest-js';

export interface RestOptions {
  /** The project URL (VITE_SUPABASE_URL). */
  url: string;
  anonKey: string;
  /** The signed-in user's current access token (supabase-js refreshes it). */
  getAccessToken(): Promise<string | null>;
  fetch: typeof fetch;
}

/**
 * A PostgREST client for the replication that sends the session's token on every call, as
 * supabase-js does, but through our own fetch (the push guard). Sharing supabase-js's client
 * would mean sharing its fetch; a second full client would start a second auth client.
 */
export function createRestClient(options: RestOptions): PostgrestClient {
  const authedFetch: typeof fetch = async (input, init) => {
    // A browser that knows it is offline is not asked to send: the call fails as an offline fetch
    // does, and the plugin tries again (and pulls on 'online'). Sent anyway, a write could leave
    // while the device shows it as waiting: Chromium with emulated offline let one through.
    if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new TypeError('Failed to fetch: this device is offline');
    const headers = new Headers(init?.headers);
    const token = await options.getAccessToken();
    headers.set('apikey', options.anonKey);
    headers.set('Authorization', `Bearer ${token ?? options.anonKey}`);
    return options.fetch(input, { ...init, headers });
  };
  return new PostgrestClient(`${options.url.replace(/\/$/, '')}/rest/v1`, { fetch: authedFetch });
}

export type RestClient = PostgrestClient;
