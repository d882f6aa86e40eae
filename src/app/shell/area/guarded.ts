import { FullScreenLoader } from '@/components/FullScreenLoader.tsx';
import { requireAccess, type AccessRequirement } from '@/features/auth';
import { GuardError } from '../GuardError.tsx';

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
