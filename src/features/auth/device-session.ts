import { AUTH_STORAGE_KEY } from '@/lib/env.ts';

/** Set when the server refused this device's session for good (see noteSessionRefused). */
const ENDED_KEY = `${AUTH_STORAGE_KEY}-ended`;

const SESSION_KEYS = [AUTH_STORAGE_KEY, `${AUTH_STORAGE_KEY}-code-verifier`, `${AUTH_STORAGE_KEY}-user`, ENDED_KEY];

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

/** A session the server ended (not the user): whose it was, so their kept changes wait for them. */
export interface EndedSession {
  userId: string;
  email: string | null;
}

/**
 * Records, before supabase-js removes it, whose session the server has just refused. Every tab
 * then hears "signed out" from supabase-js and can tell it from a sign-out the user asked for
 * (which removes this record with the session): the user is asked to sign in again, and their
 * data, unsent changes included, stays on the device for them.
 */
export function noteSessionRefused(): void {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null');
    const user = stored && typeof stored === 'object' ? (stored as { user?: { id?: unknown; email?: unknown } }).user : undefined;
    if (typeof user?.id !== 'string') return;
    const ended: EndedSession = { userId: user.id, email: typeof user.email === 'string' ? user.email : null };
    localStorage.setItem(ENDED_KEY, JSON.stringify(ended));
  } catch {
    /* blocked storage: the sign-out is then treated as any other */
  }
}

export function readEndedSession(): EndedSession | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(ENDED_KEY) ?? 'null');
    if (!stored || typeof stored !== 'object') return null;
    const { userId, email } = stored as { userId?: unknown; email?: unknown };
    return typeof userId === 'string' ? { userId, email: typeof email === 'string' ? email : null } : null;
  } catch {
    return null;
  }
}

/** A new session (any user's) closes the record of the one the server ended. */
export function clearEndedSession(): void {
  try {
    localStorage.removeItem(ENDED_KEY);
  } catch {
    /* blocked storage holds nothing */
  }
}
