import { createHmac, randomUUID } from 'node:crypto';
import { errors, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK } from 'jose';
import { JwtError, type Db, type JwtClaims, type Keys } from './contracts.ts';
import { configValue, type StackConfig } from './config.ts';

/** The Supabase CLI's local JWT secret; the well-known demo keys are signed with it. */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
/** The CLI's demo keys expire at this fixed time (2032-11-12), so they are the same everywhere. */
const DEMO_KEY_EXP = 1983812996;
// PostgREST tolerates this much clock skew on exp/nbf/iat.
const CLOCK_SKEW_SECONDS = 30;

const b64url = (s: string) => Buffer.from(s).toString('base64url');

/** Byte-for-byte the CLI's key: header {alg,typ}, payload {iss,role,exp} in that order. */
export function demoKey(role: 'anon' | 'service_role', secret: string): string {
  const body = `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(
    JSON.stringify({ iss: 'supabase-demo', role, exp: DEMO_KEY_EXP }),
  )}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

interface StoredKey {
  kid: string;
  private_jwk: JWK;
  public_jwk: JWK;
}

export type AsymmetricAlg = 'ES256' | 'RS256';

/**
 * The keys of user access tokens: the ES256 key kept in the database by default, or the JWK set
 * of `[auth] signing_keys_path` (auth/signing-keys.ts).
 */
export interface AccessTokenKeys {
  /** Signs access tokens (its kid goes in their header). */
  signer: { kid?: string; alg: AsymmetricAlg; privateKey: CryptoKey };
  /** Verify asymmetric tokens: a token's kid picks one; without a kid, any of its alg may. */
  verifiers: { kid?: string; alg: AsymmetricAlg; publicKey: CryptoKey }[];
  /** The public JWKs served at /auth/v1/.well-known/jwks.json. */
  jwks: Record<string, unknown>[];
}

/**
 * The ES256 signing key lives in the database (private schema `_local`), so user sessions signed
 * before a restart still verify after it. Created once; concurrent starts agree on the first row.
 */
async function loadOrCreateSigningKey(db: Db): Promise<StoredKey> {
  const select = 'select kid, private_jwk, public_jwk from _local.signing_keys order by created_at, kid limit 1';
  const existing = (await db.query<StoredKey>(select)).rows[0];
  if (existing) return existing;
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = randomUUID();
  const meta = { kid, alg: 'ES256', use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), ...meta, key_ops: ['sign'] };
  const publicJwk = { ...(await exportJWK(publicKey)), ...meta, key_ops: ['verify'] };
  await db.query(
    `insert into _local.signing_keys (kid, alg, private_jwk, public_jwk) values ($1, 'ES256', $2, $3) on conflict do nothing`,
    [kid, JSON.stringify(privateJwk), JSON.stringify(publicJwk)],
  );
  const stored = (await db.query<StoredKey>(select)).rows[0];
  if (!stored) throw new Error('Could not store the JWT signing key');
  return stored;
}

function decodeHeader(token: string): { alg?: unknown; kid?: unknown } {
  const parts = token.split('.');
  if (parts.length !== 3) throw new JwtError('PGRST301', `Expected 3 parts in JWT; got ${parts.length}`);
  try {
    const header = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8')) as unknown;
    if (typeof header !== 'object' || header === null) throw new Error('not an object');
    return header as { alg?: unknown; kid?: unknown };
  } catch {
    throw new JwtError('PGRST301', 'JWSError (CompactDecodeError Invalid JWS header)');
  }
}

/** The stored ES256 key as the access-token key set. */
async function storedKeys(db: Db): Promise<AccessTokenKeys> {
  const stored = await loadOrCreateSigningKey(db);
  return {
    signer: { kid: stored.kid, alg: 'ES256', privateKey: (await importJWK(stored.private_jwk, 'ES256')) as CryptoKey },
    verifiers: [{ kid: stored.kid, alg: 'ES256', publicKey: (await importJWK(stored.public_jwk, 'ES256')) as CryptoKey }],
    jwks: [{ ...stored.public_jwk }],
  };
}

const badSignature = () => new JwtError('PGRST301', 'JWSError JWSInvalidSignature');

/** jose's verdict in PostgREST's words; a signature that did not verify is `null` (try the next key). */
function jwtError(error: unknown): JwtError | null {
  if (error instanceof errors.JWTExpired) return new JwtError('PGRST303', 'JWT expired');
  if (error instanceof errors.JWTClaimValidationFailed) return new JwtError('PGRST303', error.message);
  if (error instanceof errors.JWSSignatureVerificationFailed) return null;
  return badSignature();
}

/**
 * Keys for the stack: the CLI's HS256 API keys plus the asymmetric keys of user sessions (JWKS):
 * `accessKeys` (a signing_keys_path file) when given, else the ES256 key stored in the database.
 */
export async function createKeys(db: Db, config: StackConfig, accessKeys?: AccessTokenKeys): Promise<Keys> {
  const secretText = (configValue(config, 'auth', 'jwt_secret') as string | undefined) || DEFAULT_JWT_SECRET;
  const secret = new TextEncoder().encode(secretText);
  const { signer, verifiers, jwks } = accessKeys ?? (await storedKeys(db));
  const verifyWith = async (token: string, key: Uint8Array | CryptoKey, alg: string) =>
    (await jwtVerify(token, key, { algorithms: [alg], clockTolerance: CLOCK_SKEW_SECONDS })).payload as JwtClaims;

  return {
    anonKey: demoKey('anon', secretText),
    serviceRoleKey: demoKey('service_role', secretText),

    async verify(token) {
      const header = decodeHeader(token);
      if (header.alg === 'HS256') {
        try {
          return await verifyWith(token, secret, 'HS256');
        } catch (error) {
          throw jwtError(error) ?? badSignature();
        }
      }
      const ofAlg = verifiers.filter((v) => v.alg === header.alg);
      // `none`, HS512, an algorithm none of our keys has …: never accepted, whatever the signature holds.
      if (!ofAlg.length) throw new JwtError('PGRST301', 'Wrong or unsupported encoding algorithm');
      // An unknown kid cannot be verified with any key we have: treat it as a bad signature.
      const candidates = header.kid === undefined ? ofAlg : ofAlg.filter((v) => v.kid === header.kid);
      for (const { publicKey, alg } of candidates) {
        try {
          return await verifyWith(token, publicKey, alg);
        } catch (error) {
          const refused = jwtError(error);
          if (refused) throw refused;
        }
      }
      throw badSignature();
    },

    async signAccessToken(claims) {
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: signer.alg, ...(signer.kid ? { kid: signer.kid } : {}), typ: 'JWT' })
        .sign(signer.privateKey);
    },

    jwks: () => ({ keys: jwks.map((k) => ({ ...k })) }),
  };
}
