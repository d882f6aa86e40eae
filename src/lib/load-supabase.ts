import type { SupabaseClient } from './supabase.ts';

export type { SupabaseClient };

let pending: Promise<SupabaseClient> | undefined;

/**
 * The single Supabase client, loaded on first use. Data modules call this instead of importing
 * supabase-js statically, so its ~50 kB stay out of the first paint of public pages.
 */
export function loadSupabase(): Promise<SupabaseClient> {
  pending ??= import('./supabase.ts').then((module) => module.supabase);
  return pending;
}
