import { createHash, randomInt } from 'node:crypto';
import type { Tx } from '../contracts.ts';

/** GoTrue's GenerateTokenHash: hex sha224 of the address followed by the one-time code. */
export const tokenHash = (email: string, otp: string) => createHash('sha224').update(email + otp).digest('hex');
export const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export interface Mail { to: string; subject: string; text: string; links: string[] }

/** "Sends" a message: it lands in the local mailbox table (see platform/53_auth_local.sql). */
export async function deliver(tx: Tx, mail: Mail): Promise<void> {
  await tx.query(
    `insert into _local.mailbox (to_address, subject, body_text, links) values ($1, $2, $3, $4::jsonb)`,
    [mail.to, mail.subject, mail.text, JSON.stringify(mail.links)],
  );
}

export function verifyLink(apiUrl: string, hash: string, type: 'signup' | 'recovery', redirectTo: string): string {
  const q = new URLSearchParams({ token: hash, type, redirect_to: redirectTo });
  return `${apiUrl}/auth/v1/verify?${q.toString()}`;
}

/** The texts of Supabase's default templates ("Confirm your signup", "Reset Password"). */
export function confirmationMail(to: string, link: string, otp: string): Mail {
  return {
    to, subject: 'Confirm Your Signup', links: [link],
    text: `Confirm your signup\n\nFollow this link to confirm your user:\n${link}\n\nAlternatively, enter the code: ${otp}`,
  };
}

export function recoveryMail(to: string, link: string, otp: string): Mail {
  return {
    to, subject: 'Reset Your Password', links: [link],
    text: `Reset Password\n\nFollow this link to reset the password for your user:\n${link}\n\nAlternatively, enter the code: ${otp}`,
  };
}
