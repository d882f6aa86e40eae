import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { decideAccess, type AccessRequirement } from './guard.ts';
import { whenSettled } from './store.ts';

/** Thrown when a signed-in user's profile cannot be loaded: the route shows an error with Retry. */
export class ProfileUnavailableError extends Error {
  constructor() {
    super("We couldn't load your account. Check your connection and try again.");
    this.name = 'ProfileUnavailableError';
  }
}

/**
 * A `beforeLoad` for guarded routes (spec §2 "Protected-route behaviour"). It waits for the first
 * session check and the profile (the route's pending component is the full-screen spinner), then
 * lets the user in, sends them to /auth remembering where they were going, or sends a role that
 * lacks access to its own home. History is replaced in both redirects. Guards only shape the
 * interface: Postgres RLS is what protects the data.
 */
export function requireAccess(requirement: AccessRequirement) {
  return async ({ location }: { location: ParsedLocation }): Promise<void> => {
    // The build prerenders a guarded page's loading state (no user, no data: src/app/prerender/).
    // `import.meta.env.SSR` is false in the browser bundle, where this line does not exist.
    if (import.meta.env.SSR) return;
    const decision = decideAccess(requirement, await whenSettled());
    switch (decision.kind) {
      case 'allow':
      case 'wait':
        return;
      case 'sign-in':
        throw redirect({ to: '/auth', search: { redirect: location.href }, replace: true });
      case 'redirect':
        throw redirect({ to: decision.to, replace: true });
      case 'profile-error':
        throw new ProfileUnavailableError();
    }
  };
}
