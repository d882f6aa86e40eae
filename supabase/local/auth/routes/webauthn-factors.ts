import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Tx } from '../../contracts.ts';
import { audit } from '../audit.ts';
import { requestMeta, sessionsEnded, type AuthCtx, type Authed } from '../context.ts';
import { AuthError, badRequest, sendJson, validationFailed } from '../http.ts';
import {
  assertionCredential, creationOptions, requestOptions, userIdFromHandle, verifyAssertion, verifyAttestation, webauthnName,
  type CeremonyData, type NewCredential,
} from '../passkeys.ts';
import { FIVE_MINUTES } from '../ratelimit.ts';
import { isUuid, optionalString } from '../validate.ts';
import { checkNewFactor, upgradeToAal2, type FactorRow } from './factors.ts';

/**
 * WebAuthn MFA factors ([auth.mfa.web_authn]): enrolled like a TOTP factor, then verified by a
 * WebAuthn registration ("create": the factor's security key is registered and the session
 * reaches aal2) and later by assertions ("request"). Relying party: [auth.webauthn], as GoTrue's
 * getWebAuthnMFA. routes/factors.ts sends `factor_type: webauthn` here.
 */

/** GoTrue's MFA challenge lifetime (config.MFA.ChallengeExpiryDuration), as for TOTP. */
const CHALLENGE_EXPIRY_SECONDS = 300;

/** go-webauthn's Credential, as GoTrue keeps it in mfa_factors.web_authn_credential ([]byte fields in standard base64). */
interface CredentialJson {
  id: string;
  publicKey: string;
  attestationType: string;
  transport: string[];
  flags: { userPresent: boolean; userVerified: boolean; backupEligible: boolean; backupState: boolean };
  authenticator: { AAGUID: string; signCount: number; cloneWarning: boolean; attachment: string };
}

function credentialJson(c: NewCredential): CredentialJson {
  return {
    id: c.id.toString('base64'),
    publicKey: c.publicKey.toString('base64'),
    attestationType: c.attestationType,
    transport: c.transports,
    flags: { userPresent: c.userPresent, userVerified: c.userVerified, backupEligible: c.backupEligible, backupState: c.backedUp },
    authenticator: { AAGUID: Buffer.from(c.aaguid.replaceAll('-', ''), 'hex').toString('base64'), signCount: c.signCount, cloneWarning: false, attachment: c.attachment },
  };
}

interface VerifiedCredential { factorId: string; credential: CredentialJson; id: Buffer }

/** The user's verified WebAuthn factors' credentials (GoTrue's User.WebAuthnCredentials). */
async function verifiedCredentials(tx: Tx, userId: string): Promise<VerifiedCredential[]> {
  const r = await tx.query<{ id: string; web_authn_credential: CredentialJson | null }>(
    `select id, web_authn_credential from auth.mfa_factors
     where user_id = $1 and factor_type = 'webauthn' and status = 'verified' and web_authn_credential is not null order by created_at`,
    [userId],
  );
  return r.rows
    .filter((f) => typeof f.web_authn_credential?.id === 'string')
    .map((f) => ({ factorId: f.id, credential: f.web_authn_credential!, id: Buffer.from(f.web_authn_credential!.id, 'base64') }));
}

/** POST /factors {factor_type: webauthn}: an unverified factor; its key is registered by the first verify. */
export async function enrollWebAuthn(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse, authed: Authed, body: Record<string, unknown>): Promise<void> {
  const name = optionalString(body.friendly_name, 'friendly_name', 255) ?? '';
  await checkNewFactor(ctx, authed, name);
  const id = crypto.randomUUID();
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at)
       values ($1, $2, $3, 'webauthn', 'unverified', now(), now())`,
      [id, authed.user.id, name],
    );
    await audit(tx, authed.user, 'factor_in_progress', requestMeta(ctx, req), { factor_id: id, factor_type: 'webauthn' });
  });
  sendJson(res, 200, { id, type: 'webauthn', friendly_name: name });
}

/**
 * POST /factors/{id}/challenge for a WebAuthn factor: creation options while it is unverified
 * (its first key), request options for the user's registered keys once verified.
 */
export async function challengeWebAuthn(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse, authed: Authed, factor: FactorRow): Promise<void> {
  if (!ctx.cfg.webauthnVerify) throw new AuthError(422, 'mfa_webauthn_verify_not_enabled', 'MFA verification is disabled for WebAuthn');
  const meta = requestMeta(ctx, req);
  const existing = await verifiedCredentials(ctx.db, authed.user.id);
  const descriptors = existing.map((c) => ({ id: c.id.toString('base64url'), transports: ['usb', 'nfc'] }));
  const ceremony = factor.status === 'verified'
    ? { type: 'request', ...(await requestOptions(ctx, descriptors.map(({ id }) => ({ id })), authed.user.id)) }
    : { type: 'create', ...(await creationOptions(ctx, authed.user, { displayName: webauthnName(authed.user), exclude: descriptors, discoverable: false })) };
  if (ceremony.type === 'request' && !existing.length) {
    throw new AuthError(422, 'webauthn_credential_not_found', 'No WebAuthn credential is registered for this factor');
  }
  const id = crypto.randomUUID();
  const created = await ctx.db.transaction(async (tx) => {
    const r = await tx.query<{ created_at: Date }>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address, web_authn_session_data)
       values ($1, $2, now(), $3::inet, $4::jsonb) returning created_at`,
      [id, factor.id, meta.ip, JSON.stringify(ceremony.data)],
    );
    await audit(tx, authed.user, 'challenge_created', meta, { factor_id: factor.id, factor_status: factor.status });
    return r.rows[0]!.created_at;
  });
  sendJson(res, 200, {
    id,
    type: 'webauthn',
    expires_at: Math.floor(new Date(created).getTime() / 1000) + CHALLENGE_EXPIRY_SECONDS,
    webauthn: { type: ceremony.type, credential_options: { publicKey: ceremony.options } },
  });
}

interface ChallengeRow { id: string; factor_id: string; created_at: Date; verified_at: Date | null; ip: string; expired: boolean; web_authn_session_data: CeremonyData | null }

/**
 * POST /factors/{id}/verify {challenge_id, webauthn: {type, credential_response}}: "create"
 * registers the factor's key (unverified factors only), "request" checks an assertion by one of
 * the user's WebAuthn keys (verified factors only); either way the session reaches aal2.
 */
export async function verifyWebAuthn(
  ctx: AuthCtx, req: IncomingMessage, res: ServerResponse, authed: Authed, factor: FactorRow, body: Record<string, unknown>,
): Promise<void> {
  ctx.limiter.take(`mfa:${factor.id}`, ctx.cfg.rateLimit.mfaVerify, FIVE_MINUTES);
  // GoTrue answers this with the enroll error code (mfa.go VerifyFactor).
  if (!ctx.cfg.webauthnVerify) throw new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA verification is disabled for WebAuthn');
  const w = body.webauthn;
  if (w === undefined || w === null) throw validationFailed('WebAuthn config required');
  if (typeof w !== 'object' || Array.isArray(w)) {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: json: cannot unmarshal into Go struct field .webauthn of type api.WebAuthnParams');
  }
  const { type, credential_response: credential } = w as Record<string, unknown>;
  if (type !== 'create' && type !== 'request') throw validationFailed('WebAuthn type must be create or request');
  if (credential === undefined || credential === null) throw validationFailed('credential_response required');
  const meta = requestMeta(ctx, req);
  const challengeId = optionalString(body.challenge_id, 'challenge_id', 64);
  const ch = isUuid(challengeId)
    ? await ctx.db.query<ChallengeRow>(
        `select id, factor_id, created_at, verified_at, host(ip_address) as ip, web_authn_session_data,
           created_at + make_interval(secs => $3) <= now() as expired
         from auth.mfa_challenges where id = $1 and factor_id = $2`,
        [challengeId, factor.id, CHALLENGE_EXPIRY_SECONDS],
      )
    : { rows: [] };
  const c = ch.rows[0];
  if (!c || !c.web_authn_session_data) throw new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  if (c.verified_at || c.ip !== meta.ip) throw new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
  if (c.expired) {
    await ctx.db.query(`delete from auth.mfa_challenges where id = $1`, [c.id]);
    throw new AuthError(422, 'mfa_challenge_expired', `MFA challenge ${c.id} has expired, verify against another challenge or create a new challenge.`);
  }
  const data = c.web_authn_session_data;
  const failed = () => badRequest('webauthn_verification_failed', 'Credential verification failed');
  // A registration answers the creation challenge of an unverified factor only, an assertion the
  // request challenge of a verified one (a fresh key cannot stand in for the registered one).
  const expected = factor.status === 'verified' ? 'request' : 'create';
  if (type !== expected || data.ceremony !== (expected === 'create' ? 'create' : 'get')) throw failed();
  const invalid = () => validationFailed('Invalid credential_response');

  let registered: NewCredential | null = null;
  let used: { factorId: string; credential: CredentialJson; signCount: number; cloneWarning: boolean; backedUp: boolean } | null = null;
  const existing = await verifiedCredentials(ctx.db, authed.user.id);
  if (type === 'create') {
    registered = await verifyAttestation(ctx, credential, data, { parse: invalid, verify: failed });
    if (existing.some((e) => e.id.equals(registered!.id))) {
      throw new AuthError(422, 'webauthn_credential_exists', 'This credential is already registered');
    }
  } else {
    const assertion = assertionCredential(credential, invalid);
    const handle = assertion.response.response.userHandle;
    if (handle && userIdFromHandle(handle) !== authed.user.id) throw failed();
    const match = existing.find((e) => e.id.equals(assertion.credentialId));
    if (!match) throw failed();
    const stored = match.credential;
    const checked = await verifyAssertion(ctx, assertion.response, data, {
      id: match.id, publicKey: Buffer.from(stored.publicKey, 'base64'), signCount: Number(stored.authenticator?.signCount ?? 0),
      backupEligible: !!stored.flags?.backupEligible, transports: stored.transport ?? [],
    }, () => failed());
    used = { factorId: match.factorId, credential: stored, ...checked };
  }

  const out = await ctx.db.transaction(async (tx) => {
    // The challenge is spent: a second answer to it (a replay, or a race) finds nothing.
    const spent = await tx.query(`delete from auth.mfa_challenges where id = $1 and verified_at is null returning id`, [c.id]);
    if (!spent.rows.length) throw new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    await audit(tx, authed.user, 'verification_attempted', meta, { factor_id: factor.id, challenge_id: c.id, factor_type: 'webauthn' });
    if (registered) {
      const r = await tx.query(
        `update auth.mfa_factors set status = 'verified', web_authn_credential = $2::jsonb, web_authn_aaguid = $3::uuid, updated_at = now()
         where id = $1 and status = 'unverified' returning id`,
        [factor.id, JSON.stringify(credentialJson(registered)), registered.aaguid],
      );
      if (!r.rows.length) throw failed(); // verified meanwhile by another challenge
    } else if (used) {
      const cred: CredentialJson = {
        ...used.credential,
        flags: { ...used.credential.flags, backupState: used.backedUp },
        authenticator: { ...used.credential.authenticator, signCount: used.signCount, cloneWarning: used.cloneWarning },
      };
      await tx.query(`update auth.mfa_factors set web_authn_credential = $2::jsonb, updated_at = now() where id = $1`, [used.factorId, JSON.stringify(cred)]);
    }
    const last = {
      challenge: { challenge_id: c.id, factor_id: factor.id, created_at: new Date(c.created_at).toISOString(), ip_address: c.ip, web_authn_session_data: data },
      type,
      credential_response: credential,
    };
    await tx.query(`update auth.mfa_factors set last_webauthn_challenge_data = $2::jsonb where id = $1`, [factor.id, JSON.stringify(last)]);
    return upgradeToAal2(tx, ctx, authed, factor, meta);
  });
  await sessionsEnded(ctx); // the user's aal1 sessions
  sendJson(res, 200, out);
}
