/**
 * `[auth] signing_keys_path`: a JSON array of private JWKs (what `supabase gen signing-key` writes:
 * RS256 or ES256 on P-256, each with a kid and key_ops ["sign", "verify"]). Access tokens are
 * signed with the first key that may sign; every key's public half is published as the JWKS and
 * verifies tokens. The path is resolved as the Supabase CLI does: relative to the supabase/ folder
 * unless absolute. A file that cannot be read or parsed stops start-up, as it stops `supabase start`.
 */
import { readFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { importJWK, type JWK } from 'jose';
import type { AccessTokenKeys, AsymmetricAlg } from '../keys.ts';

type Jwk = JWK & Record<string, unknown>;

/** Members only a private key has; never published. */
const PRIVATE = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];
/** The members WebCrypto needs per key type (key_ops, use and alg would only get in its way). */
const MATERIAL: Record<string, string[]> = { EC: ['kty', 'crv', 'x', 'y', 'd'], RSA: ['kty', 'n', 'e', 'd', 'p', 'q', 'dp', 'dq', 'qi'] };

const pick = (jwk: Jwk, names: string[]): Jwk =>
  Object.fromEntries(names.filter((n) => jwk[n] !== undefined).map((n) => [n, jwk[n]])) as Jwk;

/** The file named by `[auth] signing_keys_path`, or undefined when the key is unset. */
export function signingKeysPath(config: Record<string, unknown>, supabaseDir: string): string | undefined {
  const auth = config.auth as Record<string, unknown> | undefined;
  const path = auth?.signing_keys_path;
  if (typeof path !== 'string' || path === '') return undefined;
  return isAbsolute(path) ? path : join(supabaseDir, path);
}

/** The key's algorithm: its `alg`, else the one its type implies (P-256 → ES256, RSA → RS256). */
function algorithmOf(jwk: Jwk, n: number): AsymmetricAlg {
  const alg: string | undefined = jwk.alg ?? (jwk.kty === 'RSA' ? 'RS256' : jwk.kty === 'EC' ? 'ES256' : undefined);
  if (alg !== 'RS256' && alg !== 'ES256') throw new Error(`failed to decode signing keys: key ${n}: unsupported algorithm: ${String(jwk.alg ?? jwk.kty)}`);
  if ((alg === 'RS256') !== (jwk.kty === 'RSA')) throw new Error(`failed to decode signing keys: key ${n}: ${alg} needs kty ${alg === 'RS256' ? 'RSA' : 'EC'}`);
  if (alg === 'ES256' && jwk.crv !== 'P-256') throw new Error(`failed to decode signing keys: key ${n}: unsupported curve: ${String(jwk.crv)}`);
  return alg;
}

/** The public half as GoTrue publishes it: private members dropped, `use: sig`, `key_ops: [verify]`. */
function publicHalf(jwk: Jwk, alg: AsymmetricAlg): Jwk {
  const pub: Jwk = { ...jwk, alg, use: 'sig', key_ops: ['verify'] };
  for (const name of PRIVATE) delete pub[name];
  return pub;
}

export async function loadSigningKeys(path: string): Promise<AccessTokenKeys> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new Error(`failed to read signing keys: ${(error as Error).message}`);
  }
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch (error) {
    throw new Error(`failed to decode signing keys: ${(error as Error).message}`);
  }
  if (!Array.isArray(list) || list.some((k) => typeof k !== 'object' || k === null || Array.isArray(k))) {
    throw new Error(`failed to decode signing keys: ${path} must hold a JSON array of JWKs`);
  }
  const keys = list as Jwk[];
  const verifiers: AccessTokenKeys['verifiers'] = [];
  const jwks: Record<string, unknown>[] = [];
  let signer: AccessTokenKeys['signer'] | undefined;
  for (const [i, jwk] of keys.entries()) {
    const alg = algorithmOf(jwk, i + 1);
    const kid = typeof jwk.kid === 'string' && jwk.kid ? jwk.kid : undefined;
    const material = MATERIAL[jwk.kty as string]!;
    const pub = publicHalf(jwk, alg);
    try {
      verifiers.push({ kid, alg, publicKey: (await importJWK(pick(pub, material), alg)) as CryptoKey });
      // The first key allowed to sign signs (GoTrue picks the key whose key_ops hold "sign").
      const maySign = jwk.d !== undefined && (!Array.isArray(jwk.key_ops) || jwk.key_ops.includes('sign'));
      if (!signer && maySign) signer = { kid, alg, privateKey: (await importJWK(pick(jwk, material), alg)) as CryptoKey };
    } catch (error) {
      throw new Error(`failed to decode signing keys: key ${i + 1}: ${(error as Error).message}`);
    }
    jwks.push(pub);
  }
  if (!signer) throw new Error(`failed to decode signing keys: no signing key found in ${path}`);
  return { signer, verifiers, jwks };
}
