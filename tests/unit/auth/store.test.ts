import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@supabase/supabase-js';
import { expectConsoleError } from '../support/console.ts';

// Unit level: the data modules (supabase-js calls) are replaced; the e2e tests run the real ones.
const session = vi.hoisted(() => ({
  listener: null as null | ((event: string, session: unknown) => void),
  stored: null as unknown,
  silent: false,
  signOutEverywhere: vi.fn(async () => undefined),
}));
const profiles = vi.hoisted(() => ({ fetchProfile: vi.fn() }));
const mfa = vi.hoisted(() => ({ getAssurance: vi.fn(async () => ({ current: 'aal1', next: 'aal1' })) }));

vi.mock('@/features/auth/data/session.ts', () => ({
  onAuthChange: async (listener: (event: string, s: unknown) => void) => {
    session.listener = listener;
    // Offline with an expired token, supabase-js says nothing until it can refresh.
    if (!session.silent) queueMicrotask(() => listener('INITIAL_SESSION', session.stored));
    return () => undefined;
  },
  getSession: async () => session.stored,
  signOutEverywhere: session.signOutEverywhere,
}));
vi.mock('@/features/auth/data/profiles.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/auth/data/profiles.ts')>()),
  fetchProfile: profiles.fetchProfile,
}));
vi.mock('@/features/auth/data/mfa.ts', () => mfa);

const USER_ID = '00000000-0000-4000-8000-0000000000aa';
const fakeSession = { user: { id: USER_ID, email: 'ann@example.com' }, access_token: 'x' } as unknown as Session;
const profile = { userId: USER_ID, firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', role: 'customer' as const };

type Store = typeof import('@/features/auth/store.ts');
let store: Store;

beforeEach(async () => {
  vi.resetModules();
  localStorage.clear();
  sessionStorage.clear();
  session.stored = null;
  session.silent = false;
  profiles.fetchProfile.mockReset();
  session.signOutEverywhere.mockClear();
  mfa.getAssurance.mockResolvedValue({ current: 'aal1', next: 'aal1' });
  store = await import('@/features/auth/store.ts');
});
afterEach(() => vi.useRealTimers());

describe('session store', () => {
  it('is loading until the first check, then signed out at once when the device holds no session', () => {
    expect(store.authStore.getState().status).toBe('loading');
    store.startAuth();
    expect(store.authStore.getState()).toMatchObject({ status: 'signed-out', user: null, profile: null });
  });

  it('loads the profile after the session is found and settles signed in', async () => {
    localStorage.setItem('garage-auth', '{}');
    session.stored = fakeSession;
    profiles.fetchProfile.mockResolvedValue(profile);
    store.startAuth();
    const settled = await store.whenSettled();
    expect(settled).toMatchObject({ status: 'signed-in', user: { id: USER_ID }, profile, profileStatus: 'loaded' });
    expect(profiles.fetchProfile).toHaveBeenCalledWith(USER_ID);
  });

  it('retries a failed profile fetch once after 1 s, and reports failure after the second', async () => {
    vi.useFakeTimers();
    const error = expectConsoleError();
    profiles.fetchProfile.mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(profile);
    localStorage.setItem('garage-auth', '{}');
    session.stored = fakeSession;
    store.startAuth();
    await vi.advanceTimersByTimeAsync(10);
    expect(store.authStore.getState()).toMatchObject({ status: 'signed-in', profileStatus: 'loading' });
    expect(profiles.fetchProfile).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(store.PROFILE_RETRY_MS - 20);
    expect(profiles.fetchProfile).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(20);
    expect(profiles.fetchProfile).toHaveBeenCalledTimes(2);
    expect(store.authStore.getState()).toMatchObject({ profile, profileStatus: 'loaded' });

    profiles.fetchProfile.mockReset().mockRejectedValue(new Error('still down'));
    localStorage.removeItem('garage-profile');
    session.listener?.('SIGNED_OUT', null);
    await vi.advanceTimersByTimeAsync(10);
    session.listener?.('SIGNED_IN', fakeSession);
    await vi.advanceTimersByTimeAsync(2 * store.PROFILE_RETRY_MS);
    expect(profiles.fetchProfile).toHaveBeenCalledTimes(2);
    expect(store.authStore.getState()).toMatchObject({ status: 'signed-in', profile: null, profileStatus: 'failed' });
    expect(error).toHaveBeenCalled();
  });

  it('starts offline from the profile cached on the device', async () => {
    localStorage.setItem('garage-auth', '{}');
    localStorage.setItem('garage-profile', JSON.stringify(profile));
    session.stored = fakeSession;
    profiles.fetchProfile.mockRejectedValue(new TypeError('Failed to fetch'));
    expectConsoleError();
    store.startAuth();
    expect(await store.whenSettled()).toMatchObject({ status: 'signed-in', profile, profileStatus: 'loaded' });
  });

  it('holds a password-only session of a user with a verified factor at mfa-required, without a profile', async () => {
    mfa.getAssurance.mockResolvedValue({ current: 'aal1', next: 'aal2' });
    localStorage.setItem('garage-auth', '{}');
    session.stored = fakeSession;
    store.startAuth();
    expect(await store.whenSettled()).toMatchObject({ status: 'mfa-required', profile: null });
    expect(profiles.fetchProfile).not.toHaveBeenCalled();
  });

  it('keeps the loaded profile across a token refresh (no second fetch)', async () => {
    localStorage.setItem('garage-auth', '{}');
    session.stored = fakeSession;
    profiles.fetchProfile.mockResolvedValue(profile);
    store.startAuth();
    await store.whenSettled();
    session.listener?.('TOKEN_REFRESHED', fakeSession);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(profiles.fetchProfile).toHaveBeenCalledTimes(1);
    expect(store.authStore.getState().profile).toEqual(profile);
  });

  it('forgets the stored session before anything else, and revokes it with its token', async () => {
    session.stored = fakeSession;
    profiles.fetchProfile.mockResolvedValue(profile);
    store.startAuth();
    await store.whenSettled();
    localStorage.setItem('garage-auth', JSON.stringify({ access_token: 'token-1', refresh_token: 'r' }));
    localStorage.setItem('garage-auth-code-verifier', 'v');
    const order: string[] = [];
    store.onSignOut(() => order.push('device data cleared'));
    session.signOutEverywhere.mockImplementationOnce(async () => void order.push('server sign-out'));
    const done = store.signOut();
    // Synchronously: a page opened from here on (a reload straight after Sign Out) is signed out.
    expect(localStorage.getItem('garage-auth')).toBeNull();
    expect(localStorage.getItem('garage-auth-code-verifier')).toBeNull();
    expect(store.authStore.getState().status).toBe('signed-out');
    await done;
    expect(session.signOutEverywhere).toHaveBeenCalledWith('token-1');
    // The device's copies go before the network call, which a page left at once would cut short.
    expect(order).toEqual(['device data cleared', 'server sign-out']);
  });

  it('in two steps, forgets the stored session at once and signs the tab out only when finished', async () => {
    localStorage.setItem('garage-auth', JSON.stringify({ access_token: 'token-2', refresh_token: 'r' }));
    session.stored = fakeSession;
    profiles.fetchProfile.mockResolvedValue(profile);
    store.startAuth();
    await store.whenSettled();
    expect(store.authStore.getState().status).toBe('signed-in');
    const cleared = vi.fn();
    store.onSignOut(cleared);
    const finish = store.beginSignOut();
    // The screen can still leave the guarded page while this tab counts as signed in.
    expect(localStorage.getItem('garage-auth')).toBeNull();
    expect(store.authStore.getState().status).toBe('signed-in');
    expect(cleared).not.toHaveBeenCalled();
    await finish();
    expect(store.authStore.getState().status).toBe('signed-out');
    expect(cleared).toHaveBeenCalled();
    expect(session.signOutEverywhere).toHaveBeenCalledWith('token-2');
  });

  it('signs out globally and clears the device: profile cache, session storage and registered data', async () => {
    localStorage.setItem('garage-auth', '{}');
    session.stored = fakeSession;
    profiles.fetchProfile.mockResolvedValue(profile);
    store.startAuth();
    await store.whenSettled();
    sessionStorage.setItem('checkout-attempt', 'abc');
    const cleared = vi.fn();
    store.onSignOut(cleared);
    expect(localStorage.getItem('garage-profile')).not.toBeNull();

    await store.signOut();
    expect(session.signOutEverywhere).toHaveBeenCalledTimes(1);
    expect(store.authStore.getState()).toMatchObject({ status: 'signed-out', user: null, profile: null });
    expect(localStorage.getItem('garage-profile')).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(cleared).toHaveBeenCalled();
  });

  it('clears the device when the session ends elsewhere (SIGNED_OUT from another tab or a revoked token)', async () => {
    localStorage.setItem('garage-auth', '{}');
    session.stored = fakeSession;
    profiles.fetchProfile.mockResolvedValue(profile);
    store.startAuth();
    await store.whenSettled();
    const cleared = vi.fn();
    store.onSignOut(cleared);
    session.listener?.('SIGNED_OUT', null);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(store.authStore.getState().status).toBe('signed-out');
    expect(cleared).toHaveBeenCalledTimes(1);
  });

  it('replaceProfile updates the store and cache only for the signed-in user', async () => {
    localStorage.setItem('garage-auth', '{}');
    session.stored = fakeSession;
    profiles.fetchProfile.mockResolvedValue(profile);
    store.startAuth();
    await store.whenSettled();
    store.replaceProfile({ ...profile, firstName: 'Anna' });
    expect(store.authStore.getState().profile?.firstName).toBe('Anna');
    await vi.waitFor(() => expect(JSON.parse(localStorage.getItem('garage-profile') ?? '{}').firstName).toBe('Anna'));
    store.replaceProfile({ ...profile, userId: '00000000-0000-4000-8000-0000000000bb', firstName: 'Mallory' });
    expect(store.authStore.getState().profile?.firstName).toBe('Anna');
  });
});

// A session as supabase-js stores it, with an access token carrying `aal`.
function storeSession(options: { expiresIn: number; aal?: 'aal1' | 'aal2'; factors?: { status: string }[] }) {
  const payload = btoa(JSON.stringify({ sub: USER_ID, aal: options.aal ?? 'aal1' })).replace(/=+$/, '');
  localStorage.setItem(
    'garage-auth',
    JSON.stringify({
      access_token: `eyJhbGciOiJIUzI1NiJ9.${payload}.sig`,
      refresh_token: 'refresh-1',
      expires_at: Math.floor(Date.now() / 1000) + options.expiresIn,
      user: { id: USER_ID, email: 'ann@example.com', factors: options.factors ?? [] },
    }),
  );
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('the session stored on the device, whatever its token\'s age', () => {
  it('opens signed in from the device when the access token has expired and supabase-js has not answered', async () => {
    storeSession({ expiresIn: -3600 });
    localStorage.setItem('garage-profile', JSON.stringify(profile));
    session.silent = true;
    store.startAuth();
    expect(await store.whenSettled()).toMatchObject({ status: 'signed-in', user: { id: USER_ID }, profile, profileStatus: 'loaded', onDevice: true });
    expect(profiles.fetchProfile).not.toHaveBeenCalled();
    // The refresh succeeds once the connection is back: the same user, now confirmed by the server.
    session.listener?.('TOKEN_REFRESHED', fakeSession);
    await tick();
    expect(store.authStore.getState()).toMatchObject({ status: 'signed-in', profile, onDevice: false });
    expect(profiles.fetchProfile).not.toHaveBeenCalled();
  });

  it('stays signed in on the device when supabase-js reports no session but keeps the stored one (refresh failed for want of a connection)', async () => {
    storeSession({ expiresIn: -60 });
    localStorage.setItem('garage-profile', JSON.stringify(profile));
    session.stored = null;
    const cleared = vi.fn();
    store.onSignOut(cleared);
    store.startAuth();
    await store.whenSettled();
    await tick();
    expect(store.authStore.getState()).toMatchObject({ status: 'signed-in', onDevice: true, profile });
    expect(cleared).not.toHaveBeenCalled();
  });

  it('without a cached profile shows the profile error rather than waiting for a server that cannot answer', async () => {
    storeSession({ expiresIn: -3600 });
    session.silent = true;
    store.startAuth();
    expect(await store.whenSettled()).toMatchObject({ status: 'signed-in', profile: null, profileStatus: 'failed', onDevice: true });
  });

  it('keeps the level the stored token has: aal1 with a verified factor owes the code, aal2 opens', async () => {
    storeSession({ expiresIn: -3600, aal: 'aal1', factors: [{ status: 'verified' }] });
    localStorage.setItem('garage-profile', JSON.stringify(profile));
    session.silent = true;
    store.startAuth();
    expect(await store.whenSettled()).toMatchObject({ status: 'mfa-required', profile: null });

    vi.resetModules();
    store = await import('@/features/auth/store.ts');
    storeSession({ expiresIn: -3600, aal: 'aal2', factors: [{ status: 'verified' }] });
    store.startAuth();
    expect(await store.whenSettled()).toMatchObject({ status: 'signed-in', profile, onDevice: true });
  });

  it('a fresh stored token waits for supabase-js as before (it answers without the network)', async () => {
    storeSession({ expiresIn: 3600 });
    session.silent = true;
    store.startAuth();
    await tick();
    expect(store.authStore.getState().status).toBe('loading');
  });
});

describe('a session the server refused', () => {
  async function refuse() {
    const { createAuthFetch } = await import('@/lib/auth-fetch.ts');
    const refused = createAuthFetch(async () => new Response(JSON.stringify({ error_code: 'refresh_token_not_found' }), { status: 400 }));
    await refused('http://x.test/auth/v1/token?grant_type=refresh_token', { method: 'POST' });
    // supabase-js then removes the session and tells every tab.
    localStorage.removeItem('garage-auth');
    session.listener?.('SIGNED_OUT', null);
    await tick();
  }

  it('signs out with the reason, keeping the user\'s data and unsent changes on the device', async () => {
    storeSession({ expiresIn: -3600 });
    localStorage.setItem('garage-profile', JSON.stringify(profile));
    session.silent = true;
    store.startAuth();
    await store.whenSettled();
    const signOutWork = vi.fn();
    const endedWork = vi.fn();
    store.onSignOut(signOutWork);
    store.onSessionEnded(endedWork);
    await refuse();
    expect(store.authStore.getState()).toMatchObject({ status: 'signed-out', user: null, ended: { userId: USER_ID, email: 'ann@example.com' } });
    expect(signOutWork).not.toHaveBeenCalled();
    expect(endedWork).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('garage-profile')).toBeNull();

    // After a reload the sign-in screen still says why.
    vi.resetModules();
    store = await import('@/features/auth/store.ts');
    store.startAuth();
    expect(store.authStore.getState()).toMatchObject({ status: 'signed-out', ended: { userId: USER_ID } });

    // A new session (the same user or another) closes the record.
    localStorage.setItem('garage-auth', '{}');
    session.listener?.('SIGNED_IN', fakeSession);
    profiles.fetchProfile.mockResolvedValue(profile);
    await tick();
    expect(localStorage.getItem('garage-auth-ended')).toBeNull();
  });

  it('a sign-out the user asked for removes everything, even after an earlier refusal was noted', async () => {
    storeSession({ expiresIn: 3600 });
    session.stored = fakeSession;
    profiles.fetchProfile.mockResolvedValue(profile);
    store.startAuth();
    await store.whenSettled();
    localStorage.setItem('garage-auth-ended', JSON.stringify({ userId: USER_ID, email: null }));
    const signOutWork = vi.fn();
    store.onSignOut(signOutWork);
    await store.signOut();
    expect(signOutWork).toHaveBeenCalled();
    expect(localStorage.getItem('garage-auth-ended')).toBeNull();
    expect(store.authStore.getState().ended).toBeNull();
  });
});
