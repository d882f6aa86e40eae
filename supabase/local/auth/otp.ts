/**
 * E-mailed one-time codes. Each pending confirmation or recovery has two secrets: the link token
 * (224 random bits in auth.users.<type>_token, what the e-mailed link and `token_hash` carry) and
 * the six-digit code for typing (its hash in _local.otp_attempts, platform/55_auth_otp_attempts.sql).
 *
 * GoTrue derives the link token from the address and the code, so anyone knowing the address
 * could try the million codes as token hashes; here the link token is independent. A typed code
 * is checked against the address's pending code under a row lock, every wrong try counts, and the
 * fifth kills both secrets, so no number of IPs gets more than five guesses at a code.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Tx } from '../contracts.ts';

/**
 * `reauthentication`: the nonce GET /reauthenticate mails, which only a typed code can use.
 * `email_change`: the code sent to the address being added (`auth.users.email_change`).
 */
export type CodeType = 'confirmation' | 'recovery' | 'reauthentication' | 'email_change';

/** Where each type keeps its link token and send time, and the column holding the address it went to. */
const COLUMNS: Record<CodeType, { token: string; sentAt: string; address: string }> = {
  confirmation: { token: 'confirmation_token', sentAt: 'confirmation_sent_at', address: 'email' },
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at', address: 'email' },
  reauthentication: { token: 'reauthentication_token', sentAt: 'reauthentication_sent_at', address: 'email' },
  email_change: { token: 'email_change_token_new', sentAt: 'email_change_sent_at', address: 'email_change' },
};
/** Wrong tries a pending code survives. */
export const MAX_FAILURES = 5;

const otpHash = (email: string, otp: string) => createHash('sha224').update(email.toLowerCase() + otp).digest('hex');

/** A fresh code for `userId` (replacing any pending one of the same type, with a fresh count); sets <type>_sent_at. */
export async function issueCode(tx: Tx, userId: string, email: string, type: CodeType): Promise<{ otp: string; linkToken: string }> {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const linkToken = randomBytes(28).toString('hex');
  const c = COLUMNS[type];
  await tx.query(`update auth.users set ${c.token} = $2, ${c.sentAt} = now() where id = $1`, [userId, linkToken]);
  await tx.query(
    `insert into _local.otp_attempts (user_id, token_type, otp_hash, failures) values ($1, $2, $3, 0)
     on conflict (user_id, token_type) do update set otp_hash = excluded.otp_hash, failures = 0`,
    [userId, type, otpHash(email, otp)],
  );
  return { otp, linkToken };
}

/**
 * The link token of `email`'s pending code when `otp` is it; otherwise null, after counting the
 * wrong try (the fifth clears the pending code). Run inside the transaction that consumes it.
 */
export async function checkCode(tx: Tx, email: string, type: CodeType, otp: string): Promise<string | null> {
  const c = COLUMNS[type];
  const found = await tx.query<{ user_id: string; otp_hash: string; failures: number; link: string | null }>(
    `select a.user_id, a.otp_hash, a.failures, u.${c.token} as link
     from _local.otp_attempts a join auth.users u on u.id = a.user_id
     where lower(u.${c.address}) = lower($1) and u.deleted_at is null and a.token_type = $2
     order by u.created_at limit 1
     for update of a`,
    [email, type],
  );
  const row = found.rows[0];
  if (!row?.link) return null;
  const expected = Buffer.from(row.otp_hash);
  const given = Buffer.from(otpHash(email, otp));
  if (expected.length === given.length && timingSafeEqual(expected, given)) return row.link;
  if (row.failures + 1 >= MAX_FAILURES) {
    await tx.query(`update auth.users set ${c.token} = '' where id = $1`, [row.user_id]);
    await tx.query(`delete from _local.otp_attempts where user_id = $1 and token_type = $2`, [row.user_id, type]);
  } else {
    await tx.query(`update _local.otp_attempts set failures = failures + 1 where user_id = $1 and token_type = $2`, [row.user_id, type]);
  }
  return null;
}

/** Forgets a used code's counter. */
export async function forgetCode(tx: Tx, userId: string, type: CodeType): Promise<void> {
  await tx.query(`delete from _local.otp_attempts where user_id = $1 and token_type = $2`, [userId, type]);
}
