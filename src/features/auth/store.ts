import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { AUTH_STORAGE_KEY } from '@/lib/env.ts';
import type { Session } from './data/session.ts';
import { forgetStoredSession, mayHaveSession } from './device-session.ts';
import type { Profile } from './schemas.ts';

// The data modules (and their schemas) load with the first session work, not with the page: an
// anonymous visit of a public page only needs the store's initial state and mayHaveSession().
let dataModules: Promise<typeof import('./data/profiles.ts') & typeof import('./data/mfa.ts') & typeof import('./data/session.ts')> | undefined;
const data = () =>
  (dataModules ??= Promise.all([import('./data/profiles.ts'), import('./data/mfa.ts'), import('./data/session.ts')]).then(
    ([profiles, mfa, session]) => ({ ...profiles, ...mfa, ...session }),
  ));

/**
 * Spec §4 "Auth": loading until the first session check resolves; then signed out or signed in.
 * 'mfa-required' is a session that has not yet passed its second factor (aal1 while the user has
 * a verified factor): no signed-in screen opens until the code is given.
 */
export type AuthStatus = 'loading' | 'signed-out' | 'mfa-required' | 'signed-in';
export type ProfileStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface AuthUser {
  id: string;
  email: string | null;
}

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  profile: Profile | null;
  profileStatus: ProfileStatus;
}

const SIGNED_OUT: AuthState = { status: 'signed-out', user: null, profile: null, profileStatus: 'idle' };

export const authStore = createStore<AuthState>()(() => ({ ...SIGNED_OUT, status: 'loading' }));

/** React access to the session state (zustand; renders the initial state while hydrating). */
export function useAuth<T>(selector: (state: AuthState) => T): T {
  return useStore(authStore, selector);
}

/** Spec §9: a failed profile fetch is retried once, after 1000 ms. */
export const PROFILE_RETRY_MS = 1000;

const cleanups = new Set<() => unknown>();

/**
 * Registers work that removes this device's copies of the user's data (the cart, later the RxDB
 * database). It runs on every sign-out, also when the session ends elsewhere.
 */
export function onSignOut(cleanup: () => unknown): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

async function clearDeviceData(): Promise<void> {
  (await data()).clearCachedProfile();
  try {
    sessionStorage.clear();
  } catch {
    /* blocked storage holds nothing */
  }
  await Promise.allSettled([...cleanups].map(async (cleanup) => cleanup()));
}

// Each session change bumps the generation; async work started for an older one drops its result.
let generation = 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function loadProfile(userId: string, gen: number): Promise<void> {
  const { fetchProfile, readCachedProfile, writeCachedProfile } = await data();
  const cached = readCachedProfile(userId);
  authStore.setState({ profile: cached, profileStatus: cached ? 'loaded' : 'loading' });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (attempt > 0) await sleep(PROFILE_RETRY_MS);
    if (gen !== generation) return;
    try {
      const profile = await fetchProfile(userId);
      if (gen !== generation) return;
      if (!profile) break;
      writeCachedProfile(profile);
      authStore.setState({ profile, profileStatus: 'loaded' });
      return;
    } catch (error) {
      // Spec §8: a profile fetch failure is logged only (and retried once).
      console.error('Profile fetch failed', error);
    }
  }
  if (gen === generation && !cached) authStore.setState({ profile: null, profileStatus: 'failed' });
}

/** Applies a session (or its absence) to the store. */
async function applySession(session: Session | null, event?: string): Promise<void> {
  const gen = ++generation;
  if (!session) {
    const wasSignedIn = authStore.getState().user !== null;
    authStore.setState(SIGNED_OUT);
    if (wasSignedIn || event === 'SIGNED_OUT') await clearDeviceData();
    return;
  }
  const user = { id: session.user.id, email: session.user.email ?? null };
  const { getAssurance } = await data();
  const assurance = await getAssurance().catch(() => ({ current: 'aal1', next: 'aal1' }));
  if (gen !== generation) return;
  if (assurance.next === 'aal2' && assurance.current !== 'aal2') {
    authStore.setState({ status: 'mfa-required', user, profile: null, profileStatus: 'idle' });
    return;
  }
  const previous = authStore.getState();
  const sameUser = previous.status === 'signed-in' && previous.user?.id === user.id;
  authStore.setState({ status: 'signed-in', user });
  // A token refresh is not a new sign-in: keep the loaded profile. A load still under way belongs
  // to an older generation and will drop its result, so it is started again.
  if (!sameUser || previous.profileStatus !== 'loaded') await loadProfile(user.id, gen);
}

let connection: Promise<void> | undefined;

function connect(): Promise<void> {
  connection ??= data()
    .then(({ onAuthChange }) =>
      onAuthChange((event, session) => {
        // supabase-js warns against awaiting its own calls inside this callback (it holds a lock).
        setTimeout(() => void applySession(session, event), 0);
      }),
    )
    .then(
      () => undefined,
      (error: unknown) => {
        // supabase-js could not load (offline on a device that never cached it): signed out for now.
        console.error('Auth client failed to load', error);
        connection = undefined;
        if (authStore.getState().status === 'loading') authStore.setState(SIGNED_OUT);
      },
    );
  return connection;
}

let started = false;

/**
 * Starts the first session check, once. With no stored session on the device the visitor is
 * signed out at once and supabase-js is not loaded at all (public pages stay light); a sign-in in
 * another tab writes the storage key, which connects this tab too.
 */
export function startAuth(): void {
  if (started) return;
  started = true;
  window.addEventListener('storage', (event) => {
    if (event.key === AUTH_STORAGE_KEY && event.newValue) void connect();
  });
  if (mayHaveSession()) void connect();
  else authStore.setState(SIGNED_OUT);
}

/** Re-reads the session now (after a sign-in, an MFA verification or a password change). */
export async function refreshSession(): Promise<AuthState> {
  await connect();
  await applySession(await (await data()).getSession());
  return whenSettled();
}

/** Signs out everywhere and clears the device's copies of the user's data. */
export async function signOut(): Promise<void> {
  await beginSignOut()();
}

/**
 * Sign-out in two steps, for a screen that leaves the signed-in page first (so its guard does not
 * send the user to /auth meanwhile). The stored session goes at once, before any await: a page
 * opened from now on (a reload, a typed address, the page being left before the rest runs) is
 * signed out. `finish` then signs this tab out, clears the device's copies of the user's data and
 * revokes the session everywhere.
 */
export function beginSignOut(): () => Promise<void> {
  generation += 1;
  const accessToken = forgetStoredSession();
  return async () => {
    authStore.setState(SIGNED_OUT);
    // The device's copies go before the network call: a page the user leaves or closes straight
    // after Sign Out must not keep them (the cleanup used to wait for the server's answer).
    try {
      await clearDeviceData();
    } finally {
      await (await data()).signOutEverywhere(accessToken);
    }
  };
}

/** Whether the guards can decide: the first check is done and a signed-in profile has settled. */
export function isSettled(state: AuthState): boolean {
  if (state.status === 'loading') return false;
  return !(state.status === 'signed-in' && (state.profileStatus === 'idle' || state.profileStatus === 'loading'));
}

/** Resolves with the state once the guards can decide (see isSettled). */
export function whenSettled(): Promise<AuthState> {
  const now = authStore.getState();
  if (isSettled(now)) return Promise.resolve(now);
  return new Promise((resolve) => {
    const unsubscribe = authStore.subscribe((state) => {
      if (!isSettled(state)) return;
      unsubscribe();
      resolve(state);
    });
  });
}

/** Retries a failed profile load (the guard's error screen offers this). */
export async function retryProfile(): Promise<void> {
  const { user, status } = authStore.getState();
  if (status === 'signed-in' && user) await loadProfile(user.id, generation);
}

/** Puts a just-saved profile (e.g. edited names in settings) into the store and the device cache. */
export function replaceProfile(profile: Profile): void {
  const { user } = authStore.getState();
  if (user?.id !== profile.userId) return;
  authStore.setState({ profile, profileStatus: 'loaded' });
  void data().then(({ writeCachedProfile }) => writeCachedProfile(profile));
}
