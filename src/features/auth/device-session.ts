import { AUTH_STORAGE_KEY } from '@/lib/env.ts';

const SESSION_KEYS = [AUTH_STORAGE_KEY, `${AUTH_STORAGE_KEY}-code-verifier`, `${AUTH_STORAGE_KEY}-user`];

/**
 * Removes the stored session from this device at once (synchronously) and returns its access
 * token, for the server-side sign-out that follows. Sign-out starts here: a page the user opens
 * from now on is signed out, whatever the network does (a reload or a typed address straight
 * after Sign Out found the session still stored while the server call was under way).
 */
export function forgetStoredSession(): string | null {
  let token: string | null = null;
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null');
    const candidate = stored && typeof stored === 'object' ? (stored as { access_token?: unknown }).access_token : undefined;
    if (typeof candidate === 'string') token = candidate;
  } catch {
    // Unreadable: nothing to revoke with; it is removed all the same.
  }
  try {
    for (const key of SESSION_KEYS) localStorage.removeItem(key);
  } catch {
    /* blocked storage holds nothing */
  }
  return token;
}

/**
 * True when this device has a stored session (or the URL carries one from an e-mail link), i.e.
 * when the first session check needs supabase-js at all. Kept apart from the data modules so the
 * boot path stays tiny.
 */
export function mayHaveSession(): boolean {
  try {
    if (localStorage.getItem(AUTH_STORAGE_KEY)) return true;
  } catch {
    return true; // storage blocked: let supabase-js decide
  }
  return /(?:^#|&)(access_token|error_description)=/.test(window.location.hash);
}
