/**
 * `[auth] signing_keys_path` (the Supabase CLI's `supabase gen signing-key` file, resolved from
 * the supabase/ folder): access tokens are signed with its first key, every key's public half is
 * the JWKS, and all of them verify on /auth/v1, /rest/v1 and /realtime/v1.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteJWKSet, decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../support/stack.ts';
import { authStack, raw, signedInUser } from './helpers.ts';

const SUPABASE_DIR = fileURLToPath(new URL('../../../supabase/', import.meta.url));
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi'];

/** A key as `supabase gen signing-key --algorithm <alg>` writes it. */
async function cliKey(alg: 'RS256' | 'ES256'): Promise<JWK> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), use: 'sig', key_ops: ['sign', 'verify'], alg, ext: true };
}

// One folder for the file's key files, removed when the file's tests end.
const keyDir = mkdtempSync(join(tmpdir(), 'signing-keys-'));
afterAll(() => rmSync(keyDir, { recursive: true, force: true }));

function keyFile(keys: unknown): string {
  const path = join(mkdtempSync(join(keyDir, 'k-')), 'signing_keys.json');
  writeFileSync(path, JSON.stringify(keys, null, 2));
  return path;
}

/** The private JWK as jose imports it (WebCrypto refuses "verify" among a private key's key_ops). */
const signingKey = (jwk: JWK) => importJWK({ ...jwk, key_ops: undefined }, jwk.alg);

describeEngines('auth: signing keys from [auth] signing_keys_path', (engine) => {
  let t: TestStack;
  let rs: JWK;
  let es: JWK;
  beforeAll(async () => {
    [rs, es] = [await cliKey('RS256'), await cliKey('ES256')];
    // Relative, as config.toml would name it: resolved from the supabase/ folder, as the CLI does.
    const path = relative(SUPABASE_DIR, keyFile([rs, es]));
    t = await authStack(engine, { signing_keys_path: path, email: { enable_confirmations: false } });
  });
  afterAll(() => t?.close());

  it('signs access tokens with the first key and publishes every public half', async () => {
    const { client } = await signedInUser(t);
    const token = (await client.auth.getSession()).data.session!.access_token;
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'RS256', kid: rs.kid, typ: 'JWT' });

    const jwks = await raw(t, 'GET', '/.well-known/jwks.json');
    const keys = (jwks.json as { keys: Record<string, unknown>[] }).keys;
    expect(keys.map((k) => [k.kid, k.alg, k.kty, k.use, k.key_ops])).toEqual([
      [rs.kid, 'RS256', 'RSA', 'sig', ['verify']],
      [es.kid, 'ES256', 'EC', 'sig', ['verify']],
    ]);
    for (const k of keys) for (const m of PRIVATE_MEMBERS) expect(k).not.toHaveProperty(m);
    expect(keys[0]).toMatchObject({ n: rs.n, e: rs.e });
    expect(keys[1]).toMatchObject({ crv: 'P-256', x: es.x, y: es.y });
    const { payload } = await jwtVerify(token, createRemoteJWKSet(new URL(`${t.url}/auth/v1/.well-known/jwks.json`)), { audience: 'authenticated' });
    expect(payload.role).toBe('authenticated');
    // The database key of the default setup is neither used nor made.
    expect((await t.db.query(`select 1 from _local.signing_keys`)).rows).toEqual([]);
  });

  it('verifies tokens of every key in the file on every API, and no other key', async () => {
    const { client, userId } = await signedInUser(t);
    await t.db.query(`create or replace function public.whoami() returns text language sql stable as $$ select auth.uid()::text $$`);
    await t.stack.rest.reloadSchema();
    const call = (token: string) => fetch(`${t.url}/rest/v1/rpc/whoami`, { headers: { apikey: t.anonKey, authorization: `Bearer ${token}` } });

    const session = (await client.auth.getSession()).data.session!.access_token;
    expect(await (await call(session)).json()).toBe(userId);
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: userId, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 600 };
    const bySecond = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: es.kid! }).sign(await signingKey(es));
    expect(await (await call(bySecond)).json()).toBe(userId);
    const foreign = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: rs.kid! }).sign((await generateKeyPair('RS256')).privateKey);
    const refused = await call(foreign);
    expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([401, 'JWSError JWSInvalidSignature']);
    // The API keys stay the CLI's HS256 demo keys.
    expect((await call(t.serviceRoleKey)).status).toBe(200);

    expect((await raw(t, 'GET', '/user', { headers: { authorization: `Bearer ${session}` } })).status).toBe(200);
    await client.realtime.setAuth(session);
    const joined = await new Promise<string>((resolve) => client.channel('signed').subscribe((status) => status !== 'CLOSED' && resolve(status)));
    expect(joined).toBe('SUBSCRIBED');
  });
});

describeEngines('auth: an unusable signing_keys_path stops start-up', (engine) => {
  it('names the problem: a missing file, no private key, an unsupported algorithm', async () => {
    const es = await cliKey('ES256');
    const publicOnly = Object.fromEntries(Object.entries(es).filter(([k]) => k !== 'd'));
    const cases: [string, RegExp][] = [
      [join(tmpdir(), `missing-${randomUUID()}.json`), /^failed to read signing keys: /],
      [keyFile([publicOnly]), /no signing key found/],
      [keyFile([{ kty: 'oct', k: 'c2VjcmV0', alg: 'HS256', kid: 'x' }]), /unsupported algorithm: HS256/],
      [keyFile({ keys: [es] }), /must hold a JSON array of JWKs/],
    ];
    for (const [path, message] of cases) {
      await expect(startTestStack({ engine, bare: true, configOverrides: { auth: { signing_keys_path: path } } })).rejects.toThrow(message);
    }
  });
});
