import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { JwtError } from '../../../supabase/local/contracts.ts';
import { createStack } from '../../../supabase/local/server.ts';
import { persistentDatabase } from '../support/databases.ts';
import { describeEngines, startTestStack, type TestStack } from '../support/stack.ts';

// The Supabase CLI's local keys (`supabase status`), identical on every machine.
const CLI_ANON =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const CLI_SERVICE =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
const SECRET = new TextEncoder().encode('super-secret-jwt-token-with-at-least-32-characters-long');
const now = () => Math.floor(Date.now() / 1000);
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

async function rejection(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p;
  } catch (error) {
    expect(error).toBeInstanceOf(JwtError);
    const e = error as JwtError;
    return { code: e.code, message: e.message };
  }
  throw new Error('expected the token to be rejected');
}

describeEngines('keys', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await startTestStack({ engine, bare: true });
  });
  afterAll(() => t?.close());

  it('issues the CLI demo anon and service_role keys, and verifies them', async () => {
    expect(t.anonKey).toBe(CLI_ANON);
    expect(t.serviceRoleKey).toBe(CLI_SERVICE);
    expect(await t.keys.verify(CLI_SERVICE)).toEqual({ iss: 'supabase-demo', role: 'service_role', exp: 1983812996 });
  });

  it('signs user tokens with ES256 and a kid published in the JWKS', async () => {
    const token = await t.userToken('0b6f3d4c-1111-4aaa-8bbb-000000000001');
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as Record<string, unknown>;
    const jwk = t.keys.jwks().keys[0]!;
    expect(header).toEqual({ alg: 'ES256', kid: jwk.kid, typ: 'JWT' });
    expect(jwk).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', key_ops: ['verify'] });
    expect(jwk).not.toHaveProperty('d');
    expect(await t.keys.verify(token)).toMatchObject({ role: 'authenticated', sub: '0b6f3d4c-1111-4aaa-8bbb-000000000001' });
  });

  it('rejects alg none, other algorithms, expired, forged, foreign-kid and malformed tokens', async () => {
    const payload = { role: 'service_role', exp: now() + 600 };
    expect(await rejection(t.keys.verify(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`))).toEqual({
      code: 'PGRST301', message: 'Wrong or unsupported encoding algorithm',
    });
    const hs512 = await new SignJWT(payload).setProtectedHeader({ alg: 'HS512' }).sign(SECRET);
    expect((await rejection(t.keys.verify(hs512))).code).toBe('PGRST301');

    const expired = await new SignJWT({ role: 'anon', exp: now() - 120 }).setProtectedHeader({ alg: 'HS256' }).sign(SECRET);
    expect(await rejection(t.keys.verify(expired))).toEqual({ code: 'PGRST303', message: 'JWT expired' });

    const forged = await new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(40)));
    expect(await rejection(t.keys.verify(forged))).toEqual({ code: 'PGRST301', message: 'JWSError JWSInvalidSignature' });

    // Same kid as ours but signed with another key pair; and an unknown kid.
    const other = await generateKeyPair('ES256');
    const kid = String(t.keys.jwks().keys[0]!.kid);
    const sameKid = await new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid }).sign(other.privateKey);
    expect((await rejection(t.keys.verify(sameKid))).message).toBe('JWSError JWSInvalidSignature');
    const wrongKid = await new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid: 'not-ours' }).sign(other.privateKey);
    expect((await rejection(t.keys.verify(wrongKid))).code).toBe('PGRST301');

    // A user token whose payload was edited keeps its signature: must fail.
    const user = (await t.userToken('0b6f3d4c-1111-4aaa-8bbb-000000000002')).split('.');
    const tampered = [user[0], b64({ role: 'service_role', exp: now() + 600 }), user[2]].join('.');
    expect((await rejection(t.keys.verify(tampered))).message).toBe('JWSError JWSInvalidSignature');

    expect(await rejection(t.keys.verify('abc.def'))).toEqual({ code: 'PGRST301', message: 'Expected 3 parts in JWT; got 2' });
    expect((await rejection(t.keys.verify('a.b.c.d'))).message).toBe('Expected 3 parts in JWT; got 4');
    expect((await rejection(t.keys.verify('%%%.b.c'))).code).toBe('PGRST301');
  });
});

describeEngines('signing key persistence', (engine) => {
  it('keeps the ES256 key across a restart on the same database', async () => {
    const database = await persistentDatabase(engine);
    try {
      const first = await createStack(database.options);
      const token = await first.keys.signAccessToken({ role: 'authenticated', sub: 'u1', exp: now() + 600 });
      const kid = first.keys.jwks().keys[0]?.kid;
      await first.close();

      const second = await createStack(database.options);
      try {
        expect(second.keys.jwks().keys[0]?.kid).toBe(kid);
        expect(await second.keys.verify(token)).toMatchObject({ sub: 'u1' });
      } finally {
        await second.close();
      }
    } finally {
      await database.cleanup();
    }
  });
});
