import { authStore } from '@/features/auth';
import { readSupabaseEnv } from '@/lib/env.ts';
import { loadSupabase } from '@/lib/load-supabase.ts';
import type { UserData } from '@/db/session.ts';

// RxDB, Dexie and the replication load here, by import(), for a signed-in user only: never with
// a page's start-up code.
const dataLayer = () => import('@/db/session.ts');

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
    getAccessToken: async () => (await supabase.auth.getSession()).data.session?.access_token ?? null,
    realtime: supabase,
    attach: true,
  });
}

/**
 * Removes the user's database and sync records from this device (open or not), then the emptied
 * IndexedDB databases themselves, whose names carry the user's id.
 */
export async function removeForUser(userId: string): Promise<void> {
  const [{ removeUserData }, { userDatabaseName }, { deleteDexieDatabases }] = await Promise.all([dataLayer(), import('@/db/database.ts'), import('@/db/forget-dexie.ts')]);
  await removeUserData(userId);
  await deleteDexieDatabases(userDatabaseName(userId));
}
