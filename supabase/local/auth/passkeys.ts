import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { AuthCtx } from './context.ts';
import { AuthError } from './http.ts';
import type { UserRow } from './users.ts';

/**
 * The WebAuthn ceremonies shared by passkeys (routes/passkeys.ts) and WebAuthn MFA factors
 * (routes/webauthn-factors.ts), on @simplewebauthn/server: options out, attestations and
 * assertions checked against the relying party of `[auth.webauthn]` (rp_id, rp_origins), never
 * against anything the client names. What the library leaves to the caller is here: the stored
 * challenge, the credential lookup, and go-webauthn's extra rules GoTrue inherits (backup
 * eligibility may not change; a sign counter that does not go up is a clone warning, not a refusal).
 */

/** Algorithms offered for new credentials: ES256 first (every authenticator has it), EdDSA, RS256. */
const ALGORITHMS = [-7, -8, -257];

/** The ceremony state kept with a challenge (go-webauthn's SessionData, in its JSON names). */
export interface CeremonyData {
  /** Local addition: which ceremony the challenge began, so an answer of the other kind is refused. */
  ceremony: 'create' | 'get';
  challenge: string;
  rpId: string;
  /** base64url of the user handle; absent for a discoverable sign-in. */
  user_id?: string;
  userVerification: string;
  /** base64url ids of the credentials the ceremony may answer with (assertions). */
  allowed_credentials?: string[];
  expires: string;
}

/** The WebAuthn user handle GoTrue gives a user: the bytes of its UUID's text form. */
export const userHandle = (userId: string) => new TextEncoder().encode(userId);

/** The user id an assertion's userHandle (base64url) names, or null. */
export function userIdFromHandle(handle: unknown): string | null {
  if (typeof handle !== 'string' || !isBase64Url(handle)) return null;
  const text = Buffer.from(handle, 'base64url').toString('utf8');
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text) ? text.toLowerCase() : null;
}

const isBase64Url = (s: string) => /^[A-Za-z0-9_-]*={0,2}$/.test(s);

/** The configured origins, as browsers write them in clientDataJSON (no trailing slash, lower-case host). */
function origins(ctx: AuthCtx): string[] {
  return ctx.cfg.webauthn.rpOrigins.map((o) => {
    try {
      const u = new URL(o);
      return u.origin === 'null' ? o : u.origin;
    } catch {
      return o; // e.g. android:apk-key-hash:…
    }
  });
}

function relyingParty(ctx: AuthCtx): { rpId: string; rpName: string; origins: string[] } {
  const { rpId, rpDisplayName } = ctx.cfg.webauthn;
  const list = origins(ctx);
  if (!rpId || !list.length) throw new AuthError(500, 'unexpected_failure', 'Failed to initialize WebAuthn');
  return { rpId, rpName: rpDisplayName, origins: list };
}

/** The WebAuthn name of a user: e-mail, else phone (GoTrue's webAuthnUser). */
export const webauthnName = (user: UserRow) => user.email || user.phone || user.id;

/** Creation options for navigator.credentials.create(), and the ceremony data to keep. */
export async function creationOptions(
  ctx: AuthCtx, user: UserRow, opts: { displayName: string; exclude: { id: string; transports?: string[] }[]; discoverable: boolean },
): Promise<{ options: PublicKeyCredentialCreationOptionsJSON; data: CeremonyData }> {
  const rp = relyingParty(ctx);
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpId,
    userName: webauthnName(user),
    userID: userHandle(user.id),
    userDisplayName: opts.displayName,
    timeout: ctx.cfg.webauthn.challengeExpiry * 1000,
    attestationType: 'none',
    excludeCredentials: opts.exclude,
    authenticatorSelection: opts.discoverable
      ? { residentKey: 'required', userVerification: 'preferred' }
      : { residentKey: 'discouraged', userVerification: 'preferred' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  return { options, data: ceremonyData(ctx, 'create', options.challenge, rp.rpId, options.user.id) };
}

/** Request options for navigator.credentials.get(); no `allow` for a discoverable (passkey) sign-in. */
export async function requestOptions(
  ctx: AuthCtx, allow?: { id: string; transports?: string[] }[], userId?: string,
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; data: CeremonyData }> {
  const rp = relyingParty(ctx);
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    timeout: ctx.cfg.webauthn.challengeExpiry * 1000,
    userVerification: 'preferred',
    ...(allow ? { allowCredentials: allow } : {}),
  });
  const handle = userId ? Buffer.from(userHandle(userId)).toString('base64url') : undefined;
  const data = ceremonyData(ctx, 'get', options.challenge, rp.rpId, handle);
  if (allow) data.allowed_credentials = allow.map((c) => c.id);
  return { options, data };
}

function ceremonyData(ctx: AuthCtx, ceremony: CeremonyData['ceremony'], challenge: string, rpId: string, userId?: string): CeremonyData {
  return {
    ceremony, challenge, rpId, ...(userId ? { user_id: userId } : {}), userVerification: 'preferred',
    expires: new Date(Date.now() + ctx.cfg.webauthn.challengeExpiry * 1000).toISOString(),
  };
}

type Fail = (msg: string) => AuthError;
const str = (v: unknown) => typeof v === 'string';

/** The fields a credential response must have before any cryptography (go-webauthn's Parse). */
function parsed<T>(raw: unknown, kind: 'create' | 'get', fail: Fail): T {
  const c = raw as Record<string, unknown> | null;
  const r = c && typeof c === 'object' ? (c.response as Record<string, unknown> | null) : null;
  const fields = kind === 'create' ? ['clientDataJSON', 'attestationObject'] : ['clientDataJSON', 'authenticatorData', 'signature'];
  if (!c || !r || typeof r !== 'object' || !str(c.id) || !isBase64Url(c.id as string) || c.type !== 'public-key') throw fail('Invalid credential response');
  if (!fields.every((f) => str(r[f]) && isBase64Url(r[f] as string))) throw fail('Invalid credential response');
  if (r.userHandle !== undefined && r.userHandle !== null && !str(r.userHandle)) throw fail('Invalid credential response');
  try {
    JSON.parse(Buffer.from(r.clientDataJSON as string, 'base64url').toString('utf8'));
  } catch {
    throw fail('Invalid credential response');
  }
  // rawId as the browser serialises it (supabase-js and @simplewebauthn/browser send both, equal).
  return { ...c, rawId: str(c.rawId) ? c.rawId : c.id, clientExtensionResults: c.clientExtensionResults ?? {} } as T;
}

/** A credential a ceremony created, in the forms both stores need. */
export interface NewCredential {
  id: Buffer;
  publicKey: Buffer;
  signCount: number;
  aaguid: string;
  attestationType: string;
  transports: string[];
  backupEligible: boolean;
  backedUp: boolean;
  userPresent: boolean;
  userVerified: boolean;
  attachment: string;
}

/**
 * Checks an attestation (navigator.credentials.create()) against the challenge it answers and the
 * relying party: challenge, origin, rpId hash, user presence, algorithm, attestation statement.
 */
export async function verifyAttestation(ctx: AuthCtx, raw: unknown, data: CeremonyData, fail: { parse: Fail; verify: Fail }): Promise<NewCredential> {
  const response = parsed<RegistrationResponseJSON>(raw, 'create', fail.parse);
  const rp = relyingParty(ctx);
  // A challenge begun under another rp_id, or for a sign-in, cannot finish a registration.
  if (data.rpId !== rp.rpId || data.ceremony !== 'create') throw fail.verify('Credential verification failed');
  let info;
  try {
    const out = await verifyRegistrationResponse({
      response,
      expectedChallenge: data.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpId,
      requireUserPresence: true,
      requireUserVerification: false, // userVerification "preferred", as GoTrue's
      supportedAlgorithmIDs: ALGORITHMS,
    });
    if (!out.verified) throw new Error('not verified');
    info = out.registrationInfo;
  } catch {
    throw fail.verify('Credential verification failed');
  }
  const transports = Array.isArray(response.response.transports) ? response.response.transports.filter(str).slice(0, 10) : [];
  return {
    id: Buffer.from(info.credential.id, 'base64url'),
    publicKey: Buffer.from(info.credential.publicKey),
    signCount: info.credential.counter,
    aaguid: info.aaguid,
    attestationType: info.fmt,
    transports,
    backupEligible: info.credentialDeviceType === 'multiDevice',
    backedUp: info.credentialBackedUp,
    userPresent: true,
    userVerified: info.userVerified,
    attachment: typeof response.authenticatorAttachment === 'string' ? response.authenticatorAttachment : '',
  };
}

/** The credential an assertion (navigator.credentials.get()) claims, before it is checked. */
export function assertionCredential(raw: unknown, fail: Fail): { response: AuthenticationResponseJSON; credentialId: Buffer; userId: string | null } {
  const response = parsed<AuthenticationResponseJSON>(raw, 'get', fail);
  if (response.rawId !== response.id) throw fail('Invalid credential response');
  return { response, credentialId: Buffer.from(response.id, 'base64url'), userId: userIdFromHandle(response.response.userHandle) };
}

export interface StoredCredential { id: Buffer; publicKey: Buffer; signCount: number; backupEligible: boolean; transports: string[] }

/**
 * Checks an assertion against the challenge, the relying party and the stored public key. The
 * counter it returns never goes down: a counter that does not increase is reported as a clone
 * warning and the sign-in still succeeds, as go-webauthn's UpdateCounter (GoTrue does not refuse it).
 */
export async function verifyAssertion(
  ctx: AuthCtx, response: AuthenticationResponseJSON, data: CeremonyData, stored: StoredCredential, fail: Fail,
): Promise<{ signCount: number; cloneWarning: boolean; backedUp: boolean; userVerified: boolean }> {
  const rp = relyingParty(ctx);
  if (data.rpId !== rp.rpId || data.ceremony !== 'get') throw fail('Credential verification failed');
  if (data.allowed_credentials && !data.allowed_credentials.includes(stored.id.toString('base64url'))) throw fail('Credential verification failed');
  let info;
  try {
    const out = await verifyAuthenticationResponse({
      response,
      expectedChallenge: data.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpId,
      // The library refuses any counter not above this; the comparison is made below instead.
      credential: { id: stored.id.toString('base64url'), publicKey: new Uint8Array(stored.publicKey), counter: 0, transports: stored.transports },
      requireUserVerification: false,
    });
    if (!out.verified) throw new Error('bad signature');
    info = out.authenticationInfo;
  } catch {
    throw fail('Credential verification failed');
  }
  // go-webauthn: backup eligibility is fixed for a credential's life.
  if ((info.credentialDeviceType === 'multiDevice') !== stored.backupEligible) throw fail('Credential verification failed');
  const counter = info.newCounter;
  const cloneWarning = counter <= stored.signCount && (counter !== 0 || stored.signCount !== 0);
  return { signCount: cloneWarning ? stored.signCount : counter, cloneWarning, backedUp: info.credentialBackedUp, userVerified: info.userVerified };
}
