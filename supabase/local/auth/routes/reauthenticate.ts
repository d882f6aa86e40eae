/**
 * GoTrue's reauthentication: GET /reauthenticate mails the signed-in user a six-digit nonce, and
 * PUT /user accepts it as `nonce` where a password change needs one ([auth.email]
 * secure_password_change on a session older than 24 hours). The nonce lives like the other
 * e-mailed codes (otp.ts): valid for otp_expiry, dead after five wrong tries, used once.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Tx } from '../../contracts.ts';
import { audit } from '../audit.ts';
import { requestMeta, requireUser, type AuthCtx } from '../context.ts';
import { AuthError, sendJson } from '../http.ts';
import { deliver } from '../mail.ts';
import { checkCode, issueCode } from '../otp.ts';
import type { SessionRow } from '../sessions.ts';
import type { UserRow } from '../users.ts';

/** GoTrue asks again once the session's sign-in is older than this. */
const RECENT_SIGN_IN_MS = 24 * 3600 * 1000;

const sentAt = async (tx: Tx, userId: string) =>
  (await tx.query<{ at: Date | null }>(`select reauthentication_sent_at as at from auth.users where id = $1`, [userId])).rows[0]?.at ?? null;

/** GET /reauthenticate → 200 {} once the nonce is in the user's mailbox. */
export async function reauthenticate(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { user } = await requireUser(ctx, req);
  const meta = requestMeta(ctx, req);
  const email = user.email ?? '';
  if (!email) throw new AuthError(400, 'validation_failed', 'Reauthentication requires the user to have an email or a phone number');
  if (!user.email_confirmed_at) throw new AuthError(422, 'email_not_confirmed', 'Please verify your email first.');
  const last = await sentAt(ctx.db, user.id);
  const wait = last ? Math.floor((last.getTime() + ctx.cfg.maxFrequencySeconds * 1000 - Date.now()) / 1000) : -1;
  if (last && wait >= 0) {
    throw new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${wait} seconds.`);
  }
  if (!ctx.emails.take(meta.ip, email)) throw new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
  await ctx.db.transaction(async (tx) => {
    await audit(tx, user, 'user_reauthenticate_requested', meta);
    const { otp } = await issueCode(tx, user.id, email, 'reauthentication');
    await deliver(tx, {
      to: email, subject: `${otp} is your verification code`, links: [],
      text: `Your verification code\n\nUse the code below to verify your identity. It expires shortly.\n\n${otp}`,
    });
  });
  sendJson(res, 200, {});
}

/**
 * Whether a password change on this session needs a nonce: with secure_password_change, when the
 * session signed in more than 24 hours ago (GoTrue's UpdatePasswordRequireReauthentication).
 */
export function needsNonce(ctx: AuthCtx, session: SessionRow): boolean {
  return ctx.cfg.securePasswordChange && Date.now() - new Date(session.created_at).getTime() > RECENT_SIGN_IN_MS;
}

/**
 * Checks `nonce` against the user's pending one (a wrong try counts, so this commits on its own)
 * and returns its token, which the password change must still find unused in its own transaction.
 */
export async function checkNonce(ctx: AuthCtx, user: UserRow, nonce: unknown): Promise<string> {
  if (typeof nonce !== 'string' || nonce === '') throw new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication');
  const token = await ctx.db.transaction(async (tx) => {
    const at = await sentAt(tx, user.id);
    if (!at || Date.now() - at.getTime() > ctx.cfg.otpExpiry * 1000) return null;
    return checkCode(tx, user.email ?? '', 'reauthentication', nonce);
  });
  if (!token) throw new AuthError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid');
  return token;
}

/** Inside the password change: the nonce is still pending (not used by a concurrent change). */
export async function consumeNonce(tx: Tx, userId: string, token: string): Promise<void> {
  const r = await tx.query(`select 1 from auth.users where id = $1 and reauthentication_token = $2 for update`, [userId, token]);
  if (r.rows.length === 0) throw new AuthError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid');
}
