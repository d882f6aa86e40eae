import * as v from 'valibot';

/**
 * The Supabase CLI's well-known local anon key (signed with its default JWT secret). The local
 * stack (supabase/local) issues exactly this key, so a build made without env vars talks to it.
 * It is public by design: it only grants the `anon` role, which RLS restricts.
 */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

const UrlSchema = v.pipe(v.string(), v.trim(), v.url('VITE_SUPABASE_URL must be an absolute URL'));
const KeySchema = v.pipe(v.string(), v.trim(), v.minLength(1, 'supabaseKey is required.'));

export interface SupabaseEnv {
  url: string;
  anonKey: string;
}

/**
 * Where the app's backend is. With VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY set at build time
 * the build talks to that project; otherwise to the page's own origin, where `vite preview` /
 * `vite dev` mount the local stack. An empty variable counts as unset.
 */
export function readSupabaseEnv(
  vars: Record<string, string | undefined> = import.meta.env,
  origin: string = globalThis.location?.origin ?? 'http://127.0.0.1:4173',
): SupabaseEnv {
  const url = vars.VITE_SUPABASE_URL?.trim() || origin;
  const anonKey = vars.VITE_SUPABASE_ANON_KEY?.trim() || LOCAL_ANON_KEY;
  return { url: v.parse(UrlSchema, url).replace(/\/+$/, ''), anonKey: v.parse(KeySchema, anonKey) };
}

/**
 * Where supabase-js keeps the session in localStorage. Fixed (instead of the default
 * `sb-<project ref>-auth-token`) so the app can tell at boot, without loading supabase-js, whether
 * anyone is signed in on this device, and so sign-out can remove every entry it owns.
 */
export const AUTH_STORAGE_KEY = 'garage-auth';
