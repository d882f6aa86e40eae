// Who is who on the dashboard: the customers who own the tickets (their name or e-mail on each
// card) and the staff a ticket can be assigned to. Profiles are not replicated; staff may read
// every profile by RLS, so these are online-only queries whose last answers are kept for offline.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { loadSupabase } from '@/lib/load-supabase.ts';

const ProfileSchema = v.object({
  user_id: v.string(),
  first_name: v.nullable(v.string()),
  last_name: v.nullable(v.string()),
  email: v.nullable(v.string()),
  role: v.string(),
});
export type PersonProfile = v.InferOutput<typeof ProfileSchema>;

const COLUMNS = 'user_id,first_name,last_name,email,role';
export const STAFF_ROLES = ['support', 'admin'] as const;

/** 'Jane Doe', else the e-mail, else a short form of the id (a profile with neither). */
export function displayName(profile: PersonProfile | undefined, fallbackId: string): string {
  const name = [profile?.first_name, profile?.last_name].map((part) => part?.trim()).filter(Boolean).join(' ');
  return name || profile?.email || `User ${fallbackId.slice(0, 8)}`;
}

async function fetchProfiles(filter: { userIds?: readonly string[]; roles?: readonly string[] }): Promise<PersonProfile[]> {
  const supabase = await loadSupabase();
  let request = supabase.from('profiles').select(COLUMNS);
  if (filter.userIds) request = request.in('user_id', [...filter.userIds]);
  if (filter.roles) request = request.in('role', [...filter.roles]);
  const { data, error } = await request.order('first_name', { ascending: true });
  if (error) throw new Error(error.message);
  return v.parse(v.array(ProfileSchema), data);
}

/** The profiles of the given users (the ticket owners); a sorted id list keys the answer. */
export function profilesQuery(userIds: readonly string[]) {
  const ids = [...new Set(userIds)].sort();
  return queryOptions({
    queryKey: ['support-staff', 'profiles', ids],
    queryFn: () => fetchProfiles({ userIds: ids }),
    enabled: ids.length > 0,
    // A new ticket's owner joins the list: the names already known stay on screen meanwhile.
    placeholderData: keepPreviousData,
  });
}

/** Support and admin users: who a ticket can be assigned to, and the authors of staff replies. */
export const staffQuery = queryOptions({
  queryKey: ['support-staff', 'staff'],
  queryFn: () => fetchProfiles({ roles: STAFF_ROLES }),
});
