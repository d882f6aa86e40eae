import { randomBytes } from 'node:crypto';
import type { Keys, Tx } from '../contracts.ts';
import { userJson, type UserRow } from './users.ts';

export interface SessionRow { id: string; user_id: string; aal: string | null; factor_id: string | null; not_after: Date | null; created_at: Date }
export interface RequestMeta { ip: string; userAgent: string; issuer: string }

/** Opaque refresh tokens: 128 bits of randomness, URL-safe (GoTrue's are shorter; longer is not weaker). */
export const newRefreshToken = () => randomBytes(16).toString('base64url');

/** A new aal1 session with its first AMR claim and refresh token, as GoTrue's NewSession + GrantAuthenticatedUser. */
export async function createSession(tx: Tx, user: UserRow, method: string, meta: RequestMeta): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = crypto.randomUUID();
  const refreshToken = newRefreshToken();
  await tx.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', now()::timestamp, nullif($3, ''), $4::inet)`,
    [sessionId, user.id, meta.userAgent, meta.ip],
  );
  await addAmrClaim(tx, sessionId, method);
  await tx.query(
    `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, false, now(), now(), null, $3)`,
    [refreshToken, user.id, sessionId],
  );
  return { sessionId, refreshToken };
}

export async function addAmrClaim(tx: Tx, sessionId: string, method: string): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
     values ($1, now(), now(), $2, $3)
     on conflict (session_id, authentication_method) do update set updated_at = excluded.updated_at`,
    [sessionId, method, crypto.randomUUID()],
  );
}

/** Revokes `token` and issues its child in the same session (GoTrue's GrantRefreshTokenSwap). */
export async function swapRefreshToken(tx: Tx, userId: string, token: string, sessionId: string): Promise<string> {
  const next = newRefreshToken();
  await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1`, [token]);
  await tx.query(
    `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, false, now(), now(), $3, $4)`,
    [next, userId, token, sessionId],
  );
  return next;
}

/** The access token and GoTrue's AccessTokenResponse for a session. */
export async function tokenResponse(
  tx: Tx, keys: Keys, user: UserRow, sessionId: string, refreshToken: string, expiry: number, meta: RequestMeta,
): Promise<Record<string, unknown>> {
  const session = await tx.query<{ aal: string | null }>(`select aal::text as aal from auth.sessions where id = $1`, [sessionId]);
  const claims = await tx.query<{ authentication_method: string; updated_at: Date }>(
    `select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1`,
    [sessionId],
  );
  // Newest method first, as GoTrue's CalculateAALAndAMR sorts them.
  const amr = claims.rows
    .map((c) => ({ method: c.authentication_method, timestamp: Math.floor(new Date(c.updated_at).getTime() / 1000) }))
    .sort((a, b) => b.timestamp - a.timestamp);
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + expiry;
  const access = await keys.signAccessToken({
    iss: meta.issuer,
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? 'authenticated',
    aal: (session.rows[0]?.aal ?? 'aal1') as 'aal1' | 'aal2',
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous ?? false,
  });
  return {
    access_token: access,
    token_type: 'bearer',
    expires_in: expiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await userJson(tx, user),
  };
}
