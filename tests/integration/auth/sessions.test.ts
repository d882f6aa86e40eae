import { decodeJwt } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, type TestStack } from '../support/stack.ts';
import { authStack, PASSWORD, raw, signedInUser } from './helpers.ts';

describeEngines('auth: sessions, refresh-token rotation and logout', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await authStack(engine, { refresh_token_reuse_interval: 10 });
  });
  afterAll(() => t?.close());

  const refresh = (token: string) => raw(t, 'POST', '/token?grant_type=refresh_token', { body: { refresh_token: token } });
  /** Moves a token's revocation time back, as if `seconds` had passed (no sleeping). */
  const age = (token: string, seconds: number) =>
    t.db.query(`update auth.refresh_tokens set updated_at = updated_at - make_interval(secs => $2) where token = $1`, [token, seconds]);

  it('refreshes through supabase-js and rotates the refresh token in the same session', async () => {
    const { client } = await signedInUser(t);
    const before = (await client.auth.getSession()).data.session!;
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session!.refresh_token).not.toBe(before.refresh_token);
    expect(decodeJwt(data.session!.access_token).session_id).toBe(decodeJwt(before.access_token).session_id);
    const rows = await t.db.query<{ revoked: boolean; parent: string | null }>(
      `select revoked, parent from auth.refresh_tokens where token = any($1) order by id`, [[before.refresh_token, data.session!.refresh_token]],
    );
    expect(rows.rows).toEqual([{ revoked: true, parent: null }, { revoked: false, parent: before.refresh_token }]);
  });

  it('allows reuse of the previous token inside the reuse interval (returns the current child)', async () => {
    const { client } = await signedInUser(t);
    const first = (await client.auth.getSession()).data.session!.refresh_token;
    const r1 = await refresh(first);
    const r2 = await refresh(first);
    expect(r1.status).toBe(200);
    expect(r2.status).toBe(200);
    expect(r2.json.refresh_token).toBe(r1.json.refresh_token);
  });

  it('detects reuse outside the interval: refresh_token_already_used and the whole family is revoked', async () => {
    const { client } = await signedInUser(t);
    const first = (await client.auth.getSession()).data.session!.refresh_token;
    const second = (await refresh(first)).json.refresh_token as string;
    const third = (await refresh(second)).json.refresh_token as string;
    await age(first, 60);
    const stolen = await refresh(first);
    expect(stolen.status).toBe(400);
    expect(stolen.json).toMatchObject({ code: 400, error_code: 'refresh_token_already_used', msg: 'Invalid Refresh Token: Already Used' });
    // The legitimate holder's newest token no longer works either.
    const legit = await t.client().auth.refreshSession({ refresh_token: third });
    expect(legit.error?.status).toBe(400);
    expect(legit.error?.code).toBe('session_expired');
    const live = await t.db.query(`select 1 from auth.refresh_tokens rt join auth.sessions s on s.id = rt.session_id where rt.token = $1 and not rt.revoked`, [third]);
    expect(live.rows).toHaveLength(0);
    // supabase-js surfaces the code for the stolen token too.
    const viaClient = await t.client().auth.refreshSession({ refresh_token: 'does-not-exist' });
    expect(viaClient.error).toMatchObject({ status: 400, code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' });
  });

  it('logs out with scope local, others and global', async () => {
    const { client: a, email } = await signedInUser(t);
    const b = t.client();
    const c = t.client();
    await b.auth.signInWithPassword({ email, password: PASSWORD });
    await c.auth.signInWithPassword({ email, password: PASSWORD });
    const tokenOf = async (x: typeof a) => (await x.auth.getSession()).data.session!;
    const [sa, sb, sc] = [await tokenOf(a), await tokenOf(b), await tokenOf(c)];

    expect((await c.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await t.client().auth.getUser(sc.access_token)).error).toMatchObject({ name: 'AuthSessionMissingError' });
    expect((await t.client().auth.getUser(sa.access_token)).error).toBeNull();

    expect((await a.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await t.client().auth.getUser(sb.access_token)).error).toMatchObject({ name: 'AuthSessionMissingError' });
    expect((await refresh(sb.refresh_token)).json.error_code).toBe('refresh_token_not_found');
    expect((await t.client().auth.getUser(sa.access_token)).error).toBeNull();

    const d = t.client();
    await d.auth.signInWithPassword({ email, password: PASSWORD });
    const sd = await tokenOf(d);
    const out = await raw(t, 'POST', '/logout?scope=global', { headers: { authorization: `Bearer ${sa.access_token}` } });
    expect(out.status).toBe(204);
    expect((await t.client().auth.getUser(sd.access_token)).error).toMatchObject({ name: 'AuthSessionMissingError' });
    const sessions = await t.db.query(`select 1 from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1`, [email]);
    expect(sessions.rows).toHaveLength(0);
  });
});
