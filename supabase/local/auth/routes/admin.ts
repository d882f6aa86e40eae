import type { IncomingMessage, ServerResponse } from 'node:http';
import { audit } from '../audit.ts';
import { requestMeta, requireAdmin, sessionsEnded, type AuthCtx } from '../context.ts';
import { AuthError, readJson, sendJson } from '../http.ts';
import { paginate, paginationHeaders } from '../pagination.ts';
import { checkPassword, hashPassword } from '../passwords.ts';
import { factorsJson, findUserByEmail, findUserById, storePassword, userJson, USER_COLUMNS, type UserRow } from '../users.ts';
import { isUuid, optionalObject, validEmail } from '../validate.ts';
import { amrMethod } from './factors.ts';
import { insertUser } from './signup.ts';

const notFound = () => new AuthError(404, 'user_not_found', 'User not found');

/** POST /admin/users {email, password, email_confirm, user_metadata, app_metadata} */
export async function createUser(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  await requireAdmin(ctx, req);
  const body = await readJson(req);
  const email = validEmail(body.email);
  const userMeta = optionalObject(body.user_metadata, 'user_metadata') ?? optionalObject(body.data, 'data') ?? {};
  const appMeta = optionalObject(body.app_metadata, 'app_metadata') ?? {};
  let hash: string | null = null;
  if (body.password !== undefined && body.password !== null) {
    if (typeof body.password !== 'string') throw new AuthError(422, 'validation_failed', 'Password must be a string');
    checkPassword(body.password, ctx.cfg.minPasswordLength);
    hash = await hashPassword(body.password);
  }
  if (await findUserByEmail(ctx.db, email)) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
  const json = await ctx.db.transaction(async (tx) => {
    const user = await insertUser(tx, email, hash, userMeta, body.email_confirm === true, appMeta, { identityInMetadata: false });
    await audit(tx, { id: null, email: 'service_role' }, 'user_signedup', requestMeta(ctx, req), { user_id: user.id, user_email: email, provider: 'email' });
    return userJson(tx, user);
  });
  sendJson(res, 200, json);
}

/** GET /admin/users?page=&per_page= → { users, aud } with GoTrue's x-total-count and link headers. */
export async function listUsers(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  await requireAdmin(ctx, req);
  const paging = paginate(req.url);
  const { page, perPage } = paging;
  const total = await ctx.db.query<{ n: string | number }>(`select count(*) as n from auth.users where deleted_at is null`);
  const rows = await ctx.db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where deleted_at is null order by created_at desc, id limit $1 offset $2`,
    [perPage, (page - 1) * perPage],
  );
  const users = [];
  for (const u of rows.rows) users.push(await userJson(ctx.db, u));
  const count = Number(total.rows[0]?.n ?? 0);
  sendJson(res, 200, { users, aud: 'authenticated' }, paginationHeaders('/admin/users', paging, count));
}

export async function getUserById(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse, id: string | undefined): Promise<void> {
  await requireAdmin(ctx, req);
  const user = isUuid(id) ? await findUserById(ctx.db, id) : null;
  if (!user) throw notFound();
  sendJson(res, 200, await userJson(ctx.db, user));
}

/**
 * PUT /admin/users/{id}: email (replaced at once, as GoTrue's adminUserUpdate: no confirmation
 * mail), password, email_confirm, user_metadata, app_metadata, ban_duration ("none" or hours like "24h").
 */
export async function updateUserById(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse, id: string | undefined): Promise<void> {
  await requireAdmin(ctx, req);
  const body = await readJson(req);
  const user = isUuid(id) ? await findUserById(ctx.db, id) : null;
  if (!user) throw notFound();
  const userMeta = optionalObject(body.user_metadata, 'user_metadata');
  const appMeta = optionalObject(body.app_metadata, 'app_metadata');
  const email = body.email === undefined || body.email === null || body.email === '' ? undefined : validEmail(body.email);
  const holder = email ? await findUserByEmail(ctx.db, email) : null;
  if (holder && holder.id !== user.id) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
  let hash: string | undefined;
  if (typeof body.password === 'string') {
    checkPassword(body.password, ctx.cfg.minPasswordLength);
    hash = await hashPassword(body.password);
  }
  let ban: string | null | undefined;
  if (typeof body.ban_duration === 'string') {
    const m = /^(\d{1,6})h$/.exec(body.ban_duration);
    if (body.ban_duration === 'none') ban = null;
    else if (m) ban = `${m[1]} hours`;
    else throw new AuthError(400, 'validation_failed', 'invalid format for ban duration');
  }
  const json = await ctx.db.transaction(async (tx) => {
    // As GoTrue's adminUserUpdate (UpdatePassword with no session): every session of the user ends.
    if (hash) await storePassword(tx, user.id, null, hash);
    if (email) {
      await tx.query(`update auth.users set email = $2 where id = $1`, [user.id, email]);
      await tx.query(`update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text) where user_id = $1 and provider = 'email'`, [user.id, email]);
    }
    if (body.email_confirm === true) await tx.query(`update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1`, [user.id]);
    if (userMeta) await tx.query(`update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb where id = $1`, [user.id, JSON.stringify(userMeta)]);
    if (appMeta) await tx.query(`update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || $2::jsonb where id = $1`, [user.id, JSON.stringify(appMeta)]);
    if (ban !== undefined) {
      await tx.query(`update auth.users set banned_until = case when $2::text is null then null else now() + $2::interval end where id = $1`, [user.id, ban]);
      if (ban) await tx.query(`delete from auth.sessions where user_id = $1`, [user.id]);
    }
    await tx.query(`update auth.users set updated_at = now() where id = $1`, [user.id]);
    await audit(tx, { id: null, email: 'service_role' }, 'user_modified', requestMeta(ctx, req), { user_id: user.id });
    return userJson(tx, (await findUserById(tx, user.id))!);
  });
  if (ban || hash) await sessionsEnded(ctx);
  sendJson(res, 200, json);
}

export async function deleteUserById(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse, id: string | undefined): Promise<void> {
  await requireAdmin(ctx, req);
  const user = isUuid(id) ? await findUserById(ctx.db, id) : null;
  if (!user) throw notFound();
  await ctx.db.transaction(async (tx) => {
    await tx.query(`delete from auth.users where id = $1`, [user.id]);
    await audit(tx, { id: null, email: 'service_role' }, 'user_deleted', requestMeta(ctx, req), { user_id: user.id, user_email: user.email });
  });
  await sessionsEnded(ctx); // the user's sessions went with it (on delete cascade)
  sendJson(res, 200, {});
}

/** GET /admin/users/{id}/factors: the user's factors, as GoTrue's adminUserGetFactors. */
export async function listFactors(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse, id: string | undefined): Promise<void> {
  await requireAdmin(ctx, req);
  const user = isUuid(id) ? await findUserById(ctx.db, id) : null;
  if (!user) throw notFound();
  sendJson(res, 200, await factorsJson(ctx.db, user.id));
}

/**
 * DELETE /admin/users/{userId}/factors/{factorId}: removes the factor and answers it (GoTrue's
 * adminUserDeleteFactor). Sessions that reached aal2 with it fall back to aal1, as on unenroll.
 */
export async function deleteFactor(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse, ids: string | undefined): Promise<void> {
  await requireAdmin(ctx, req);
  const [userId, factorId] = (ids ?? '').split('/');
  const user = isUuid(userId) ? await findUserById(ctx.db, userId) : null;
  if (!user) throw notFound();
  const [factor] = isUuid(factorId) ? await factorsJson(ctx.db, user.id, factorId) : [];
  if (!factor) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `delete from auth.mfa_amr_claims where authentication_method = $2 and session_id in (select id from auth.sessions where factor_id = $1)`,
      [factorId, amrMethod(String(factor.factor_type))],
    );
    await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where user_id = $1 and factor_id = $2`, [user.id, factorId]);
    await tx.query(`delete from auth.mfa_factors where id = $1`, [factorId]);
    await audit(tx, { id: null, email: 'service_role' }, 'factor_deleted', requestMeta(ctx, req), { user_id: user.id, factor_id: factorId });
  });
  sendJson(res, 200, factor);
}
