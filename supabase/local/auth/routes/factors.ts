import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Tx } from '../../contracts.ts';
import { audit } from '../audit.ts';
import { requestMeta, requireUser, sessionsEnded, type AuthCtx, type Authed } from '../context.ts';
import { AuthError, readJson, sendJson, validationFailed } from '../http.ts';
import { FIVE_MINUTES } from '../ratelimit.ts';
import { addAmrClaim, swapRefreshToken, tokenResponse, type RequestMeta } from '../sessions.ts';
import { matchTotpStep, newTotp } from '../totp.ts';
import { findUserById } from '../users.ts';
import { isUuid, optionalString } from '../validate.ts';
import { challengeWebAuthn, enrollWebAuthn, verifyWebAuthn } from './webauthn-factors.ts';

/** GoTrue's MFA challenge lifetime (config.MFA.ChallengeExpiryDuration). */
const CHALLENGE_EXPIRY_SECONDS = 300;

export interface FactorRow { id: string; user_id: string; friendly_name: string | null; factor_type: string; status: string; secret: string | null }

async function loadFactor(ctx: AuthCtx, authed: Authed, id: string | undefined): Promise<FactorRow> {
  const r = isUuid(id)
    ? await ctx.db.query<FactorRow>(
        `select id, user_id, friendly_name, factor_type::text as factor_type, status::text as status, secret
         from auth.mfa_factors where id = $1 and user_id = $2`,
        [id, authed.user.id],
      )
    : { rows: [] };
  const f = r.rows[0];
  if (!f) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
  return f;
}

/** The authentication_method a factor's verification records in mfa_amr_claims (GoTrue's amrMethodForFactorType). */
export const amrMethod = (factorType: string) => (factorType === 'totp' ? 'totp' : `mfa/${factorType}`);

/** GoTrue's validateFactors: a unique friendly name, room for one more, and aal2 once a factor is verified. */
export async function checkNewFactor(ctx: AuthCtx, { user, session }: Authed, name: string): Promise<void> {
  const existing = await ctx.db.query<{ friendly_name: string | null; status: string }>(
    `select friendly_name, status::text as status from auth.mfa_factors where user_id = $1`, [user.id],
  );
  if (existing.rows.some((f) => (f.friendly_name ?? '') === name)) {
    throw new AuthError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${name}" for this user already exists`);
  }
  if (existing.rows.length >= ctx.cfg.mfaMaxEnrolledFactors) {
    throw new AuthError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
  }
  if (existing.rows.some((f) => f.status === 'verified') && session.aal !== 'aal2') {
    throw new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
  }
}

/** POST /factors: enrol an (unverified) TOTP or WebAuthn factor. */
export async function enroll(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const authed = await requireUser(ctx, req);
  const body = await readJson(req);
  const type = body.factor_type;
  if (type === 'phone') throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  if (type === 'webauthn') {
    if (!ctx.cfg.webauthnEnroll) throw new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
    return enrollWebAuthn(ctx, req, res, authed, body);
  }
  if (type !== 'totp') throw validationFailed('factor_type needs to be totp, phone, or webauthn');
  if (!ctx.cfg.totpEnroll) throw new AuthError(422, 'mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
  const name = optionalString(body.friendly_name, 'friendly_name', 255) ?? '';
  const issuer = optionalString(body.issuer, 'issuer', 255) || new URL(ctx.cfg.siteUrl).host;
  const { user } = authed;
  await checkNewFactor(ctx, authed, name);
  const totp = await newTotp(issuer, user.email ?? '');
  const id = crypto.randomUUID();
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
      [id, user.id, name, totp.secret],
    );
    await audit(tx, user, 'factor_in_progress', requestMeta(ctx, req), { factor_id: id });
  });
  sendJson(res, 200, { id, type: 'totp', friendly_name: name, totp: { qr_code: totp.qrCode, secret: totp.secret, uri: totp.uri } });
}

/** POST /factors/{id}/challenge */
export async function challenge(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse, factorId: string | undefined): Promise<void> {
  const authed = await requireUser(ctx, req);
  const factor = await loadFactor(ctx, authed, factorId);
  await readJson(req);
  if (factor.factor_type === 'webauthn') return challengeWebAuthn(ctx, req, res, authed, factor);
  if (!ctx.cfg.totpVerify) throw new AuthError(422, 'mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
  const meta = requestMeta(ctx, req);
  const id = crypto.randomUUID();
  const created = await ctx.db.transaction(async (tx) => {
    const r = await tx.query<{ created_at: Date }>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3::inet) returning created_at`,
      [id, factor.id, meta.ip],
    );
    await audit(tx, authed.user, 'challenge_created', meta, { factor_id: factor.id, factor_status: factor.status });
    return r.rows[0]!.created_at;
  });
  const expiresAt = Math.floor(new Date(created).getTime() / 1000) + CHALLENGE_EXPIRY_SECONDS;
  sendJson(res, 200, { id, type: factor.factor_type, expires_at: expiresAt });
}

interface ChallengeRow { id: string; verified_at: Date | null; ip: string; expired: boolean }

/** POST /factors/{id}/verify: a valid code upgrades the session to aal2 and ends the user's aal1 sessions. */
export async function verify(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse, factorId: string | undefined): Promise<void> {
  const authed = await requireUser(ctx, req);
  const factor = await loadFactor(ctx, authed, factorId);
  const body = await readJson(req);
  if (factor.factor_type === 'webauthn') return verifyWebAuthn(ctx, req, res, authed, factor, body);
  const meta = requestMeta(ctx, req);
  const code = optionalString(body.code, 'code', 64) ?? '';
  if (!code) throw validationFailed('Code needs to be non-empty');
  const challengeId = optionalString(body.challenge_id, 'challenge_id', 64);
  ctx.limiter.take(`mfa:${factor.id}`, ctx.cfg.rateLimit.mfaVerify, FIVE_MINUTES);
  if (!ctx.cfg.totpVerify) throw new AuthError(422, 'mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
  const ch = isUuid(challengeId)
    ? await ctx.db.query<ChallengeRow>(
        `select id, verified_at, host(ip_address) as ip, created_at + make_interval(secs => $3) <= now() as expired
         from auth.mfa_challenges where id = $1 and factor_id = $2`,
        [challengeId, factor.id, CHALLENGE_EXPIRY_SECONDS],
      )
    : { rows: [] };
  const c = ch.rows[0];
  if (!c) throw new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  if (c.verified_at || c.ip !== meta.ip) throw new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
  if (c.expired) {
    throw new AuthError(422, 'mfa_challenge_expired', `MFA challenge ${c.id} has expired, verify against another challenge or create a new challenge.`);
  }
  const step = factor.secret ? matchTotpStep(factor.secret, code, Date.now()) : null;
  if (step === null) throw new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
  const out = await ctx.db.transaction(async (tx) => {
    // Atomic replay guard: only a step newer than the last accepted one may pass.
    const claimed = await tx.query(
      `update auth.mfa_factors set last_totp_step = $2, status = 'verified', updated_at = now()
       where id = $1 and (last_totp_step is null or last_totp_step < $2) returning id`,
      [factor.id, step],
    );
    if (!claimed.rows.length) throw new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
    const used = await tx.query(`update auth.mfa_challenges set verified_at = now() where id = $1 and verified_at is null returning id`, [c.id]);
    if (!used.rows.length) throw new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    await audit(tx, authed.user, 'verification_attempted', meta, { factor_id: factor.id, challenge_id: c.id, factor_type: 'totp' });
    return upgradeToAal2(tx, ctx, authed, factor, meta);
  });
  await sessionsEnded(ctx); // the user's aal1 sessions
  sendJson(res, 200, out);
}

/**
 * After a verified factor: the session moves to aal2 with the factor's AMR claim and a rotated
 * refresh token; the user's aal1 sessions end and their other unverified factors of that type go
 * (GoTrue's updateMFASessionAndClaims, InvalidateSessionsWithAALLessThan, DeleteUnverifiedFactors).
 * The caller refreshes the ended-session set after committing.
 */
export async function upgradeToAal2(
  tx: Tx, ctx: AuthCtx, authed: Authed, factor: Pick<FactorRow, 'id' | 'factor_type'>, meta: RequestMeta,
): Promise<Record<string, unknown>> {
  const sid = authed.session.id;
  const current = await tx.query<{ token: string }>(
    `select token from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`, [sid],
  );
  const refresh = await swapRefreshToken(tx, authed.user.id, current.rows[0]?.token ?? '', sid);
  await addAmrClaim(tx, sid, amrMethod(factor.factor_type));
  await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [sid, factor.id]);
  await tx.query(`delete from auth.sessions where user_id = $1 and aal < 'aal2'`, [authed.user.id]);
  await tx.query(
    `delete from auth.mfa_factors where user_id = $1 and factor_type = $2::auth.factor_type and status = 'unverified'`,
    [authed.user.id, factor.factor_type],
  );
  const user = (await findUserById(tx, authed.user.id))!;
  return tokenResponse(tx, ctx.keys, user, sid, refresh, ctx.cfg.jwtExpiry, meta);
}

/** DELETE /factors/{id}: a verified factor needs an aal2 session; its sessions fall back to aal1. */
export async function unenroll(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse, factorId: string | undefined): Promise<void> {
  const authed = await requireUser(ctx, req);
  const factor = await loadFactor(ctx, authed, factorId);
  if (factor.status === 'verified' && authed.session.aal !== 'aal2') {
    throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
  }
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `delete from auth.mfa_amr_claims where authentication_method = $2
         and session_id in (select id from auth.sessions where factor_id = $1)`,
      [factor.id, amrMethod(factor.factor_type)],
    );
    await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where user_id = $1 and factor_id = $2`, [authed.user.id, factor.id]);
    await tx.query(`delete from auth.mfa_factors where id = $1`, [factor.id]);
    await audit(tx, authed.user, 'factor_unenrolled', requestMeta(ctx, req), { factor_id: factor.id, factor_status: factor.status, session_id: authed.session.id });
  });
  sendJson(res, 200, { id: factor.id });
}
