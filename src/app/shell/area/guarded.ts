import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { FullScreenLoader } from '@/components/FullScreenLoader.tsx';
import { authStore, homeFor, requireAccess, roleMeets, type AccessRequirement } from '@/features/auth';
import { GuardError } from '../GuardError.tsx';
import { adminPageRule } from './admin-page-rule.ts';

/**
 * Route options shared by every guarded route: the guard, the full-screen spinner while the
 * session and profile load (shown at once, spec §2), and the error screen with Retry.
 */
export function guarded(requirement: AccessRequirement) {
  return {
    beforeLoad: requireAccess(requirement),
    pendingComponent: FullScreenLoader,
    pendingMs: 0,
    pendingMinMs: 0,
    errorComponent: GuardError,
  } as const;
}

/**
 * The admin area's guard: staff (support and admin) may enter; a page that needs more than the
 * user's role either says so on the page (see adminPageRule) or sends them to their own home,
 * history replaced. It runs again on every navigation inside the area.
 */
export function guardedAdminArea() {
  const staff = requireAccess('staff');
  return {
    ...guarded('staff'),
    beforeLoad: async ({ location }: { location: ParsedLocation }) => {
      await staff({ location });
      const role = authStore.getState().profile?.role;
      const rule = adminPageRule(location.pathname);
      if (role && !roleMeets(role, rule.requires) && rule.denied === null) throw redirect({ to: homeFor(role), replace: true });
    },
  } as const;
}
