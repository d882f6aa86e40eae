import type { IncomingMessage, ServerResponse } from 'node:http';
import { audit } from '../audit.ts';
import { redirectTarget, requestMeta, type AuthCtx } from '../context.ts';
import { AuthError, readJson, sendJson, validationFailed } from '../http.ts';
import { deliver, emailChangeMail, mailCode, verifyLink } from '../mail.ts';
import { issueCode } from '../otp.ts';
import { FIVE_MINUTES } from '../ratelimit.ts';
import { findUserByEmail, type UserRow } from '../users.ts';
import { optionalObject, validEmail } from '../validate.ts';
import { insertUser } from './signup.ts';

const blank = (v: unknown) => v === undefined || v === null || v === '';
const emailLimit = () => new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
/** This stack sends no SMS: phone requests answer as a GoTrue without a phone provider. */
const noPhone = (message: string) => new AuthError(400, 'phone_provider_disabled', message);

/** At most one e-mail of a kind per max_frequency, as GoTrue's senders allow. */
function sentRecently(ctx: AuthCtx, sentAt: Date | null): boolean {
  return !!sentAt && Date.now() - sentAt.getTime() < ctx.cfg.maxFrequencySeconds * 1000;
}

/**
 * POST /otp {email, create_user = true, data}: GoTrue's magic link. A confirmed user gets a sign-in
 * link and code (verified as `magiclink` or `email`), an unconfirmed one the confirmation again,
 * and an unknown address becomes an unconfirmed user with `data` as metadata and gets the
 * confirmation, unless create_user is false or sign-ups are off (422 otp_disabled, as GoTrue).
 * The answer is `{}` whether or not an e-mail went out (too soon after the last one, or past the
 * e-mail budget: silently, as POST /recover), so it says nothing more about the address.
 */
export async function otp(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { cfg, db, limiter } = ctx;
  const meta = requestMeta(ctx, req);
  const body = await readJson(req);
  limiter.take(`signin:${meta.ip}`, cfg.rateLimit.signInSignUps, FIVE_MINUTES);
  if (blank(body.email)) {
    if (!blank(body.phone)) throw noPhone('Unsupported phone provider');
    throw validationFailed('One of email or phone must be set');
  }
  const email = validEmail(body.email);
  const data = optionalObject(body.data, 'data') ?? {};
  const redirectTo = redirectTarget(ctx, req);
  const existing = await findUserByEmail(db, email);
  if (!existing && (body.create_user === false || !cfg.enableSignup || !cfg.emailEnableSignup)) {
    throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp');
  }
  // A new user can only sign in through the e-mail: an exhausted budget is reported, for every address alike.
  if (!existing && !ctx.emails.open(meta.ip)) throw emailLimit();
  await db.transaction(async (tx) => {
    let user: UserRow | null = existing;
    if (!user) {
      user = await insertUser(tx, email, null, data, false);
      await audit(tx, user, 'user_signedup', meta, { provider: 'email' });
    }
    const confirmed = !!user.email_confirmed_at;
    if (sentRecently(ctx, confirmed ? user.recovery_sent_at : user.confirmation_sent_at) || !ctx.emails.take(meta.ip, email)) return;
    await mailCode(tx, ctx.publicUrl(), user.id, email, confirmed ? 'magiclink' : 'confirmation', redirectTo);
    await audit(tx, user, confirmed ? 'user_recovery_requested' : 'user_confirmation_requested', meta);
  });
  sendJson(res, 200, {});
}

/**
 * POST /resend {type, email}: the confirmation of a pending sign-up (`signup`) or e-mail change
 * (`email_change`) again, as GoTrue's Resend. `{}` whatever the address, and silently nothing when
 * there is nothing pending, it is too soon, or the e-mail budget is spent. `sms` and
 * `phone_change` are refused: this stack has no phone provider.
 */
export async function resend(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { db, limiter, cfg } = ctx;
  const meta = requestMeta(ctx, req);
  const body = await readJson(req);
  limiter.take(`signin:${meta.ip}`, cfg.rateLimit.signInSignUps, FIVE_MINUTES);
  const type = body.type;
  if (type !== 'signup' && type !== 'email_change' && type !== 'sms' && type !== 'phone_change') {
    throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
  }
  if (blank(body.email) && type === 'signup') throw validationFailed('Type provided requires an email address');
  if (blank(body.phone) && type === 'sms') throw validationFailed('Type provided requires a phone number');
  if (!blank(body.email) && !blank(body.phone)) throw validationFailed('Only an email address or phone number should be provided.');
  if (!blank(body.phone)) throw noPhone('Phone logins are disabled');
  if (blank(body.email)) throw validationFailed('Missing email address or phone number');
  const email = validEmail(body.email);
  const redirectTo = redirectTarget(ctx, req);
  const user = await findUserByEmail(db, email);
  const pending = type === 'signup' ? !!user && !user.email_confirmed_at : !!user?.email_change;
  if (user && pending) {
    const sentAt = type === 'signup' ? user.confirmation_sent_at : user.email_change_sent_at;
    const to = type === 'signup' ? email : user.email_change!;
    if (!sentRecently(ctx, sentAt) && ctx.emails.take(meta.ip, to)) {
      await db.transaction(async (tx) => {
        await audit(tx, user, 'user_confirmation_requested', meta);
        if (type === 'signup') return mailCode(tx, ctx.publicUrl(), user.id, email, 'confirmation', redirectTo);
        const { otp: code, linkToken } = await issueCode(tx, user.id, to, 'email_change');
        await deliver(tx, emailChangeMail(email, to, verifyLink(ctx.publicUrl(), linkToken, 'email_change', redirectTo), code));
      });
    }
  }
  sendJson(res, 200, {});
}
