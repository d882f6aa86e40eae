import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Tx } from '../../contracts.ts';
import { audit } from '../audit.ts';
import { redirectTarget, requestMeta, type AuthCtx } from '../context.ts';
import { AuthError, readJson, sendJson } from '../http.ts';
import { mailCode } from '../mail.ts';
import { checkPassword, hashPassword } from '../passwords.ts';
import { FIVE_MINUTES } from '../ratelimit.ts';
import { createSession, tokenResponse, type RequestMeta } from '../sessions.ts';
import { findUserByEmail, findUserById, obfuscatedUser, userJson, type UserRow } from '../users.ts';
import { optionalObject, validEmail } from '../validate.ts';
import { signupAnonymously } from './anonymous.ts';

const emailLimit = () => new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
const blank = (v: unknown) => v === undefined || v === null || v === '';

/** POST /signup: GoTrue's email sign-up, with or without e-mail confirmation; anonymous without an address. */
export async function signup(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { cfg, db, limiter } = ctx;
  const meta = requestMeta(ctx, req);
  const body = await readJson(req);
  if (blank(body.email) && blank(body.phone)) return signupAnonymously(ctx, req, res, body);
  limiter.take(`signin:${meta.ip}`, cfg.rateLimit.signInSignUps, FIVE_MINUTES);
  if (!cfg.enableSignup || !cfg.emailEnableSignup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
  if (body.phone) throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
  const email = validEmail(body.email);
  if (typeof body.password !== 'string' || !body.password) throw new AuthError(422, 'validation_failed', 'Signup requires a valid password');
  checkPassword(body.password, cfg.minPasswordLength);
  const data = optionalObject(body.data, 'data') ?? {};
  const redirectTo = redirectTarget(ctx, req);
  // A new account cannot be confirmed without its e-mail, so an exhausted budget is reported, and
  // before the address is looked up: the answer is the same for every address.
  if (cfg.enableConfirmations && !ctx.emails.open(meta.ip)) throw emailLimit();
  // Hashed before the lookup so a taken address costs the same time as a free one.
  const hash = await hashPassword(body.password);
  const existing = await findUserByEmail(db, email);
  if (existing) return sendJson(res, 200, await repeatSignup(ctx, existing, email, data, meta, redirectTo));
  if (cfg.enableConfirmations && !ctx.emails.take(meta.ip, email)) throw emailLimit();
  const result = await db.transaction(async (tx) => {
    const user = await insertUser(tx, email, hash, data, !cfg.enableConfirmations);
    await audit(tx, user, 'user_signedup', meta, { provider: 'email' });
    if (cfg.enableConfirmations) {
      await mailCode(tx, ctx.publicUrl(), user.id, email, 'confirmation', redirectTo);
      return userJson(tx, (await findUserById(tx, user.id))!);
    }
    await tx.query(`update auth.users set last_sign_in_at = now() where id = $1`, [user.id]);
    await audit(tx, user, 'login', meta, { provider: 'email' });
    const signedIn = (await findUserById(tx, user.id))!;
    const { sessionId, refreshToken } = await createSession(tx, signedIn, 'password', meta);
    return tokenResponse(tx, ctx.keys, signedIn, sessionId, refreshToken, cfg.jwtExpiry, meta);
  });
  sendJson(res, 200, result);
}

/**
 * A sign-up for an address that already has an account. Nothing of the account changes: whoever
 * signs up second cannot know the first password, and replacing it let an attacker pre-set the
 * password a victim would then confirm. A pending account gets its confirmation again (within
 * max_frequency and the e-mail budget, silently otherwise); the answer echoes the request's
 * metadata rather than the stored one, and a confirmed account hides behind GoTrue's obfuscated user.
 */
async function repeatSignup(
  ctx: AuthCtx, existing: UserRow, email: string, data: Record<string, unknown>, meta: RequestMeta, redirectTo: string,
): Promise<Record<string, unknown>> {
  const { cfg, db } = ctx;
  if (!cfg.enableConfirmations) throw new AuthError(422, 'user_already_exists', 'User already registered');
  if (existing.email_confirmed_at) {
    await db.transaction((tx) => audit(tx, existing, 'user_repeated_signup', meta, { provider: 'email' }));
    return obfuscatedUser(email, data);
  }
  const sentAt = existing.confirmation_sent_at;
  const tooSoon = !!sentAt && Date.now() - sentAt.getTime() < cfg.maxFrequencySeconds * 1000;
  const resend = !tooSoon && ctx.emails.take(meta.ip, email);
  return db.transaction(async (tx) => {
    await audit(tx, existing, 'user_repeated_signup', meta, { provider: 'email', resent: resend });
    if (resend) await mailCode(tx, ctx.publicUrl(), existing.id, email, 'confirmation', redirectTo);
    const json = await userJson(tx, (await findUserById(tx, existing.id))!);
    const { sub, email: idEmail, email_verified, phone_verified } = existing.raw_user_meta_data ?? {};
    return { ...json, user_metadata: { sub, email: idEmail, email_verified, phone_verified, ...data } };
  });
}

/**
 * Inserts into auth.users as GoTrue does, so triggers on auth.users (e.g. one creating a profile
 * from raw_user_meta_data) fire, and adds the email identity.
 */
export async function insertUser(
  tx: Tx, email: string, hash: string | null, data: Record<string, unknown>, confirmed: boolean, appMeta: Record<string, unknown> = {},
  { identityInMetadata = true } = {},
): Promise<UserRow> {
  const id = crypto.randomUUID();
  const identityData = { sub: id, email, email_verified: confirmed, phone_verified: false };
  // A sign-up's metadata starts from its identity's claims, as GoTrue's; an admin's user has only what the admin gave.
  const userMeta = identityInMetadata ? { ...identityData, ...data } : data;
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
