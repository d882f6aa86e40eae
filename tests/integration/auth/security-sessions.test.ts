import { connect } from 'node:net';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeEngines, type TestStack } from '../support/stack.ts';
import { authStack, PASSWORD, raw, signedInUser } from './helpers.ts';

describeEngines('auth security: ended sessions and hostile bodies', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await authStack(engine, { refresh_token_reuse_interval: 0 });
  });
  afterAll(() => t?.close());

  const session = async (client: Awaited<ReturnType<typeof signedInUser>>['client']) => {
    const s = (await client.auth.getSession()).data.session!;
    return { ...s, sid: String(decodeJwt(s.access_token).session_id) };
  };

  it('knows a signed-out session as ended the moment sign-out answers, and /auth/v1 refuses its token', async () => {
    const { client, email } = await signedInUser(t);
    const other = t.client();
    await other.auth.signInWithPassword({ email, password: PASSWORD });
    const [a, b] = [await session(client), await session(other)];
    expect(t.stack.endedSessions.has(a.sid)).toBe(false);
    expect((await client.auth.signOut({ scope: 'global' })).error).toBeNull();
    expect(t.stack.endedSessions.has(a.sid)).toBe(true);
    expect(t.stack.endedSessions.has(b.sid)).toBe(true);
    const user = await raw(t, 'GET', '/user', { headers: { authorization: `Bearer ${b.access_token}` } });
    expect({ status: user.status, code: user.json.error_code }).toEqual({ status: 403, code: 'session_not_found' });
  });

  it('does the same after refresh-token reuse, a ban and a deletion', async () => {
    const reused = await session((await signedInUser(t)).client);
    await raw(t, 'POST', '/token?grant_type=refresh_token', { body: { refresh_token: reused.refresh_token } });
    const again = await raw(t, 'POST', '/token?grant_type=refresh_token', { body: { refresh_token: reused.refresh_token } });
    expect(again.json.error_code).toBe('refresh_token_already_used');
    expect(t.stack.endedSessions.has(reused.sid)).toBe(true);

    const admin = t.client({ serviceRole: true }).auth.admin;
    const banned = await signedInUser(t);
    const bannedSid = (await session(banned.client)).sid;
    expect((await admin.updateUserById(banned.userId, { ban_duration: '24h' })).error).toBeNull();
    expect(t.stack.endedSessions.has(bannedSid)).toBe(true);

    const deleted = await signedInUser(t);
    const deletedSid = (await session(deleted.client)).sid;
    expect((await admin.deleteUser(deleted.userId)).error).toBeNull();
    expect(t.stack.endedSessions.has(deletedSid)).toBe(true);
  });

  it('answers JSON nested 5,000 levels deep with 400 bad_json on every endpoint', async () => {
    const { client } = await signedInUser(t);
    const bearer = { authorization: `Bearer ${(await session(client)).access_token}` };
    const admin = { authorization: `Bearer ${t.serviceRoleKey}` };
    const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
    const body = `{"email":"deep@example.test","password":"${PASSWORD}","data":${deep(5000)},"user_metadata":${deep(5000)}}`;
    const arrays = `{"email":"deep@example.test","data":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const cases: [string, string, Record<string, string>][] = [
      ['POST', '/signup', {}], ['POST', '/token?grant_type=password', {}], ['POST', '/recover', {}], ['POST', '/verify', {}],
      ['PUT', '/user', bearer], ['POST', '/factors', bearer], ['POST', '/admin/users', admin],
    ];
    for (const [method, path, headers] of cases) {
      for (const text of [body, arrays]) {
        const r = await raw(t, method, path, { headers, body: text });
        expect({ path, status: r.status, code: r.json.error_code }).toEqual({ path, status: 400, code: 'bad_json' });
      }
    }
    // Ordinary nesting still passes.
    const fine = await raw(t, 'PUT', '/user', { headers: bearer, body: `{"data":{"prefs":${deep(20)}}}` });
    expect(fine.status).toBe(200);
  });

  it('does not log a client that aborts mid-body as an unexpected error', async () => {
    const errors = vi.spyOn(console, 'error');
    try {
      const { port } = new URL(t.url);
      await new Promise<void>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(`POST /auth/v1/signup HTTP/1.1\r\nhost: 127.0.0.1\r\napikey: ${t.anonKey}\r\n`
            + 'content-type: application/json\r\ncontent-length: 1000\r\n\r\n{"email":"half');
          setTimeout(() => socket.destroy(), 100);
        });
        socket.on('close', () => resolve());
        socket.on('error', reject);
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(errors.mock.calls.filter((c) => /unexpected|\/auth\/v1/.test(String(c[0])))).toEqual([]);
      expect((await raw(t, 'GET', '/settings')).status).toBe(200);
    } finally {
      errors.mockRestore();
    }
  });
});
