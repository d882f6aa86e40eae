import { SignJWT } from 'jose';
import { expect, it } from 'vitest';
import type { TestStack } from '../support/stack.ts';
import { USER_A, USER_B } from './fixture.ts';
import { pgrstError, rest } from './helpers.ts';

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** API keys, JWTs, roles, row level security and the request settings SQL sees. */
export function authSuite(get: () => TestStack): void {
  it('runs a key-less request as anon (the CLI gateway checks no key), takes the key in the header or the URL, and refuses a wrong one', async () => {
    const keyless = await fetch(`${get().url}/rest/v1/authors?select=id&id=eq.1`);
    expect([keyless.status, await keyless.json()]).toEqual([200, [{ id: 1 }]]);
    const viaUrl = await fetch(`${get().url}/rest/v1/authors?select=id&id=eq.1&apikey=${get().anonKey}`);
    expect([viaUrl.status, await viaUrl.json()]).toEqual([200, [{ id: 1 }]]);
    const wrong = await rest(get(), '/authors', { headers: { apikey: 'nope' } });
    expect([wrong.status, wrong.json.message]).toEqual([401, 'Invalid API key']);
  });

  it('rejects forged, expired, malformed and alg:none tokens with PostgREST errors', async () => {
    const t = get();
    const forged = await new SignJWT({ role: 'service_role' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(40)));
    const expired = await t.userToken(USER_A, { exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200 });
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ role: 'service_role' })}.`;
    const cases: [string, string, string][] = [
      [forged, 'PGRST301', 'JWSError JWSInvalidSignature'],
      [expired, 'PGRST303', 'JWT expired'],
      [none, 'PGRST301', 'Wrong or unsupported encoding algorithm'],
      ['not-a-jwt', 'PGRST301', 'Expected 3 parts in JWT; got 1'],
    ];
    for (const [token, code, message] of cases) {
      const r = await rest(t, '/authors', { headers: { Authorization: `Bearer ${token}` } });
      expect(r.status).toBe(401);
      expect(r.json).toEqual(pgrstError(code, message));
      expect(r.headers.get('www-authenticate')).toContain('Bearer error="invalid_token"');
    }
    const empty = await rest(t, '/authors', { headers: { Authorization: 'Bearer ' } });
    expect(empty.json).toEqual(pgrstError('PGRST301', 'Empty JWT is sent in Authorization header'));
  });

  it('refuses roles that do not exist or that the API may not become', async () => {
    const t = get();
    const ghost = await rest(t, '/authors', { headers: { Authorization: `Bearer ${await t.userToken(USER_A, { role: 'ghost' })}` } });
    expect([ghost.status, ghost.json]).toEqual([401, pgrstError('22023', 'role "ghost" does not exist')]);
    const superuser = await rest(t, '/authors', { headers: { Authorization: `Bearer ${await t.userToken(USER_A, { role: 'postgres' })}` } });
    expect([superuser.status, superuser.json]).toEqual([403, pgrstError('42501', 'permission denied to set role "postgres"')]);
  });

  it('applies row level security per user and to anon', async () => {
    const t = get();
    const a = t.client({ accessToken: await t.userToken(USER_A) });
    const b = t.client({ accessToken: await t.userToken(USER_B) });
    expect((await a.from('todos').insert({ id: 'rls-a', title: 'mine' })).error).toBeNull();
    expect((await b.from('todos').insert({ id: 'rls-b', title: 'theirs' })).error).toBeNull();
    expect((await a.from('todos').select('id, owner')).data).toEqual([{ id: 'rls-a', owner: USER_A }]);
    expect((await b.from('todos').select('id')).data).toEqual([{ id: 'rls-b' }]);
    expect((await t.client().from('todos').select('id')).data).toEqual([]);
    expect((await t.client({ serviceRole: true }).from('todos').select('id').order('id')).data).toEqual([{ id: 'rls-a' }, { id: 'rls-b' }]);
    // B can neither change nor see A's row: the guarded update matches nothing.
    expect((await b.from('todos').update({ title: 'hijack' }).eq('id', 'rls-a').select()).data).toEqual([]);
    const forgedOwner = await b.from('todos').insert({ id: 'rls-x', title: 'as A', owner: USER_A });
    expect([forgedOwner.status, forgedOwner.error?.code, forgedOwner.error?.message]).toEqual([403, '42501', 'new row violates row-level security policy for table "todos"']);
    const anonInsert = await t.client().from('todos').insert({ id: 'rls-anon', title: 'anon' });
    expect([anonInsert.status, anonInsert.error?.code]).toEqual([401, '42501']);
    await t.client({ serviceRole: true }).from('todos').delete().like('id', 'rls-*');
  });

  it('sets role, claims, method, path and headers as PostgREST does; GET runs read-only', async () => {
    const t = get();
    const token = await t.userToken(USER_B);
    const get1 = await rest(t, '/rpc/whoami', { headers: { Authorization: `Bearer ${token}`, 'X-Test': 'hello' } });
    expect(get1.json).toEqual({ uid: USER_B, role: 'authenticated', jwt_role: 'authenticated', method: 'GET', path: '/rpc/whoami', header: 'hello', read_only: 'on' });
    const anon = await t.client().rpc('whoami');
    expect(anon.data).toMatchObject({ uid: null, role: 'anon', method: 'POST' });
  });
}
