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

/** Keys for the stack: the CLI's HS256 API keys plus an ES256 key (JWKS) for user sessions. */
export async function createKeys(db: Db, config: StackConfig): Promise<Keys> {
  const secretText = (configValue(config, 'auth', 'jwt_secret') as string | undefined) || DEFAULT_JWT_SECRET;
  const secret = new TextEncoder().encode(secretText);
  const stored = await loadOrCreateSigningKey(db);
  const privateKey = await importJWK(stored.private_jwk, 'ES256');
  const publicKey = await importJWK(stored.public_jwk, 'ES256');
  const publicJwk = { ...stored.public_jwk };

  return {
    anonKey: demoKey('anon', secretText),
    serviceRoleKey: demoKey('service_role', secretText),

    async verify(token) {
      const header = decodeHeader(token);
      let key: Uint8Array | CryptoKey;
      if (header.alg === 'HS256') key = secret;
      else if (header.alg === 'ES256') {
        // An unknown kid cannot be verified with any key we have: treat it as a bad signature.
        if (header.kid !== undefined && header.kid !== stored.kid) throw new JwtError('PGRST301', 'JWSError JWSInvalidSignature');
        key = publicKey as CryptoKey;
      } else {
        // `none`, RS256, HS512 … : never accepted, whatever the signature part holds.
        throw new JwtError('PGRST301', 'Wrong or unsupported encoding algorithm');
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [header.alg],
          clockTolerance: CLOCK_SKEW_SECONDS,
        });
        return payload as JwtClaims;
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw new JwtError('PGRST303', 'JWT expired');
        if (error instanceof errors.JWTClaimValidationFailed) throw new JwtError('PGRST303', error.message);
        if (error instanceof errors.JWSSignatureVerificationFailed) throw new JwtError('PGRST301', 'JWSError JWSInvalidSignature');
        throw new JwtError('PGRST301', 'JWSError JWSInvalidSignature');
      }
    },

    async signAccessToken(claims) {
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'ES256', kid: stored.kid, typ: 'JWT' })
        .sign(privateKey);
    },

    jwks: () => ({ keys: [publicJwk] }),
  };
}
