// The auth calls of spec §7, one place. Every function loads the single client lazily.
import type { AuthChangeEvent, AuthError, Session } from '@supabase/supabase-js';
import { withDeadline } from '@/lib/deadline.ts';
import { loadSupabase } from '@/lib/load-supabase.ts';
import { forgetStoredSession } from '../device-session.ts';

export type { AuthChangeEvent, Session };

export interface AuthResult {
  /** The server's message (spec §8 shows it under 'Sign In Error' / 'Sign Up Error'). */
  error: string | null;
  code?: string | undefined;
}

/** What a user is told when a call to the sign-in server cannot be made or got no answer. */
export const OFFLINE_MESSAGE = 'This device is offline. Connect to the internet and try again.';
export const UNREACHABLE_MESSAGE = "Couldn't reach the server. Check your connection and try again.";

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** The server's words for a refusal; for a call that never got an answer, ours (never "Failed to fetch"). */
function resultOf(error: AuthError | null): AuthResult {
  if (!error) return { error: null };
  // supabase-js's isAuthRetryableFetchError, by name: importing it would load supabase-js with
  // this module, ahead of loadSupabase()'s one-part-per-task loading.
  if (error.name === 'AuthRetryableFetchError') return { error: offline() ? OFFLINE_MESSAGE : UNREACHABLE_MESSAGE, code: 'unreachable' };
  return { error: error.message, code: error.code };
}

export async function getSession(): Promise<Session | null> {
  const supabase = await loadSupabase();
  const { data } = await supabase.auth.getSession();
  return data.session;
}

export async function onAuthChange(listener: (event: AuthChangeEvent, session: Session | null) => void): Promise<() => void> {
  const supabase = await loadSupabase();
  const { data } = supabase.auth.onAuthStateChange(listener);
  return () => data.subscription.unsubscribe();
}

export async function signInWithPassword(email: string, password: string): Promise<AuthResult> {
  if (offline()) return { error: OFFLINE_MESSAGE, code: 'offline' };
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.signInWithPassword({ email: email.trim(), password });
  return resultOf(error);
}

export interface SignUpInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Spec §7: email redirect to the site origin, metadata first_name and last_name. */
export async function signUp({ email, password, firstName, lastName }: SignUpInput): Promise<AuthResult & { confirmed: boolean }> {
  if (offline()) return { error: OFFLINE_MESSAGE, code: 'offline', confirmed: false };
  const supabase = await loadSupabase();
  const { data, error } = await supabase.auth.signUp({
    email: email.trim(),
    password,
    options: {
      emailRedirectTo: window.location.origin,
      data: { first_name: firstName.trim(), last_name: lastName.trim() },
    },
  });
  return { ...resultOf(error), confirmed: Boolean(data.session) };
}

/** Mails a recovery link that comes back to /auth, where the new password is set. */
export async function requestPasswordReset(email: string): Promise<AuthResult> {
  if (offline()) return { error: OFFLINE_MESSAGE, code: 'offline' };
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.resetPasswordForEmail(email.trim(), {
    redirectTo: `${window.location.origin}/auth?mode=reset`,
  });
  return resultOf(error);
}

/**
 * Refusals of a password change a user can act on, in words: the server asks an account with an
 * authenticator app for its code first (aal2), and may ask an old session to sign in again.
 */
export const NEEDS_SECOND_FACTOR_MESSAGE = 'Enter the code from your authenticator app first, then set your new password.';
export const NEEDS_RECENT_SIGN_IN_MESSAGE = 'For your security, sign in again before changing your password.';

/** Sets the signed-in user's password; every other session of the user ends (the server does it). */
export async function updatePassword(password: string): Promise<AuthResult> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.updateUser({ password });
  const result = resultOf(error);
  if (result.code === 'insufficient_aal') return { ...result, error: NEEDS_SECOND_FACTOR_MESSAGE };
  if (result.code === 'reauthentication_needed') return { ...result, error: NEEDS_RECENT_SIGN_IN_MESSAGE };
  return result;
}

/**
 * Spec §4: sign out with global scope (every device). The stored session is already gone
 * (forgetStoredSession, before any await); here supabase-js lets go of it too (a refresh it had
 * under way, which would store the session again, is then signed out with it), and the server
 * revokes every session of the user with the access token read before. When the server cannot be
 * reached (offline) this device is signed out all the same.
 */
export async function signOutEverywhere(accessToken: string | null): Promise<void> {
  const supabase = await loadSupabase();
  // Bounded: offline, supabase-js holds the sign-out behind a refresh waiting for the connection.
  await withDeadline(supabase.auth.signOut({ scope: 'global' })).catch(() => undefined);
  forgetStoredSession();
  if (accessToken) await supabase.auth.admin.signOut(accessToken, 'global').catch(() => undefined);
}
