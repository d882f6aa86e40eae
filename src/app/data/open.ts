import { authStore } from '@/features/auth';
import { readSupabaseEnv } from '@/lib/env.ts';
import { withDeadline } from '@/lib/deadline.ts';
import { loadSupabase, type SupabaseClient } from '@/lib/load-supabase.ts';
import type { UserData } from '@/db/session.ts';
import { importAgain } from '@/lib/import-again.ts';

// RxDB, Dexie and the replication load here, by import(), for a signed-in user only: never with
// a page's start-up code.
const dataLayer = () => importAgain(() => import('@/db/session.ts'));

/**
 * The session's access token for a data-layer request, or null when there is none to send now.
 * Offline nobody is asked: supabase-js would hold the call until it can refresh an expired token.
 * Online it refreshes one first (the refresh goes before the requests that wait for it), within
 * a deadline; null then means "not yet", and the request is retried, never sent as anonymous.
 */
async function currentAccessToken(supabase: SupabaseClient): Promise<string | null> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return null;
  const { data } = await withDeadline(supabase.auth.getSession()).catch(() => ({ data: { session: null } }));
  return data.session?.access_token ?? null;
}

/**
 * Opens a user's database on this device and starts replicating it with the one Supabase client:
 * its session gives the access token of each request, its Realtime connection the live changes.
 * `attach` registers the sync center's actions and the re-sync triggers (online, focus, interval).
 */
export async function openForUser(userId: string): Promise<UserData> {
  const [{ openUserData }, supabase] = await Promise.all([dataLayer(), loadSupabase()]);
  const { url, anonKey } = readSupabaseEnv();
  // The role decides which tables this device pushes (a customer's none of the staff-only ones).
  // The data layer opens after the first paint, when the profile is known (cached on the device or
  // loaded for the guards); a profile not known yet leaves it open, and RLS decides alone.
  const { user, profile } = authStore.getState();
  const role = user?.id === userId ? profile?.role : undefined;
  return openUserData({
    userId,
    ...(role ? { role } : {}),
    url,
    anonKey,
    getAccessToken: () => currentAccessToken(supabase),
    realtime: supabase,
    attach: true,
  });
}

/**
 * Removes the user's database and sync records from this device (open or not), then the emptied
 * IndexedDB databases themselves, whose names carry the user's id. A removal with nothing stored
 * creates nothing: a sign-out runs it twice (the app's own, then on supabase-js's "signed out"),
 * and the second used to make the database's internal store anew, left behind when the page
 * closed before the deletion that follows.
 */
export async function removeForUser(userId: string): Promise<void> {
  const [{ removeUserData }, { userDatabaseName }, { deleteDexieDatabases, dexieDatabaseNames }] = await Promise.all([dataLayer(), import('@/db/database.ts'), import('@/db/forget-dexie.ts')]);
  const name = userDatabaseName(userId);
  const stored = await dexieDatabaseNames(name);
  await removeUserData(userId, { stored: stored === null || stored.length > 0 });
  await deleteDexieDatabases(name);
}
