// A stand-in for the auth data modules (the GoTrue calls), driven by the tests. The session store
// and the screens run for real on top of it; the e2e suite covers the real stack.
import { vi } from 'vitest';
import type { Profile } from '@/features/auth';

export interface FakeFactor {
  id: string;
  factor_type: 'totp';
  status: 'verified' | 'unverified';
}

export const USER_ID = '11111111-1111-4111-8111-111111111111';

export const backend = {
  session: null as { user: { id: string; email: string } } | null,
  assurance: { current: 'aal1', next: 'aal1' } as { current: string; next: string },
  profile: null as Profile | null,
  factors: [] as FakeFactor[],
};

type Listener = (event: string, session: typeof backend.session) => void;
const listeners = new Set<Listener>();

/** Like supabase-js: subscribers hear every auth event, asynchronously. */
function emit(event: string): void {
  const session = backend.session;
  setTimeout(() => listeners.forEach((listener) => listener(event, session)), 0);
}

export function resetBackend(): void {
  backend.session = null;
  backend.assurance = { current: 'aal1', next: 'aal1' };
  backend.profile = null;
  backend.factors = [];
}

/** Signs the fake user in; with `mfa` the session stays aal1 until a code is verified. */
export function startSession(email: string, { mfa = false } = {}): void {
  backend.session = { user: { id: USER_ID, email } };
  backend.assurance = { current: 'aal1', next: mfa ? 'aal2' : 'aal1' };
  emit('SIGNED_IN');
}

export function customerProfile(overrides: Partial<Profile> = {}): Profile {
  return { userId: USER_ID, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', role: 'customer', ...overrides };
}

export const sessionModule = {
  getSession: vi.fn(async () => backend.session),
  // supabase-js reports the current session to each new subscriber (INITIAL_SESSION).
  onAuthChange: vi.fn(async (listener: Listener) => {
    listeners.add(listener);
    setTimeout(() => listener('INITIAL_SESSION', backend.session), 0);
    return () => listeners.delete(listener);
  }),
  signInWithPassword: vi.fn(async (_email: string, _password: string): Promise<{ error: string | null }> => ({ error: null })),
  signUp: vi.fn(async (_input: unknown): Promise<{ error: string | null; confirmed: boolean }> => ({ error: null, confirmed: false })),
  requestPasswordReset: vi.fn(async (_email: string): Promise<{ error: string | null }> => ({ error: null })),
  updatePassword: vi.fn(async (_password: string): Promise<{ error: string | null }> => ({ error: null })),
  signOutEverywhere: vi.fn(async () => {
    backend.session = null;
    emit('SIGNED_OUT');
  }),
};

export const mfaFakes = {
  getAssurance: vi.fn(async () => backend.assurance),
  listTotpFactors: vi.fn(async () => backend.factors),
  createChallenge: vi.fn(async (factorId: string) => `challenge-${factorId}-${mfaFakes.createChallenge.mock.calls.length}`),
  verifyCode: vi.fn(async (_factorId: string, _challengeId: string, _code: string) => {
    backend.assurance = { current: 'aal2', next: 'aal2' };
    emit('MFA_CHALLENGE_VERIFIED');
  }),
};

// A network round trip (the assurance level, by contrast, is read from the local token at once).
export const fetchProfile = vi.fn(async () => {
  await new Promise((resolve) => setTimeout(resolve, 20));
  return backend.profile;
});

/** Resets the mocks' recorded calls and their default behaviour between tests. */
export function resetFakes(): void {
  resetBackend();
  for (const fake of [...Object.values(sessionModule), ...Object.values(mfaFakes), fetchProfile]) fake.mockClear();
  sessionModule.signInWithPassword.mockImplementation(async () => ({ error: null }));
  sessionModule.signUp.mockImplementation(async () => ({ error: null, confirmed: false }));
  sessionModule.requestPasswordReset.mockImplementation(async () => ({ error: null }));
  sessionModule.updatePassword.mockImplementation(async () => ({ error: null }));
  mfaFakes.verifyCode.mockImplementation(async () => {
    backend.assurance = { current: 'aal2', next: 'aal2' };
    emit('MFA_CHALLENGE_VERIFIED');
  });
}
