/**
 * A user's access token stops working at /rest/v1 once its session has ended (sign-out, refresh
 * token reuse), even though it has not expired and was verified (and cached) before.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../support/stack.ts';
import { REST_FIXTURE } from './fixture.ts';
import { pgrstError, rest } from './helpers.ts';

const PASSWORD = 'correct horse 1';
const LIMITS = { sign_in_sign_ups: 10_000, token_refresh: 10_000, token_verifications: 10_000, email_sent: 10_000, email_sent_per_address: 10_000 };
let counter = 0;

describeEngines('/rest/v1 and ended sessions', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await startTestStack({
      engine, bare: true, fixtureSql: REST_FIXTURE,
      configOverrides: { auth: { refresh_token_reuse_interval: 0, rate_limit: LIMITS } },
    });
  });
  afterAll(() => t?.close());

  /** A confirmed user signed in through /auth/v1 with supabase-js; the session's tokens. */
  async function signIn() {
    const email = `rest-session-${Date.now().toString(36)}-${counter++}@example.test`;
    const created = await t.client({ serviceRole: true }).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    if (created.error) throw created.error;
    const client = t.client();
    const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    if (error) throw error;
    return { client, accessToken: data.session.access_token, refreshToken: data.session.refresh_token };
  }

  /** Select, insert and an RPC with a kept token: their statuses. */
  async function use(token: string): Promise<number[]> {
    const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const select = await rest(t, '/todos?select=id', { headers: auth });
    const insert = await rest(t, '/todos', { method: 'POST', headers: auth, body: JSON.stringify({ id: `s-${counter++}`, title: 'kept token' }) });
    const rpc = await rest(t, '/rpc/whoami', { method: 'POST', headers: auth, body: '{}' });
    for (const r of [select, insert, rpc]) {
      if (r.status === 401) {
        expect(r.json).toEqual(pgrstError('PGRST303', 'JWT session has ended'));
        expect(r.headers.get('www-authenticate')).toBe('Bearer error="invalid_token", error_description="JWT session has ended"');
      }
    }
    return [select.status, insert.status, rpc.status];
  }

  it('refuses a signed-out session\'s access token on select, insert and RPC, cached or not', async () => {
    const { client, accessToken } = await signIn();
    expect(await use(accessToken)).toEqual([200, 201, 200]); // verified and cached
    const { accessToken: other } = await signIn();
    expect((await client.auth.signOut({ scope: 'global' })).error).toBeNull();
    await t.stack.endedSessions.refresh(); // /auth/v1 does this itself; harmless twice
    expect(await use(accessToken)).toEqual([401, 401, 401]);
    // Another user's session is untouched.
    expect(await use(other)).toEqual([200, 201, 200]);
  });

  it('refuses the tokens of a session ended by refresh-token reuse', async () => {
    const { accessToken, refreshToken } = await signIn();
    expect(await use(accessToken)).toEqual([200, 201, 200]);
    const refresh = (token: string) => fetch(`${t.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST', headers: { apikey: t.anonKey, 'Content-Type': 'application/json' }, body: JSON.stringify({ refresh_token: token }),
    });
    const first = await refresh(refreshToken);
    expect(first.status).toBe(200);
    const rotated = ((await first.json()) as { access_token: string }).access_token;
    expect(await use(rotated)).toEqual([200, 201, 200]);
    expect((await refresh(refreshToken)).status).toBe(400); // reuse: the whole session ends
    await t.stack.endedSessions.refresh();
    expect(await use(accessToken)).toEqual([401, 401, 401]);
    expect(await use(rotated)).toEqual([401, 401, 401]);
  });

  // Sequence numbers are taken at insert, not at commit: a session ended by a transaction that
  // commits after a later-numbered one was read must still be refused (PostgreSQL only: PGlite
  // runs one transaction at a time).
  if (engine === 'postgres') it('refuses a session ended by a transaction that commits after a later one was read', async () => {
    const slow = await signIn();
    const fast = await signIn();
    const sid = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { session_id: string }).session_id;
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('delete from auth.sessions where id = $1', [sid(slow.accessToken)]); // takes seq N, not committed
      expect((await fast.client.auth.signOut({ scope: 'global' })).error).toBeNull(); // seq N+1, committed and read
      await t.stack.endedSessions.refresh();
      expect(t.stack.endedSessions.has(sid(fast.accessToken))).toBe(true);
      await holder.query('commit');
    } finally {
      await holder.end();
    }
    await t.stack.endedSessions.refresh();
    expect(t.stack.endedSessions.has(sid(slow.accessToken))).toBe(true);
    expect(await use(slow.accessToken)).toEqual([401, 401, 401]);
  });
});
