import * as v from 'valibot';
import { loadSupabase } from '@/lib/load-supabase.ts';
import { CachedProfileSchema, ProfileRowSchema, type Profile } from '../schemas.ts';

const COLUMNS = 'user_id, first_name, last_name, email, role';

/** Spec §7: select the profile where user_id equals the user id, single or none. */
export async function fetchProfile(userId: string): Promise<Profile | null> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.from('profiles').select(COLUMNS).eq('user_id', userId).maybeSingle();
  if (error) throw error;
  return data ? v.parse(ProfileRowSchema, data) : null;
}

/** Edits the signed-in user's own name (RLS: own row; column grants: names and role only). */
export async function updateProfileName(userId: string, firstName: string, lastName: string): Promise<Profile> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('profiles')
    .update({ first_name: firstName.trim() || null, last_name: lastName.trim() || null })
    .eq('user_id', userId)
    .select(COLUMNS)
    .single();
  if (error) throw error;
  return v.parse(ProfileRowSchema, data);
}

// The last profile seen on this device, so a signed-in user can open their areas offline. It is
// user data: sign-out removes it (see store.ts).
const CACHE_KEY = 'garage-profile';

export function readCachedProfile(userId: string): Profile | null {
  try {
    const parsed = v.safeParse(CachedProfileSchema, JSON.parse(localStorage.getItem(CACHE_KEY) ?? 'null'));
    return parsed.success && parsed.output.userId === userId ? parsed.output : null;
  } catch {
    return null;
  }
}

export function writeCachedProfile(profile: Profile): void {
  try {
    localStorage.setItem(CACHE_KEY, JSON.stringify(profile));
  } catch {
    /* storage full or blocked: the cache is only an offline convenience */
  }
}

export function clearCachedProfile(): void {
  localStorage.removeItem(CACHE_KEY);
}
