import { describe, expect, it } from 'vitest';
import { decideAccess, homeFor, type AccessRequirement } from '@/features/auth/guard.ts';
import type { AuthState } from '@/features/auth/store.ts';
import type { Role } from '@/features/auth/schemas.ts';

const user = { id: '00000000-0000-4000-8000-000000000001', email: 'u@example.com' };
const signedIn = (role: Role): AuthState => ({
  status: 'signed-in',
  user,
  profile: { userId: user.id, firstName: 'Ann', lastName: null, email: user.email, role },
  profileStatus: 'loaded',
});

// Every guarded route and what it requires (spec §2 table, §6).
const ROUTES: Record<string, AccessRequirement> = {
  '/cart': 'signed-in',
  '/checkout': 'signed-in',
  '/support': 'signed-in',
  '/dashboard': 'customer',
  '/support/dashboard': 'staff',
  '/admin': 'admin',
};

// role → the routes it may open; any other guarded route sends it to its own home.
const ALLOWED: Record<Role, string[]> = {
  customer: ['/cart', '/checkout', '/support', '/dashboard'],
  support: ['/cart', '/checkout', '/support', '/support/dashboard'],
  admin: ['/cart', '/checkout', '/support', '/support/dashboard', '/admin'],
};

describe('guard decisions, every role × every guarded route', () => {
  for (const role of ['customer', 'support', 'admin'] as const) {
    for (const [route, requirement] of Object.entries(ROUTES)) {
      const allowed = ALLOWED[role].includes(route);
      it(`${role} on ${route}: ${allowed ? 'allowed' : `to ${homeFor(role)}`}`, () => {
        expect(decideAccess(requirement, signedIn(role))).toEqual(allowed ? { kind: 'allow' } : { kind: 'redirect', to: homeFor(role) });
      });
    }
  }

  it('sends each role to its own home', () => {
    expect(homeFor('customer')).toBe('/dashboard');
    expect(homeFor('support')).toBe('/support/dashboard');
    expect(homeFor('admin')).toBe('/admin');
  });

  for (const requirement of Object.values(ROUTES)) {
    it(`waits, signs in or reports for "${requirement}" before a profile is there`, () => {
      expect(decideAccess(requirement, { status: 'loading', user: null, profile: null, profileStatus: 'idle' })).toEqual({ kind: 'wait' });
      expect(decideAccess(requirement, { status: 'signed-out', user: null, profile: null, profileStatus: 'idle' })).toEqual({ kind: 'sign-in' });
      // A password-only session of a user with a verified factor never reaches a signed-in screen.
      expect(decideAccess(requirement, { status: 'mfa-required', user, profile: null, profileStatus: 'idle' })).toEqual({ kind: 'sign-in' });
      expect(decideAccess(requirement, { status: 'signed-in', user, profile: null, profileStatus: 'loading' })).toEqual({ kind: 'wait' });
      expect(decideAccess(requirement, { status: 'signed-in', user, profile: null, profileStatus: 'failed' })).toEqual({ kind: 'profile-error' });
    });
  }
});
