import * as v from 'valibot';
import { AUTH_STORAGE_KEY } from '@/lib/env.ts';

/**
 * The session supabase-js keeps on this device, read without it: the key to the user's data on
 * the device whatever its access token's age (a phone opened offline the morning after still has
 * its session, only an expired token). The server stays the judge of the session; this only
 * decides what the device shows until the server has answered.
 */

/** supabase-js refreshes a token this close to its expiry before it hands it out (EXPIRY_MARGIN_MS). */
export const REFRESH_MARGIN_MS = 90_000;

const StoredSessionSchema = v.object({
  access_token: v.pipe(v.string(), v.minLength(1)),
  refresh_token: v.pipe(v.string(), v.minLength(1)),
  expires_at: v.number(),
  user: v.object({
    id: v.pipe(v.string(), v.uuid()),
    email: v.optional(v.nullable(v.string()), null),
    factors: v.optional(v.nullable(v.array(v.object({ status: v.string() }))), null),
  }),
});

const ClaimsSchema = v.object({ aal: v.optional(v.string()) });

export interface StoredSession {
  user: { id: string; email: string | null };
  /** The access token is expired, or so close to it that supabase-js would refresh it first. */
  stale: boolean;
  /** The user has a verified factor and this session has not passed it (aal1): the code is owed. */
  secondFactorOwed: boolean;
}

/** The assurance level the token carries (its `aal` claim); null if unreadable. */
function levelOf(token: string): string | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const parsed = v.safeParse(ClaimsSchema, JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))));
    return parsed.success ? (parsed.output.aal ?? null) : null;
  } catch {
    return null;
  }
}

export function readStoredSession(now: number = Date.now()): StoredSession | null {
  let raw: unknown;
  try {
    raw = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null');
  } catch {
    return null;
  }
  const parsed = v.safeParse(StoredSessionSchema, raw);
  if (!parsed.success) return null;
  const { access_token, expires_at, user } = parsed.output;
  const verified = (user.factors ?? []).some((factor) => factor.status === 'verified');
  return {
    user: { id: user.id, email: user.email },
    stale: expires_at * 1000 - now < REFRESH_MARGIN_MS,
    secondFactorOwed: verified && levelOf(access_token) !== 'aal2',
  };
}
