/**
 * An e-mail address added to an anonymous user (`PUT /user {email}`), GoTrue's way. With
 * `[auth.email] enable_confirmations` off (GoTrue's mailer autoconfirm) it takes effect at once;
 * otherwise the address gets a link and a code (`type=email_change`), and takes effect when one of
 * them is verified. Either way the user gets the address, confirmed, an `email` identity and
 * `is_anonymous = false`. Only anonymous users change their address here: a permanent user's
 * change (two confirmations, the old address told) is not supported locally.
 */
import type { Tx } from '../contracts.ts';
import { audit } from './audit.ts';
import type { AuthCtx } from './context.ts';
import { AuthError } from './http.ts';
import { deliver, emailChangeMail, verifyLink } from './mail.ts';
import { issueCode } from './otp.ts';
import type { RequestMeta } from './sessions.ts';
import { findUserByEmail, findUserById, type UserRow } from './users.ts';

const emailExists = () => new AuthError(422, 'email_exists', 'A user with this email address has already been registered');

/** GoTrue's IsDuplicatedEmail: the address belongs to someone else. */
export async function assertEmailFree(tx: Tx, email: string, userId: string): Promise<void> {
  const other = await findUserByEmail(tx, email);
  if (other && other.id !== userId) throw emailExists();
}

/**
 * What GoTrue's emailChangeVerify and ConfirmEmailChange do for a user with no address yet: the
 * pending address becomes the user's, confirmed; the e-mail identity is made (or updated); the
 * user stops being anonymous. Pending codes of the user are cleared.
 */
export async function confirmEmailChange(tx: Tx, user: UserRow, email: string, meta: RequestMeta): Promise<UserRow> {
  // Two anonymous users may have asked for the same address; the first to confirm keeps it.
  await assertEmailFree(tx, email, user.id);
  await audit(tx, user, 'user_modified', meta);
  const identityData = { sub: user.id, email, email_verified: true, phone_verified: false };
  const identity = await tx.query(
    `update auth.identities set identity_data = identity_data || $2::jsonb, updated_at = now()
     where user_id = $1 and provider = 'email' returning id`,
    [user.id, JSON.stringify({ email, email_verified: true })],
  );
  if (!identity.rows.length) {
    await tx.query(
      `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values ($1, $2::text, $2::text::uuid, $3::jsonb, 'email', now(), now(), now())`,
      [crypto.randomUUID(), user.id, JSON.stringify(identityData)],
    );
  }
  await tx.query(
    `update auth.users set email = $2, email_change = '', email_change_token_new = '', email_change_token_current = '',
       email_change_confirm_status = 0, email_change_sent_at = null, is_anonymous = false, updated_at = now(),
       email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb
     where id = $1`,
    [user.id, email],
  );
  await tx.query(`delete from _local.otp_attempts where user_id = $1`, [user.id]);
  return (await findUserById(tx, user.id))!;
}

/**
 * PUT /user with a new address for an anonymous user: confirmed at once without confirmations,
 * else mailed (GoTrue's sendEmailChange: at most one e-mail per `max_frequency`, within the
 * e-mail budget). Returns nothing: the caller answers with the user as it now is.
 */
export async function addEmailToAnonymous(
  ctx: AuthCtx, tx: Tx, user: UserRow, email: string, meta: RequestMeta, redirectTo: string,
): Promise<void> {
  await assertEmailFree(tx, email, user.id);
  if (!ctx.cfg.enableConfirmations) {
    await confirmEmailChange(tx, user, email, meta);
    return;
  }
  const sentAt = user.email_change_sent_at;
  const wait = sentAt ? Math.floor((sentAt.getTime() + ctx.cfg.maxFrequencySeconds * 1000 - Date.now()) / 1000) : -1;
  if (sentAt && wait >= 0) {
    throw new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${wait} seconds.`);
  }
  if (!ctx.emails.take(meta.ip, email)) throw new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
  await tx.query(
    `update auth.users set email_change = $2, email_change_token_current = '', email_change_confirm_status = 0 where id = $1`,
    [user.id, email],
  );
  const { otp, linkToken } = await issueCode(tx, user.id, email, 'email_change');
  await deliver(tx, emailChangeMail(user.email ?? '', email, verifyLink(ctx.publicUrl(), linkToken, 'email_change', redirectTo), otp));
  await audit(tx, user, 'user_modified', meta);
}
