import type { AuthUser } from './store.ts';
import type { Profile } from './schemas.ts';

/** Spec §2: the navbar shows the first name, or the e-mail when there is none. */
export function displayName(profile: Profile | null, user: AuthUser | null): string {
  return profile?.firstName || profile?.email || user?.email || '';
}
