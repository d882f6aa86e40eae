import type { Plugin } from 'vite';

/**
 * Mounts the local Supabase stack (/rest/v1, later /auth/v1) on the Vite dev and preview servers,
 * so the app's default Supabase URL is its own origin. Placeholder until the stack lands.
 */
export function localSupabase(): Plugin {
  return { name: 'local-supabase' };
}
