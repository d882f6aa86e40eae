import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { onRefreshRefused } from '@/lib/auth-fetch.ts';
import { withDeadline } from '@/lib/deadline.ts';
import { AUTH_STORAGE_KEY } from '@/lib/env.ts';
import { importAgain } from '@/lib/import-again.ts';
import type { Session } from './data/session.ts';
import { clearEndedSession, forgetStoredSession, mayHaveSession, noteSessionRefused, readEndedSession, type EndedSession } from './device-session.ts';
import type { Profile } from './schemas.ts';

// The data modules (and their schemas) load with the first session work, not with the page: an
// anonymous visit of a public page only needs the store's initial state and mayHaveSession().
type DataModules = typeof import('./data/profiles.ts') & typeof import('./data/mfa.ts') & typeof import('./data/session.ts') & typeof import('./data/stored-session.ts');
let dataModules: Promise<DataModules> | undefined;
// A load that fails after its retries is not kept: the next session call tries again.
const data = () =>
  (dataModules ??= Promise.all([
    importAgain(() => import('./data/profiles.ts')),
    importAgain(() => import('./data/mfa.ts')),
    importAgain(() => import('./data/session.ts')),
    importAgain(() => import('./data/stored-session.ts')),
  ]).then(
    ([profiles, mfa, session, stored]) => ({ ...profiles, ...mfa, ...session, ...stored }),
    (error: unknown) => {
      dataModules = undefined;
      throw error;
    },
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
  /**
   * Signed in from the session stored on this device, whose access token has expired and has not
   * been refreshed yet (the device is offline, or the server unreachable). The user reads and
   * writes their data on the device; it syncs once the server has refreshed the session.
   */
  onDevice?: boolean;
  /** Signed out because the server ended the session (not the user): the sign-in screen says so. */
  ended?: EndedSession | null;
}

const SIGNED_OUT: AuthState = { status: 'signed-out', user: null, profile: null, profileStatus: 'idle', onDevice: false, ended: null };

export const authStore = createStore<AuthState>()(() => ({ ...SIGNED_OUT, status: 'loading' }));

/** React access to the session state (zustand; renders the initial state while hydrating). */
export function useAuth<T>(selector: (state: AuthState) => T): T {
  return useStore(authStore, selector);
}

/** Spec §9: a failed profile fetch is retried once, after 1000 ms. */
export const PROFILE_RETRY_MS = 1000;

const cleanups = new Set<() => unknown>();
const endedCleanups = new Set<() => unknown>();

/**
 * Registers work that removes this device's copies of the user's data (the cart, later the RxDB
 * database). It runs on every sign-out, also when the session ends elsewhere.
 */
export function onSignOut(cleanup: () => unknown): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/**
 * Registers work for a session the server ended: copies that can be fetched again go (answers of
 * reports), while the user's database and unsent changes stay for them (see onSignOut).
 */
export function onSessionEnded(cleanup: () => unknown): () => void {
  endedCleanups.add(cleanup);
  return () => endedCleanups.delete(cleanup);
}

async function clearSessionCopies(work: Set<() => unknown>): Promise<void> {
  (await data()).clearCachedProfile();
  try {
    sessionStorage.clear();
  } catch {
    /* blocked storage holds nothing */
  }
  await Promise.allSettled([...work].map(async (cleanup) => cleanup()));
}

const clearDeviceData = () => clearSessionCopies(cleanups);

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
      // A bound: offline, supabase-js holds the request until it can refresh the session.
      const profile = await withDeadline(fetchProfile(userId));
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

/**
 * Opens the session stored on this device while its access token cannot be refreshed (offline,
 * the server unreachable): supabase-js answers only once a refresh succeeds or is refused, and
 * the user's data on the device must not wait for that. The role is the one the device last knew
 * (the cached profile). Returns false when the device holds no usable session.
 */
async function applyDeviceSession(gen: number): Promise<boolean> {
  const { readStoredSession, readCachedProfile } = await data();
  const stored = readStoredSession();
  if (!stored) return false;
  if (gen !== generation) return true;
  const { user } = stored;
  if (stored.secondFactorOwed) {
    authStore.setState({ status: 'mfa-required', user, profile: null, profileStatus: 'idle', onDevice: true, ended: null });
    return true;
  }
  const previous = authStore.getState();
  if (previous.status === 'signed-in' && previous.user?.id === user.id) {
    authStore.setState({ onDevice: true });
    return true;
  }
  const profile = readCachedProfile(user.id);
  // Without a profile on the device there is no role to open an area with: the guard says so
  // (with Retry) rather than waiting for a server that cannot answer.
  authStore.setState({ status: 'signed-in', user, profile, profileStatus: profile ? 'loaded' : 'failed', onDevice: true, ended: null });
  return true;
}

/** At start: a stored session that supabase-js would first have to refresh opens from the device. */
async function openFromDevice(): Promise<void> {
  const gen = generation;
  const { readStoredSession } = await data();
  if (gen !== generation || authStore.getState().status !== 'loading') return;
  if (readStoredSession()?.stale) await applyDeviceSession(gen);
}

/** Applies a session (or its absence) to the store. */
async function applySession(session: Session | null, event?: string): Promise<void> {
  const gen = ++generation;
  if (!session) {
    // No session from supabase-js while the device still holds one: its refresh failed for a
    // passing reason (no connection, no answer). The stored session stays the key to the data.
    if (event !== 'SIGNED_OUT' && (await applyDeviceSession(gen))) return;
    if (gen !== generation) return;
    const previous = authStore.getState();
    const wasSignedIn = previous.user !== null;
    const ended = event === 'SIGNED_OUT' || !wasSignedIn ? readEndedSession() : null;
    if (ended && (!wasSignedIn || previous.user?.id === ended.userId)) {
      authStore.setState({ ...SIGNED_OUT, ended });
      if (wasSignedIn) await clearSessionCopies(endedCleanups);
      return;
    }
    authStore.setState(SIGNED_OUT);
    if (wasSignedIn || event === 'SIGNED_OUT') await clearDeviceData();
    return;
  }
  clearEndedSession();
  const user = { id: session.user.id, email: session.user.email ?? null };
  const { getAssurance } = await data();
  const assurance = await getAssurance().catch(() => ({ current: 'aal1', next: 'aal1' }));
  if (gen !== generation) return;
  if (assurance.next === 'aal2' && assurance.current !== 'aal2') {
    authStore.setState({ status: 'mfa-required', user, profile: null, profileStatus: 'idle', onDevice: false, ended: null });
    return;
  }
  const previous = authStore.getState();
  const sameUser = previous.status === 'signed-in' && previous.user?.id === user.id;
  authStore.setState({ status: 'signed-in', user, onDevice: false, ended: null });
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
  // Before supabase-js acts on the refusal (it signs this device out), note whose session it was.
  onRefreshRefused(noteSessionRefused);
  if (mayHaveSession()) {
    void openFromDevice();
    void connect();
  } else authStore.setState({ ...SIGNED_OUT, ended: readEndedSession() });
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
