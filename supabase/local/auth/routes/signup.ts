import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Tx } from '../../contracts.ts';
import { audit } from '../audit.ts';
import { requestMeta, apiUrl, type AuthCtx } from '../context.ts';
import { AuthError, readJson, sendJson } from '../http.ts';
import { confirmationMail, deliver, newOtp, tokenHash, verifyLink } from '../mail.ts';
import { checkPassword, hashPassword } from '../passwords.ts';
import { FIVE_MINUTES, ONE_HOUR } from '../ratelimit.ts';
import { createSession, tokenResponse } from '../sessions.ts';
import { findUserByEmail, findUserById, obfuscatedUser, userJson, type UserRow } from '../users.ts';
import { optionalObject, safeRedirect, validEmail } from '../validate.ts';

/** POST /signup: GoTrue's email sign-up, with or without e-mail confirmation. */
export async function signup(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { cfg, db, limiter } = ctx;
  const meta = requestMeta(req);
  const body = await readJson(req);
  limiter.take(`signin:${meta.ip}`, cfg.rateLimit.signInSignUps, FIVE_MINUTES);
  if (!cfg.enableSignup || !cfg.emailEnableSignup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
  if (body.phone) throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
  const email = validEmail(body.email);
  if (typeof body.password !== 'string' || !body.password) throw new AuthError(422, 'validation_failed', 'Signup requires a valid password');
  checkPassword(body.password, cfg.minPasswordLength);
  const data = optionalObject(body.data, 'data') ?? {};
  const url = new URL(req.url ?? '/', 'http://local');
  const redirectTo = safeRedirect(url.searchParams.get('redirect_to'), cfg.siteUrl, cfg.additionalRedirectUrls);

  const existing = await findUserByEmail(db, email);
  if (existing?.email_confirmed_at) {
    if (!cfg.enableConfirmations) throw new AuthError(422, 'user_already_exists', 'User already registered');
    // GoTrue hides that the address is taken: a fake user, no e-mail, an audit entry.
    await db.transaction((tx) => audit(tx, existing, 'user_repeated_signup', meta, { provider: 'email' }));
    return sendJson(res, 200, obfuscatedUser(email, data));
  }
  const hash = await hashPassword(body.password);
  if (cfg.enableConfirmations) {
    if (existing?.confirmation_sent_at && Date.now() - existing.confirmation_sent_at.getTime() < cfg.maxFrequencySeconds * 1000) {
      throw tooSoon(cfg.maxFrequencySeconds);
    }
    limiter.take('email', cfg.rateLimit.emailSent, ONE_HOUR, 'over_email_send_rate_limit', 'Email rate limit exceeded');
  }
  const result = await db.transaction(async (tx) => {
    const user = existing ? await refreshUnconfirmed(tx, existing.id, hash, data, !cfg.enableConfirmations) : await insertUser(tx, email, hash, data, !cfg.enableConfirmations);
    await audit(tx, user, 'user_signedup', meta, { provider: 'email' });
    if (cfg.enableConfirmations) {
      const otp = newOtp();
      const th = tokenHash(email, otp);
      await tx.query(`update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1`, [user.id, th]);
      await deliver(tx, confirmationMail(email, verifyLink(apiUrl(req), th, 'signup', redirectTo), otp));
      const fresh = (await findUserById(tx, user.id))!;
      return { body: await userJson(tx, fresh) };
    }
    await tx.query(`update auth.users set last_sign_in_at = now() where id = $1`, [user.id]);
    await audit(tx, user, 'login', meta, { provider: 'email' });
    const signedIn = (await findUserById(tx, user.id))!;
    const { sessionId, refreshToken } = await createSession(tx, signedIn, 'password', meta);
    return { body: await tokenResponse(tx, ctx.keys, signedIn, sessionId, refreshToken, cfg.jwtExpiry, meta) };
  });
  sendJson(res, 200, result.body);
}

export const tooSoon = (seconds: number) =>
  new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${Math.ceil(seconds)} seconds.`);

/**
 * Inserts into auth.users as GoTrue does, so triggers on auth.users (e.g. one creating a profile
 * from raw_user_meta_data) fire, and adds the email identity.
 */
export async function insertUser(
  tx: Tx, email: string, hash: string | null, data: Record<string, unknown>, confirmed: boolean, appMeta: Record<string, unknown> = {},
): Promise<UserRow> {
  const id = crypto.randomUUID();
  const identityData = { sub: id, email, email_verified: confirmed, phone_verified: false };
  const userMeta = { ...identityData, ...data };
  const app = { provider: 'email', providers: ['email'], ...appMeta };
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
       case when $4::boolean then now() end, $5::jsonb, $6::jsonb, now(), now(), false)`,
    [id, email, hash ?? '', confirmed, JSON.stringify(app), JSON.stringify(userMeta)],
  );
  await tx.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2::text, $2::text::uuid, $3::jsonb, 'email', now(), now(), now())`,
    [crypto.randomUUID(), id, JSON.stringify(identityData)],
  );
  return (await findUserById(tx, id))!;
}

/** Signing up again with an unconfirmed address replaces its password and metadata, as GoTrue does. */
async function refreshUnconfirmed(tx: Tx, id: string, hash: string, data: Record<string, unknown>, confirm: boolean): Promise<UserRow> {
  await tx.query(
    `update auth.users set encrypted_password = $2, raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $3::jsonb,
       email_confirmed_at = case when $4::boolean then now() else email_confirmed_at end, updated_at = now() where id = $1`,
    [id, hash, JSON.stringify(data), confirm],
  );
  return (await findUserById(tx, id))!;
}
