/**
 * Requests without an `apikey`, answered as the Supabase CLI's local stack answers them: its
 * gateway checks no key, so /rest/v1 runs as the bearer token's role (anon without one) and
 * /auth/v1 decides by the bearer token alone. A key that is sent must still be the project's.
 * (/realtime/v1 has its cases in tests/integration/realtime/rest-broadcast.test.ts.)
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../support/stack.ts';
import { PASSWORD, signedInUser, uniqueEmail } from './helpers.ts';

const OWNER = '00000000-0000-4000-8000-0000000000a1';

const FIXTURE = `
create table public.notes (id int primary key, owner uuid, body text);
alter table public.notes enable row level security;
create policy "Anyone reads unowned notes" on public.notes for select to anon, authenticated using (owner is null);
create policy "Owners read their notes" on public.notes for select to authenticated using (owner = (select auth.uid()));
insert into public.notes values (1, null, 'public'), (2, '${OWNER}', 'private');
create function public.request_headers() returns jsonb language sql stable as $$ select current_setting('request.headers', true)::jsonb $$;
`;

describeEngines('requests without an apikey', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await startTestStack({ engine, bare: true, fixtureSql: FIXTURE });
  }, 120_000);
  afterAll(() => t?.close());

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${t.url}${path}`, { headers });
    return { status: res.status, json: (await res.json()) as unknown };
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('/rest/v1 runs as the bearer token, or as anon without one, and keeps the key from SQL', async () => {
    expect(await get('/rest/v1/notes?select=id&order=id')).toEqual({ status: 200, json: [{ id: 1 }] });
    expect(await get('/rest/v1/notes?select=id&order=id', bearer(await t.userToken(OWNER)))).toEqual({ status: 200, json: [{ id: 1 }, { id: 2 }] });
    expect((await get('/rest/v1/notes?select=id', bearer(t.serviceRoleKey))).json).toHaveLength(2);
    expect(await get('/rest/v1/notes?select=id', bearer(t.anonKey))).toEqual({ status: 200, json: [{ id: 1 }] });
    const forged = await get('/rest/v1/notes', bearer('not-a-jwt'));
    expect(forged).toEqual({ status: 401, json: { code: 'PGRST301', details: null, hint: null, message: 'Expected 3 parts in JWT; got 1' } });
    // SQL sees the request as it came: no apikey header appears in request.headers.
    const seen = await get('/rest/v1/rpc/request_headers');
    expect(seen.status).toBe(200);
    expect(Object.keys(seen.json as object)).not.toContain('apikey');
    // A key that is sent is checked, as before.
    const wrong = await get('/rest/v1/notes', { apikey: 'nope' });
    expect([wrong.status, (wrong.json as { message: string }).message]).toEqual([401, 'Invalid API key']);
  });

  it('/auth/v1 serves every route, deciding by the bearer token alone', async () => {
    expect((await get('/auth/v1/settings')).status).toBe(200);
    expect((await get('/auth/v1/health')).status).toBe(200);
    expect((await get('/auth/v1/.well-known/jwks.json')).status).toBe(200);
    const signup = await fetch(`${t.url}/auth/v1/signup`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: uniqueEmail('keyless'), password: PASSWORD }),
    });
    expect(signup.status).toBe(200);

    const { client, userId } = await signedInUser(t);
    const access = (await client.auth.getSession()).data.session!.access_token;
    const me = await get('/auth/v1/user', bearer(access));
    expect([me.status, (me.json as { id: string }).id]).toEqual([200, userId]);
    expect(await get('/auth/v1/user')).toEqual({
      status: 401, json: { code: 401, error_code: 'no_authorization', msg: 'This endpoint requires a valid Bearer token' },
    });
    expect((await get('/auth/v1/admin/users', bearer(t.serviceRoleKey))).status).toBe(200);
    expect((await get('/auth/v1/admin/users', bearer(access))).status).toBe(403);
    const wrong = await get('/auth/v1/settings', { apikey: 'nope' });
    expect([wrong.status, (wrong.json as { message: string }).message]).toEqual([401, 'Invalid API key']);
  });
});
