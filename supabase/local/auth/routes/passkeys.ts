import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Tx } from '../../contracts.ts';
import { audit } from '../audit.ts';
import { requestMeta, requireAdmin, requireUser, type AuthCtx, type Authed } from '../context.ts';
import { AuthError, badRequest, readJson, sendJson, validationFailed } from '../http.ts';
import {
  assertionCredential, creationOptions, requestOptions, verifyAssertion, verifyAttestation, webauthnName, type CeremonyData,
} from '../passkeys.ts';
import { FIVE_MINUTES } from '../ratelimit.ts';
import { createSession, tokenResponse } from '../sessions.ts';
import { findUserById, iso, type UserRow } from '../users.ts';
import { isUuid, optionalString } from '../validate.ts';

/**
 * Passkeys (GoTrue's experimental [auth.passkey]): discoverable WebAuthn credentials a signed-in
 * user registers and later signs in with, without a password, under /passkeys; an admin lists and
 * removes them under /admin/users/{id}/passkeys. Every /passkeys path answers 404 passkey_disabled
 * while passkeys are off (GoTrue's requirePasskeyEnabled); the admin routes answer regardless, as
 * GoTrue's do. Ceremonies: ../passkeys.ts.
 */

type Handler = (ctx: AuthCtx, req: IncomingMessage, res: ServerResponse, id?: string) => Promise<void>;

/** The route for a /passkeys or /admin/users/{id}/passkeys request, or null. */
export function passkeyRoute(method: string, path: string): { fn: Handler; id?: string } | null {
  if (path === '/passkeys' || path.startsWith('/passkeys/')) {
    const fixed: Record<string, Handler> = {
      'POST /passkeys/registration/options': registrationOptions,
      'POST /passkeys/registration/verify': registrationVerify,
      'POST /passkeys/authentication/options': authenticationOptions,
      'POST /passkeys/authentication/verify': authenticationVerify,
      'GET /passkeys': list,
    };
    const m = /^\/passkeys\/([^/]+)$/.exec(path);
    const found = fixed[`${method} ${path}`]
      ? { fn: fixed[`${method} ${path}`]! }
      : m && method === 'PATCH' ? { fn: update, id: m[1] } : m && method === 'DELETE' ? { fn: remove, id: m[1] } : null;
    return { fn: requireEnabled(found), id: found?.id };
  }
  const m = /^\/admin\/users\/([^/]+)\/passkeys(?:\/([^/]+))?$/.exec(path);
  if (m && method === 'GET' && !m[2]) return { fn: adminList, id: m[1] };
  if (m && method === 'DELETE' && m[2]) return { fn: adminRemove, id: `${m[1]}/${m[2]}` };
  return null;
}

/** GoTrue's requirePasskeyEnabled runs before anything else under /passkeys, unknown paths included. */
const requireEnabled = (found: { fn: Handler } | null): Handler => async (ctx, req, res, id) => {
  if (!ctx.cfg.passkey.enabled) throw new AuthError(404, 'passkey_disabled', 'Passkeys are disabled');
  if (!found) throw new AuthError(404, 'not_found', 'Not Found');
  return found.fn(ctx, req, res, id);
};

const notFound = () => new AuthError(404, 'validation_failed', 'Passkey not found');
const verificationFailed = (msg: string) => badRequest('webauthn_verification_failed', msg);

/** GoTrue's requireNotAnonymous on the registration routes. */
function notAnonymous(authed: Authed): void {
  if (authed.claims.is_anonymous === true || authed.user.is_anonymous) {
    throw new AuthError(403, 'no_authorization', 'Anonymous user not allowed to perform these actions');
  }
}

/** requirePasskeyManagementAAL: with a verified MFA factor, adding or removing a passkey needs aal2. */
async function requireManagementAal(ctx: AuthCtx, { user, session }: Authed): Promise<void> {
  const verified = await ctx.db.query(`select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1`, [user.id]);
  if (verified.rows.length && session.aal !== 'aal2') {
    throw new AuthError(403, 'insufficient_aal', 'AAL2 session is required to manage passkeys when MFA is enabled');
  }
}

interface PasskeyRow { id: string; user_id: string; friendly_name: string; created_at: Date; last_used_at: Date | null }
const COLUMNS = 'id, user_id, friendly_name, created_at, last_used_at';

/** GoTrue's PasskeyListItem (friendly_name and last_used_at omitted when empty). */
const item = (p: PasskeyRow) => ({ id: p.id, friendly_name: p.friendly_name || undefined, created_at: iso(p.created_at), last_used_at: iso(p.last_used_at) });

async function passkeysOf(tx: Tx, userId: string): Promise<PasskeyRow[]> {
  return (await tx.query<PasskeyRow>(`select ${COLUMNS} from auth.webauthn_credentials where user_id = $1 order by created_at, id`, [userId])).rows;
}

/** Stores a ceremony's challenge; expired ones (abandoned ceremonies) are swept on the way. */
async function storeChallenge(ctx: AuthCtx, userId: string | null, type: string, data: CeremonyData): Promise<{ id: string; expiresAt: number }> {
  const expires = new Date(data.expires);
  const id = crypto.randomUUID();
  await ctx.db.transaction(async (tx) => {
    await tx.query(`delete from auth.webauthn_challenges where expires_at < now() - interval '1 minute'`);
    await tx.query(
      `insert into auth.webauthn_challenges (id, user_id, challenge_type, session_data, expires_at) values ($1, $2, $3, $4::jsonb, $5::timestamptz)`,
      [id, userId, type, JSON.stringify(data), expires.toISOString()],
    );
  });
  return { id, expiresAt: Math.floor(expires.getTime() / 1000) };
}

/**
 * challenge_id and credential of a verify body, and the challenge they name, consumed: the row is
 * deleted before anything is checked, so a challenge answers once whatever the outcome.
 */
async function consumeChallenge(ctx: AuthCtx, body: Record<string, unknown>, type: string, userId: string | null): Promise<CeremonyData> {
  const challengeId = optionalString(body.challenge_id, 'challenge_id', 1000) ?? '';
  if (!challengeId) throw validationFailed('challenge_id is required');
  if (body.credential === undefined || body.credential === null) throw validationFailed('credential is required');
  if (!isUuid(challengeId)) throw validationFailed('challenge_id must be a valid UUID');
  const r = await ctx.db.query<{ session_data: CeremonyData; expired: boolean }>(
    `delete from auth.webauthn_challenges where id = $1 and challenge_type = $2 and user_id is not distinct from $3::uuid
     returning session_data, expires_at < now() as expired`,
    [challengeId, type, userId],
  );
  const row = r.rows[0];
  if (!row) throw badRequest('webauthn_challenge_not_found', 'Challenge not found or already used');
  if (row.expired) throw badRequest('webauthn_challenge_expired', 'Challenge has expired');
  return row.session_data;
}

const displayName = (user: UserRow) => {
  const name = user.raw_user_meta_data?.name;
  return typeof name === 'string' && name ? name : webauthnName(user);
};

/** POST /passkeys/registration/options: creation options for a new passkey of the signed-in user. */
async function registrationOptions(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const authed = await requireUser(ctx, req);
  notAnonymous(authed);
  await readJson(req);
  await requireManagementAal(ctx, authed);
  const existing = await ctx.db.query<{ credential_id: string; transports: string[] | null }>(
    `select encode(credential_id, 'hex') as credential_id, transports from auth.webauthn_credentials where user_id = $1 order by created_at`,
    [authed.user.id],
  );
  if (existing.rows.length >= ctx.cfg.passkey.maxPerUser) throw new AuthError(422, 'too_many_passkeys', 'Maximum number of passkeys reached');
  const exclude = existing.rows.map((c) => ({ id: Buffer.from(c.credential_id, 'hex').toString('base64url') }));
  const { options, data } = await creationOptions(ctx, authed.user, { displayName: displayName(authed.user), exclude, discoverable: true });
  const challenge = await storeChallenge(ctx, authed.user.id, 'registration', data);
  sendJson(res, 200, { challenge_id: challenge.id, options, expires_at: challenge.expiresAt });
}

/** POST /passkeys/registration/verify: checks the attestation and stores the passkey. */
async function registrationVerify(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const authed = await requireUser(ctx, req);
  notAnonymous(authed);
  await requireManagementAal(ctx, authed);
  const body = await readJson(req);
  const data = await consumeChallenge(ctx, body, 'registration', authed.user.id);
  const cred = await verifyAttestation(ctx, body.credential, data, { parse: verificationFailed, verify: verificationFailed });
  const meta = requestMeta(ctx, req);
  const created = await ctx.db.transaction(async (tx) => {
    // The user's row is locked so two registrations cannot both take the last free place.
    await tx.query(`select id from auth.users where id = $1 for update`, [authed.user.id]);
    const n = await tx.query<{ n: number | string }>(`select count(*) as n from auth.webauthn_credentials where user_id = $1`, [authed.user.id]);
    if (Number(n.rows[0]?.n ?? 0) >= ctx.cfg.passkey.maxPerUser) throw new AuthError(422, 'too_many_passkeys', 'Maximum number of passkeys reached');
    const r = await tx.query<PasskeyRow>(
      `insert into auth.webauthn_credentials (user_id, credential_id, public_key, attestation_type, aaguid, sign_count, transports,
         backup_eligible, backed_up, friendly_name)
       values ($1, decode($2, 'hex'), decode($3, 'hex'), $4, $5::uuid, $6, $7::jsonb, $8, $9, $10)
       on conflict (credential_id) do nothing
       returning ${COLUMNS}`,
      [authed.user.id, cred.id.toString('hex'), cred.publicKey.toString('hex'), cred.attestationType, cred.aaguid, cred.signCount,
        JSON.stringify(cred.transports), cred.backupEligible, cred.backedUp, 'Passkey'],
    );
    const row = r.rows[0];
    if (!row) throw new AuthError(422, 'webauthn_credential_exists', 'This credential is already registered');
    await audit(tx, authed.user, 'passkey_created', meta, { passkey_id: row.id });
    return row;
  });
  sendJson(res, 200, { id: created.id, friendly_name: created.friendly_name || undefined, created_at: iso(created.created_at) });
}

/** POST /passkeys/authentication/options: a discoverable sign-in (no user named, no credentials listed). */
async function authenticationOptions(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const meta = requestMeta(ctx, req);
  ctx.limiter.take(`passkey:${meta.ip}`, ctx.cfg.rateLimit.passkey, FIVE_MINUTES);
  await readJson(req); // gotrue_meta_security: no captcha on the local stack
  const { options, data } = await requestOptions(ctx);
  const challenge = await storeChallenge(ctx, null, 'authentication', data);
  sendJson(res, 200, { challenge_id: challenge.id, options, expires_at: challenge.expiresAt });
}

interface CredentialRow { id: string; public_key: string; sign_count: number | string; backup_eligible: boolean; transports: string[] | null }

/**
 * POST /passkeys/authentication/verify: the assertion's user handle names the user, whose own
 * passkey must have signed the challenge; then a session (amr "passkey") is opened.
 */
async function authenticationVerify(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readJson(req);
  const data = await consumeChallenge(ctx, body, 'authentication', null);
  const { response, credentialId, userId } = assertionCredential(body.credential, verificationFailed);
  const user = userId ? await findUserById(ctx.db, userId) : null;
  const stored = user
    ? (await ctx.db.query<CredentialRow>(
        `select id, encode(public_key, 'hex') as public_key, sign_count, backup_eligible, transports
         from auth.webauthn_credentials where credential_id = decode($1, 'hex') and user_id = $2`,
        [credentialId.toString('hex'), user.id],
      )).rows[0]
    : undefined;
  if (!user || !stored) throw verificationFailed('Credential verification failed');
  const checked = await verifyAssertion(ctx, response, data, {
    id: credentialId, publicKey: Buffer.from(stored.public_key, 'hex'), signCount: Number(stored.sign_count),
    backupEligible: stored.backup_eligible, transports: stored.transports ?? [],
  }, verificationFailed);
  if (user.email && !user.email_confirmed_at) throw new AuthError(403, 'email_not_confirmed', 'Email not confirmed');
  if (user.phone && !user.phone_confirmed_at) throw new AuthError(403, 'phone_not_confirmed', 'Phone not confirmed');
  if (user.banned_until && user.banned_until.getTime() > Date.now()) throw new AuthError(403, 'user_banned', 'User is banned');
  const meta = requestMeta(ctx, req);
  const out = await ctx.db.transaction(async (tx) => {
    await tx.query(
      `update auth.webauthn_credentials set sign_count = greatest(sign_count, $2), backed_up = $3, last_used_at = now(), updated_at = now() where id = $1`,
      [stored.id, checked.signCount, checked.backedUp],
    );
    await audit(tx, user, 'login', meta, { passkey_id: stored.id, ...(checked.cloneWarning ? { clone_warning: true } : {}) });
    await tx.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [user.id]);
    const fresh = (await findUserById(tx, user.id))!;
    const { sessionId, refreshToken } = await createSession(tx, fresh, 'passkey', meta);
    return tokenResponse(tx, ctx.keys, fresh, sessionId, refreshToken, ctx.cfg.jwtExpiry, meta);
  });
  sendJson(res, 200, out);
}

/** GET /passkeys: the signed-in user's passkeys, oldest first. */
async function list(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { user } = await requireUser(ctx, req);
  sendJson(res, 200, (await passkeysOf(ctx.db, user.id)).map(item));
}

/** PATCH /passkeys/{id} {friendly_name}: renames one of the user's passkeys. */
async function update(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse, id: string | undefined): Promise<void> {
  const authed = await requireUser(ctx, req);
  if (!isUuid(id)) throw notFound();
  const body = await readJson(req);
  const name = optionalString(body.friendly_name, 'friendly_name', 100_000) ?? '';
  if (!name) throw validationFailed('friendly_name is required');
  if (Buffer.byteLength(name) > 120) throw validationFailed('friendly_name must be 120 characters or less');
  const row = await ctx.db.transaction(async (tx) => {
    const r = await tx.query<PasskeyRow>(
      `update auth.webauthn_credentials set friendly_name = $3, updated_at = now() where id = $1 and user_id = $2 returning ${COLUMNS}`,
      [id, authed.user.id, name],
    );
    if (!r.rows[0]) throw notFound();
    await audit(tx, authed.user, 'passkey_updated', requestMeta(ctx, req), { passkey_id: id });
    return r.rows[0];
  });
  sendJson(res, 200, item(row));
}

function noContent(res: ServerResponse): void {
  res.writeHead(204);
  res.end();
}

/** DELETE /passkeys/{id}: removes one of the user's passkeys (aal2 when MFA is on). */
async function remove(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse, id: string | undefined): Promise<void> {
  const authed = await requireUser(ctx, req);
  await requireManagementAal(ctx, authed);
  if (!isUuid(id)) throw notFound();
  await ctx.db.transaction(async (tx) => {
    const r = await tx.query(`delete from auth.webauthn_credentials where id = $1 and user_id = $2 returning id`, [id, authed.user.id]);
    if (!r.rows[0]) throw notFound();
    await audit(tx, authed.user, 'passkey_deleted', requestMeta(ctx, req), { passkey_id: id });
  });
  noContent(res);
}

/** GoTrue's loadUser for /admin/users/{user_id}/… */
async function adminUser(ctx: AuthCtx, req: IncomingMessage, userId: string | undefined): Promise<UserRow> {
  await requireAdmin(ctx, req);
  if (!isUuid(userId)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID');
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
  return user;
}

/** GET /admin/users/{id}/passkeys */
async function adminList(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse, userId: string | undefined): Promise<void> {
  const user = await adminUser(ctx, req, userId);
  sendJson(res, 200, (await passkeysOf(ctx.db, user.id)).map(item));
}

/** DELETE /admin/users/{id}/passkeys/{passkey_id} */
async function adminRemove(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse, ids: string | undefined): Promise<void> {
  const [userId, passkeyId] = (ids ?? '').split('/');
  const user = await adminUser(ctx, req, userId);
  if (!isUuid(passkeyId)) throw notFound();
  await ctx.db.transaction(async (tx) => {
    const r = await tx.query(`delete from auth.webauthn_credentials where id = $1 and user_id = $2 returning id`, [passkeyId, user.id]);
    if (!r.rows[0]) throw notFound();
    await audit(tx, { id: null, email: 'service_role' }, 'passkey_deleted', requestMeta(ctx, req), { user_id: user.id, passkey_id: passkeyId });
  });
  noContent(res);
}
