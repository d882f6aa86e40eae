import type { IncomingMessage, ServerResponse } from 'node:http';
import { audit } from '../audit.ts';
import { apiUrl, requestMeta, type AuthCtx } from '../context.ts';
import { AuthError, readJson, sendJson, validationFailed } from '../http.ts';
import { deliver, newOtp, recoveryMail, tokenHash, verifyLink } from '../mail.ts';
import { FIVE_MINUTES, ONE_HOUR } from '../ratelimit.ts';
import { createSession, tokenResponse } from '../sessions.ts';
import { findUserByEmail, findUserById } from '../users.ts';
import { optionalString, safeRedirect, validEmail } from '../validate.ts';
import { tooSoon } from './signup.ts';

type Kind = 'signup' | 'recovery';
const KIND: Record<string, Kind> = { signup: 'signup', email: 'signup', invite: 'signup', recovery: 'recovery', magiclink: 'recovery' };
const expired = () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid');

/** Confirms a signup or recovery token and opens a session; null when the token is unknown or expired. */
async function consume(ctx: AuthCtx, req: IncomingMessage, kind: Kind, hash: string) {
  const meta = requestMeta(req);
  const col = kind === 'signup' ? 'confirmation' : 'recovery';
  return ctx.db.transaction(async (tx) => {
    const r = await tx.query<{ id: string }>(
      `update auth.users set ${col}_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()),
         last_sign_in_at = now(), updated_at = now()
       where ${col}_token = $1 and $1 <> '' and ${col}_sent_at + make_interval(secs => $2) > now() and deleted_at is null
       returning id`,
      [hash, ctx.cfg.otpExpiry],
    );
    const id = r.rows[0]?.id;
    if (!id) return null;
    const user = (await findUserById(tx, id))!;
    await tx.query(
      `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb where user_id = $1 and provider = 'email'`, [id],
    );
    await audit(tx, user, kind === 'signup' ? 'user_signedup' : 'login', meta, { provider: 'email', verified: kind });
    const { sessionId, refreshToken } = await createSession(tx, user, kind === 'signup' ? 'email/signup' : 'recovery', meta);
    return tokenResponse(tx, ctx.keys, user, sessionId, refreshToken, ctx.cfg.jwtExpiry, meta);
  });
}

/** GET /verify?token=…&type=…&redirect_to=… : the e-mail link. Redirects (303) with the session or the error in the fragment. */
export async function verifyGet(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const q = new URL(req.url ?? '/', 'http://local').searchParams;
  const redirect = safeRedirect(q.get('redirect_to'), ctx.cfg.siteUrl, ctx.cfg.additionalRedirectUrls);
  const type = q.get('type') ?? '';
  const kind = KIND[type];
  const token = (q.get('token') ?? '').slice(0, 128);
  const go = (fragment: URLSearchParams) => {
    res.writeHead(303, { location: `${redirect}#${fragment.toString()}` });
    res.end();
  };
  try {
    ctx.limiter.take(`verify:${requestMeta(req).ip}`, ctx.cfg.rateLimit.tokenVerifications, FIVE_MINUTES);
  } catch (e) {
    if (e instanceof AuthError) return go(new URLSearchParams({ error: 'access_denied', error_code: e.errorCode, error_description: e.message }));
    throw e;
  }
  const session = kind && token ? await consume(ctx, req, kind, token) : null;
  if (!session) {
    return go(new URLSearchParams({ error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' }));
  }
  go(new URLSearchParams({
    access_token: String(session.access_token), expires_at: String(session.expires_at), expires_in: String(session.expires_in),
    refresh_token: String(session.refresh_token), token_type: 'bearer', type,
  }));
}

/** POST /verify {type, token_hash} or {type, token, email}: answers with the session as JSON. */
export async function verifyPost(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readJson(req);
  ctx.limiter.take(`verify:${requestMeta(req).ip}`, ctx.cfg.rateLimit.tokenVerifications, FIVE_MINUTES);
  const type = optionalString(body.type, 'type', 32);
  const kind = type ? KIND[type] : undefined;
  if (!kind) throw validationFailed('Verify requires a verification type');
  const tokenHashParam = optionalString(body.token_hash, 'token_hash', 128);
  const otp = optionalString(body.token, 'token', 128);
  let hash: string;
  if (tokenHashParam) hash = tokenHashParam;
  else if (otp) hash = tokenHash(validEmail(body.email), otp);
  else throw validationFailed('Verify requires a token or a token hash');
  const session = await consume(ctx, req, kind, hash);
  if (!session) throw expired();
  sendJson(res, 200, session);
}

/** POST /recover {email}: always 200 {} for unknown addresses; mails a recovery link otherwise. */
export async function recover(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readJson(req);
  const email = validEmail(body.email);
  const redirect = safeRedirect(new URL(req.url ?? '/', 'http://local').searchParams.get('redirect_to'), ctx.cfg.siteUrl, ctx.cfg.additionalRedirectUrls);
  const user = await findUserByEmail(ctx.db, email);
  if (user) {
    if (user.recovery_sent_at && Date.now() - user.recovery_sent_at.getTime() < ctx.cfg.maxFrequencySeconds * 1000) throw tooSoon(ctx.cfg.maxFrequencySeconds);
    ctx.limiter.take('email', ctx.cfg.rateLimit.emailSent, ONE_HOUR, 'over_email_send_rate_limit', 'Email rate limit exceeded');
    const otp = newOtp();
    const hash = tokenHash(email, otp);
    await ctx.db.transaction(async (tx) => {
      await tx.query(`update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1`, [user.id, hash]);
      await audit(tx, user, 'user_recovery_requested', requestMeta(req));
      await deliver(tx, recoveryMail(email, verifyLink(apiUrl(req), hash, 'recovery', redirect), otp));
    });
  }
  sendJson(res, 200, {});
}
