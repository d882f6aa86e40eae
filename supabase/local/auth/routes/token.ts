import type { IncomingMessage, ServerResponse } from 'node:http';
import { audit } from '../audit.ts';
import { requestMeta, sessionsEnded, type AuthCtx } from '../context.ts';
import { AuthError, badRequest, readJson, sendJson } from '../http.ts';
import { comparePassword } from '../passwords.ts';
import { FIVE_MINUTES } from '../ratelimit.ts';
import { createSession, swapRefreshToken, tokenResponse } from '../sessions.ts';
import { findUserByEmail, findUserById } from '../users.ts';
import { validEmail } from '../validate.ts';
import { idTokenGrant, web3Grant } from './disabled.ts';

const INVALID_LOGIN = 'Invalid login credentials';

/** POST /token?grant_type=password|refresh_token (id_token and web3: disabled.ts). */
export async function token(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const grant = new URL(req.url ?? '/', 'http://local').searchParams.get('grant_type');
  if (grant === 'password') return passwordGrant(ctx, req, res);
  if (grant === 'refresh_token') return refreshGrant(ctx, req, res);
  if (grant === 'id_token') return idTokenGrant(ctx, req, res);
  if (grant === 'web3') return web3Grant();
  throw badRequest('unsupported_grant_type', 'unsupported_grant_type');
}

async function passwordGrant(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { cfg, db, limiter } = ctx;
  const meta = requestMeta(ctx, req);
  const body = await readJson(req);
  limiter.take(`signin:${meta.ip}`, cfg.rateLimit.signInSignUps, FIVE_MINUTES);
  if (body.phone && !body.email) throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  const email = validEmail(body.email);
  const password = typeof body.password === 'string' ? body.password : '';
  if (password.length > 4096) throw badRequest('invalid_credentials', INVALID_LOGIN);
  const user = await findUserByEmail(db, email);
  // One bcrypt comparison whether or not the user exists (see passwords.ts).
  const ok = await comparePassword(password, user?.encrypted_password);
  const banned = !!user?.banned_until && user.banned_until.getTime() > Date.now();
  if (!user || !ok || banned) {
    await db.transaction((tx) => audit(tx, { id: user?.id ?? null, email }, 'login_failed', meta, { provider: 'email', reason: 'invalid_credentials' }));
    throw badRequest('invalid_credentials', INVALID_LOGIN);
  }
  if (!user.email_confirmed_at) {
    await db.transaction((tx) => audit(tx, user, 'login_failed', meta, { provider: 'email', reason: 'email_not_confirmed' }));
    throw badRequest('email_not_confirmed', 'Email not confirmed');
  }
  const body2 = await db.transaction(async (tx) => {
    await audit(tx, user, 'login', meta, { provider: 'email' });
    await tx.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [user.id]);
    await tx.query(`update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`, [user.id]);
    const fresh = (await findUserById(tx, user.id))!;
    const { sessionId, refreshToken } = await createSession(tx, fresh, 'password', meta);
    return tokenResponse(tx, ctx.keys, fresh, sessionId, refreshToken, cfg.jwtExpiry, meta);
  });
  sendJson(res, 200, body2);
}

interface TokenRow { id: string; token: string; user_id: string; revoked: boolean; session_id: string | null; reusable: boolean; expired: boolean | null; parent: string | null }

/**
 * GoTrue's RefreshTokenGrant: rotation with a reuse interval; reuse outside it revokes the
 * whole family. Stricter than GoTrue: the session also ends (not_after = now()), so the token a
 * thief or the victim holds next is refused too, not just tokens older than the reuse interval.
 */
async function refreshGrant(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { cfg, db, limiter } = ctx;
  const meta = requestMeta(ctx, req);
  const body = await readJson(req);
  limiter.take(`refresh:${meta.ip}`, cfg.rateLimit.tokenRefresh, FIVE_MINUTES);
  const presented = body.refresh_token;
  if (typeof presented !== 'string' || !presented) throw badRequest('validation_failed', 'refresh_token required');
  if (presented.length > 255) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  const outcome = await db.transaction(async (tx) => {
    const found = await tx.query<TokenRow>(
      `select rt.id, rt.token, rt.user_id, rt.revoked, rt.session_id, rt.parent,
         (rt.updated_at + make_interval(secs => $2) > now()) as reusable,
         (s.not_after is not null and s.not_after <= now()) as expired
       from auth.refresh_tokens rt left join auth.sessions s on s.id = rt.session_id
       where rt.token = $1 for update of rt`,
      [presented, cfg.refreshTokenReuseInterval],
    );
    const row = found.rows[0];
    if (!row || !row.session_id || row.expired === null) return { error: badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') };
    if (row.expired) return { error: badRequest('session_expired', 'Invalid Refresh Token: Session Expired') };
    const user = await findUserById(tx, row.user_id);
    if (!user) return { error: badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') };
    if (user.banned_until && user.banned_until.getTime() > Date.now()) return { error: badRequest('user_banned', 'Invalid Refresh Token: User Banned') };
    let issued: string | null = null;
    if (row.revoked) {
      const active = await tx.query<{ token: string; parent: string | null }>(
        `select token, parent from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
        [row.session_id],
      );
      const current = active.rows[0];
      if (current && current.parent === row.token && row.reusable) {
        issued = current.token; // the client lost the answer to its last refresh: hand it back
      } else if (!row.reusable && cfg.refreshTokenRotation) {
        await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false`, [row.session_id]);
        await tx.query(`update auth.sessions set not_after = now(), updated_at = now() where id = $1`, [row.session_id]);
        await audit(tx, user, 'token_revoked', meta, { reason: 'refresh_token_reuse' });
        return { error: badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used'), ended: true };
      }
    }
    await audit(tx, user, 'token_refreshed', meta);
    issued ??= await swapRefreshToken(tx, user.id, row.token, row.session_id);
    await tx.query(
      `update auth.sessions set refreshed_at = now()::timestamp, updated_at = now(), user_agent = nullif($2, ''), ip = $3::inet where id = $1`,
      [row.session_id, meta.userAgent, meta.ip],
    );
    return { body: await tokenResponse(tx, ctx.keys, user, row.session_id, issued, cfg.jwtExpiry, meta) };
  });
  // The family revocation above is committed before the error is answered (GoTrue's NewCommitWithError).
  if ('ended' in outcome) await sessionsEnded(ctx);
  if (outcome.error) throw outcome.error;
  sendJson(res, 200, outcome.body);
}
