import type { AuthState } from './store.ts';
import type { Role } from './roles.ts';

/**
 * What a guarded route needs (spec §6): any signed-in user (/cart, /checkout, /support), a
 * customer (/dashboard), staff = support or admin (/support/dashboard), or an admin (/admin).
 */
export type AccessRequirement = 'signed-in' | 'customer' | 'staff' | 'admin';

export type AccessDecision =
  | { kind: 'wait' }
  | { kind: 'allow' }
  /** To /auth, remembering where the user was going (also for the MFA step). */
  | { kind: 'sign-in' }
  /** The profile could not be loaded: the guard shows an error with Retry. */
  | { kind: 'profile-error' }
  /** A role that lacks access goes to its own home (beyond-the-spec), history replaced. */
  | { kind: 'redirect'; to: RoleHome };

export type RoleHome = '/dashboard' | '/support/dashboard' | '/admin';

/** Each role's own area: customer /dashboard, support /support/dashboard, admin /admin. */
export function homeFor(role: Role): RoleHome {
  if (role === 'admin') return '/admin';
  if (role === 'support') return '/support/dashboard';
  return '/dashboard';
}

/** Spec §6: admins count as support too. */
export function roleMeets(role: Role, requirement: AccessRequirement): boolean {
  switch (requirement) {
    case 'signed-in':
      return true;
    case 'customer':
      return role === 'customer';
    case 'staff':
      return role === 'support' || role === 'admin';
    case 'admin':
      return role === 'admin';
  }
}

export function decideAccess(requirement: AccessRequirement, state: AuthState): AccessDecision {
  if (state.status === 'loading') return { kind: 'wait' };
  if (state.status === 'signed-out' || state.status === 'mfa-required') return { kind: 'sign-in' };
  if (state.profileStatus === 'idle' || state.profileStatus === 'loading') return { kind: 'wait' };
  if (!state.profile) return { kind: 'profile-error' };
  if (roleMeets(state.profile.role, requirement)) return { kind: 'allow' };
  return { kind: 'redirect', to: homeFor(state.profile.role) };
}
