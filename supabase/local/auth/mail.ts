import type { Tx } from '../contracts.ts';
import { issueCode } from './otp.ts';

export interface Mail { to: string; subject: string; text: string; links: string[] }

/** "Sends" a message: it lands in the local mailbox table (see platform/53_auth_local.sql). */
export async function deliver(tx: Tx, mail: Mail): Promise<void> {
  await tx.query(
    `insert into _local.mailbox (to_address, subject, body_text, links) values ($1, $2, $3, $4::jsonb)`,
    [mail.to, mail.subject, mail.text, JSON.stringify(mail.links)],
  );
}

/** `publicUrl`: the stack's configured public URL (public-url.ts), never a request's Host. */
export type LinkType = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change';

export function verifyLink(publicUrl: string, hash: string, type: LinkType, redirectTo: string): string {
  const q = new URLSearchParams({ token: hash, type, redirect_to: redirectTo });
  return `${publicUrl}/auth/v1/verify?${q.toString()}`;
}

/** The texts of Supabase's default templates ("Confirm your signup", "Reset Password", "Confirm Change of Email"). */
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

export function inviteMail(to: string, link: string, otp: string): Mail {
  return {
    to, subject: 'You have been invited', links: [link],
    text: `You have been invited\n\nYou have been invited to create a user. Follow this link to accept the invite:\n${link}\n\nAlternatively, enter the code: ${otp}`,
  };
}

export function magicLinkMail(to: string, link: string, otp: string): Mail {
  return {
    to, subject: 'Your Magic Link', links: [link],
    text: `Magic Link\n\nFollow this link to login:\n${link}\n\nAlternatively, enter the code: ${otp}`,
  };
}

/** To the address being added; `from` is empty for an anonymous user, who has none yet. */
export function emailChangeMail(from: string, to: string, link: string, otp: string): Mail {
  const change = from ? `from ${from} to ${to}` : `to ${to}`;
  return {
    to, subject: 'Confirm Email Change', links: [link],
    text: `Confirm Change of Email\n\nFollow this link to confirm the update of your email ${change}:\n${link}\n\nAlternatively, enter the code: ${otp}`,
  };
}

/**
 * Issues a fresh code of `type` for the user and mails its link (to `redirectTo` afterwards) and
 * the code. A magic link is a recovery code in a sign-in mail (GoTrue verifies both alike).
 */
export async function mailCode(
  tx: Tx, publicUrl: string, userId: string, email: string, type: 'confirmation' | 'recovery' | 'magiclink', redirectTo: string,
): Promise<void> {
  const { otp, linkToken } = await issueCode(tx, userId, email, type === 'magiclink' ? 'recovery' : type);
  const link = verifyLink(publicUrl, linkToken, type === 'confirmation' ? 'signup' : type, redirectTo);
  const mail = { confirmation: confirmationMail, recovery: recoveryMail, magiclink: magicLinkMail }[type];
  await deliver(tx, mail(email, link, otp));
}
