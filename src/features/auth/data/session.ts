// The auth calls of spec §7, one place. Every function loads the single client lazily.
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { AUTH_STORAGE_KEY } from '@/lib/env.ts';
import { loadSupabase } from '@/lib/load-supabase.ts';

export type { AuthChangeEvent, Session };

export interface AuthResult {
  /** The server's message (spec §8 shows it under 'Sign In Error' / 'Sign Up Error'). */
  error: string | null;
  code?: string | undefined;
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
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.signInWithPassword({ email: email.trim(), password });
  return { error: error?.message ?? null, code: error?.code };
}

export interface SignUpInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Spec §7: email redirect to the site origin, metadata first_name and last_name. */
export async function signUp({ email, password, firstName, lastName }: SignUpInput): Promise<AuthResult & { confirmed: boolean }> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.auth.signUp({
    email: email.trim(),
    password,
    options: {
      emailRedirectTo: window.location.origin,
      data: { first_name: firstName.trim(), last_name: lastName.trim() },
    },
  });
  return { error: error?.message ?? null, code: error?.code, confirmed: Boolean(data.session) };
}

/** Mails a recovery link that comes back to /auth, where the new password is set. */
export async function requestPasswordReset(email: string): Promise<AuthResult> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.resetPasswordForEmail(email.trim(), {
    redirectTo: `${window.location.origin}/auth?mode=reset`,
  });
  return { error: error?.message ?? null, code: error?.code };
}

export async function updatePassword(password: string): Promise<AuthResult> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.updateUser({ password });
  return { error: error?.message ?? null, code: error?.code };
}

/**
 * Spec §4: sign out with global scope (every device), then the local session entries go. When
 * the server cannot be reached (offline) supabase-js keeps the session, so this device's entries
 * are removed here anyway: signing out must always work on the device in hand.
 */
export async function signOutEverywhere(): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.signOut({ scope: 'global' });
  if (error) await supabase.auth.signOut({ scope: 'local' }).catch(() => undefined);
  for (const key of [AUTH_STORAGE_KEY, `${AUTH_STORAGE_KEY}-code-verifier`, `${AUTH_STORAGE_KEY}-user`]) {
    localStorage.removeItem(key);
  }
}
