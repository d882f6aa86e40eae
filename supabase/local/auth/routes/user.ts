import type { IncomingMessage, ServerResponse } from 'node:http';
import { audit } from '../audit.ts';
import { redirectTarget, requestMeta, requireUser, sessionsEnded, type AuthCtx } from '../context.ts';
import { addEmailToAnonymous } from '../email-change.ts';
import { AuthError, readJson, sendJson } from '../http.ts';
import { checkPassword, comparePassword, hashPassword } from '../passwords.ts';
import { findUserById, storePassword, userJson } from '../users.ts';
import { checkNonce, consumeNonce, needsNonce } from './reauthenticate.ts';
import { optionalObject, validEmail } from '../validate.ts';

/** GET /user */
export async function getUser(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { user } = await requireUser(ctx, req);
  sendJson(res, 200, await userJson(ctx.db, user));
}

/** A verified factor makes aal2 the level that may change how the user signs in. */
async function hasVerifiedFactor(ctx: AuthCtx, userId: string): Promise<boolean> {
  const r = await ctx.db.query(`select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1`, [userId]);
  return r.rows.length > 0;
}

/**
 * PUT /user: user_metadata merge, password change, and an anonymous user's first e-mail address
 * (email-change.ts; a permanent user's e-mail change is not supported locally).
 * As GoTrue's UserUpdate: a user with a verified factor changes password or e-mail only from an
 * aal2 session (401 insufficient_aal); with secure_password_change an old session needs a nonce;
 * an anonymous user sets a password only together with an address.
 */
export async function updateUser(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { user, session } = await requireUser(ctx, req);
  const meta = requestMeta(ctx, req);
  const body = await readJson(req);
  const data = optionalObject(body.data, 'data');
  const password = body.password === undefined || body.password === null ? undefined : body.password;
  if (password !== undefined) {
    if (typeof password !== 'string') throw new AuthError(422, 'validation_failed', 'Password update requires a valid password');
    checkPassword(password, ctx.cfg.minPasswordLength);
  }
  const newEmail = body.email === undefined || body.email === null || body.email === '' ? undefined : validEmail(body.email);
  const changesEmail = newEmail !== undefined && newEmail !== (user.email ?? '').toLowerCase();
  if ((password || changesEmail || body.phone) && session.aal !== 'aal2' && (await hasVerifiedFactor(ctx, user.id))) {
    throw new AuthError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
  }
  if (user.is_anonymous && password && !newEmail && !body.phone) {
    throw new AuthError(422, 'validation_failed', 'Updating password of an anonymous user without an email or phone is not allowed');
  }
  if (changesEmail && !user.is_anonymous) throw new AuthError(422, 'email_change_not_supported', 'Email change is not supported by the local auth server');
  if (body.phone) throw new AuthError(422, 'phone_provider_disabled', 'Unsupported phone provider');
  let hash: string | undefined;
  let nonceToken: string | undefined;
  if (password !== undefined) {
    if (needsNonce(ctx, session)) nonceToken = await checkNonce(ctx, user, body.nonce);
    if (await comparePassword(password, user.encrypted_password)) {
      throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
    }
    hash = await hashPassword(password);
  }
  const updated = await ctx.db.transaction(async (tx) => {
    if (data) {
      // GoTrue's UpdateUserMetaData: top-level merge; a null value removes the key.
      const current = { ...(user.raw_user_meta_data ?? {}) };
      for (const [k, v] of Object.entries(data)) {
        if (v === null) delete current[k];
        else current[k] = v;
      }
      await tx.query(`update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1`, [user.id, JSON.stringify(current)]);
      await audit(tx, user, 'user_modified', meta);
    }
    if (hash) {
      if (nonceToken) await consumeNonce(tx, user.id, nonceToken);
      await storePassword(tx, user.id, session.id, hash);
      await audit(tx, user, 'user_updated_password', meta);
    }
    if (changesEmail && newEmail) await addEmailToAnonymous(ctx, tx, user, newEmail, meta, redirectTarget(ctx, req));
    return userJson(tx, (await findUserById(tx, user.id))!);
  });
  if (hash) await sessionsEnded(ctx);
  sendJson(res, 200, updated);
}

/** POST /logout?scope=global|local|others → 204, as GoTrue's Logout. */
export async function logout(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const scope = new URL(req.url ?? '/', 'http://local').searchParams.get('scope') ?? 'global';
  if (!['global', 'local', 'others'].includes(scope)) {
    throw new AuthError(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
  }
  const { user, session } = await requireUser(ctx, req);
  const meta = requestMeta(ctx, req);
  await ctx.db.transaction(async (tx) => {
    if (scope === 'local') await tx.query(`delete from auth.sessions where id = $1`, [session.id]);
    else if (scope === 'others') await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [user.id, session.id]);
    else await tx.query(`delete from auth.sessions where user_id = $1`, [user.id]);
    await audit(tx, user, 'logout', meta, { scope });
  });
  await sessionsEnded(ctx);
  res.writeHead(204);
  res.end();
}
