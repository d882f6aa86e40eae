import { createClient } from '@supabase/supabase-js';
import { createAuthFetch } from './auth-fetch.ts';
import { AUTH_STORAGE_KEY, readSupabaseEnv } from './env.ts';

const env = readSupabaseEnv();

/**
 * The app's one Supabase client. Import it only through `loadSupabase()` (./load-supabase.ts):
 * supabase-js is loaded after first paint, so public pages stay fast.
 *
 * - implicit flow: the confirmation and recovery links of e-mails land on the site with the
 *   session in the URL fragment, which `detectSessionInUrl` picks up on that page load.
 * - autoRefreshToken refreshes near expiry and pauses while the tab is hidden (supabase-js does
 *   this itself in browsers, spec §4).
 * - every call (auth, PostgREST, RPC) has a deadline, and a refresh waits for the connection
 *   rather than failing offline (./auth-fetch.ts).
 */
export const supabase = createClient(env.url, env.anonKey, {
  auth: {
    storageKey: AUTH_STORAGE_KEY,
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    flowType: 'implicit',
  },
  global: { fetch: createAuthFetch() },
});

export type SupabaseClient = typeof supabase;
