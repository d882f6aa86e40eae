import type { SupabaseClient } from './supabase.ts';

export type { SupabaseClient };

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * supabase-js's parts, compiled and evaluated one task each before the client is created: the
 * whole library in one go was one long task on the product pages, which load it for the live
 * stock (Total Blocking Time). package.json pins each part to the version supabase-js pins.
 */
const PARTS = [
  () => import('@supabase/postgrest-js'),
  () => import('@supabase/functions-js'),
  () => import('@supabase/storage-js'),
  () => import('@supabase/realtime-js'),
  () => import('@supabase/auth-js'),
  () => import('@supabase/supabase-js'),
];

let loaded: SupabaseClient | undefined;

async function load(): Promise<SupabaseClient> {
  for (const part of PARTS) {
    await part();
    await nextTask();
  }
  loaded = (await import('./supabase.ts')).supabase;
  return loaded;
}

let pending: Promise<SupabaseClient> | undefined;

/**
 * The single Supabase client, loaded on first use. Data modules call this instead of importing
 * supabase-js statically, so it stays out of the first paint of public pages. Concurrent callers
 * share one load.
 */
export function loadSupabase(): Promise<SupabaseClient> {
  // A failed load (offline before the chunks were cached) is not kept: the next call tries again.
  pending ??= load().catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

/** The client once it has loaded, else undefined (the unit tests close its socket at the end of a file). */
export const loadedSupabase = (): SupabaseClient | undefined => loaded;
