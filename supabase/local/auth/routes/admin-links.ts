import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Tx } from '../../contracts.ts';
import { audit } from '../audit.ts';
import { redirectTarget, requestMeta, requireAdmin, type AuthCtx } from '../context.ts';
import { AuthError, readJson, sendJson, validationFailed } from '../http.ts';
import { deliver, inviteMail, verifyLink, type LinkType } from '../mail.ts';
import { issueCode, type CodeType } from '../otp.ts';
import { checkPassword, hashPassword } from '../passwords.ts';
import { findUserByEmail, findUserById, userJson, type UserRow } from '../users.ts';
import { optionalObject, validEmail } from '../validate.ts';
import { insertUser } from './signup.ts';

const SERVICE = { id: null, email: 'service_role' };
const emailExists = () => new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
const notFound = () => new AuthError(404, 'user_not_found', 'User with this email not found');

/** A pending invitation: an unconfirmed user (made when unknown) with invited_at set. */
async function invitedUser(tx: Tx, email: string, data: Record<string, unknown>, hash: string | null = null): Promise<UserRow> {
  const found = await findUserByEmail(tx, email);
  if (found?.email_confirmed_at) throw emailExists();
  const user = found ?? (await insertUser(tx, email, hash, data, false, {}, { identityInMetadata: false }));
  await tx.query(`update auth.users set invited_at = now() where id = $1`, [user.id]);
  return user;
}

/**
 * POST /invite {email, data} (service role): GoTrue's Invite. The user is made unconfirmed with
 * `data` as metadata and invited_at, and mailed a link (type invite) that confirms and signs in;
 * a confirmed address is refused (422 email_exists).
 */
export async function invite(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  await requireAdmin(ctx, req);
  const body = await readJson(req);
  const email = validEmail(body.email);
  const data = optionalObject(body.data, 'data') ?? {};
  const redirectTo = redirectTarget(ctx, req);
  const meta = requestMeta(ctx, req);
  const json = await ctx.db.transaction(async (tx) => {
    const user = await invitedUser(tx, email, data);
    const { otp, linkToken } = await issueCode(tx, user.id, email, 'confirmation');
    await deliver(tx, inviteMail(email, verifyLink(ctx.publicUrl(), linkToken, 'invite', redirectTo), otp));
    await audit(tx, SERVICE, 'user_invited', meta, { user_id: user.id, user_email: email });
    return userJson(tx, (await findUserById(tx, user.id))!);
  });
  sendJson(res, 200, json);
}

const LINKS: Record<string, { code: CodeType; link: LinkType }> = {
  signup: { code: 'confirmation', link: 'signup' },
  invite: { code: 'confirmation', link: 'invite' },
  magiclink: { code: 'recovery', link: 'magiclink' },
  recovery: { code: 'recovery', link: 'recovery' },
  email_change_current: { code: 'email_change', link: 'email_change' },
  email_change_new: { code: 'email_change', link: 'email_change' },
};

/**
 * POST /admin/generate_link {type, email, password?, data?, new_email?} (service role): GoTrue's
 * adminGenerateLink. Sends nothing; answers the user with the link, its code and its hash, which
 * POST /verify and GET /verify take as they take e-mailed ones. A magic link for an unknown
 * address signs it up instead (as there); recovery and e-mail change need a known one. Both
 * e-mail change types give the one link that confirms the new address (the local stack has no
 * secure two-link change).
 */
export async function generateLink(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  await requireAdmin(ctx, req);
  const body = await readJson(req);
  const requested = typeof body.type === 'string' ? body.type : '';
  if (!LINKS[requested]) throw validationFailed(`Invalid email action link type requested: ${requested}`);
  const email = validEmail(body.email);
  const data = optionalObject(body.data, 'data') ?? {};
  const newEmail = requested.startsWith('email_change') ? validEmail(body.new_email) : undefined;
  let hash: string | null = null;
  if (typeof body.password === 'string' && body.password) {
    checkPassword(body.password, ctx.cfg.minPasswordLength);
    hash = await hashPassword(body.password);
  }
  const redirectTo = redirectTarget(ctx, req);
  const meta = requestMeta(ctx, req);
  const out = await ctx.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    const type = requested === 'magiclink' && !existing ? 'signup' : requested;
    const { code, link } = LINKS[type]!;
    let user: UserRow;
    if (type === 'signup') {
      if (existing?.email_confirmed_at) throw emailExists();
      user = existing ?? (await insertUser(tx, email, hash, data, false, {}, { identityInMetadata: false }));
      if (!existing) await audit(tx, SERVICE, 'user_signedup', meta, { user_id: user.id, user_email: email, provider: 'email' });
    } else if (type === 'invite') {
      user = await invitedUser(tx, email, data, hash);
    } else {
      if (!existing) throw notFound();
      user = existing;
    }
    let codeAddress = email;
    if (newEmail) {
      const holder = await findUserByEmail(tx, newEmail);
      if (holder) throw emailExists();
      await tx.query(`update auth.users set email_change = $2, email_change_confirm_status = 0 where id = $1`, [user.id, newEmail]);
      codeAddress = newEmail;
    }
    const { otp, linkToken } = await issueCode(tx, user.id, codeAddress, code);
    return {
      ...(await userJson(tx, (await findUserById(tx, user.id))!)),
      action_link: verifyLink(ctx.publicUrl(), linkToken, link, redirectTo),
      email_otp: otp, hashed_token: linkToken, redirect_to: redirectTo, verification_type: type,
    };
  });
  sendJson(res, 200, out);
}
