import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, type TestStack } from '../support/stack.ts';
import { authStack, count, PASSWORD, raw, signedInUser, uniqueEmail } from './helpers.ts';

const TABLES = ['auth.users', 'auth.identities', 'auth.sessions', 'auth.refresh_tokens', 'auth.mfa_factors', '_local.mailbox'];

describeEngines('auth: bad input, admin endpoints and rate limits', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await authStack(engine, { email: { enable_confirmations: true } });
  });
  afterAll(() => t?.close());

  const snapshot = async () => Object.fromEntries(await Promise.all(TABLES.map(async (n) => [n, await count(t, n)])));

  it('answers malformed, missing, oversized and unsupported input with GoTrue errors and writes nothing', async () => {
    const { client } = await signedInUser(t);
    const access = (await client.auth.getSession()).data.session!.access_token;
    const before = await snapshot();
    const cases: [string, string, Parameters<typeof raw>[3], number, string][] = [
      ['POST', '/signup', { body: '{"email": "a@b.c", "password": ' }, 400, 'bad_json'],
      ['POST', '/signup', { body: '[1,2]' }, 400, 'bad_json'],
      // Neither e-mail nor phone is an anonymous sign-in, off in this stack (as GoTrue routes it).
      ['POST', '/signup', { body: { password: PASSWORD } }, 422, 'anonymous_provider_disabled'],
      ['POST', '/signup', { body: { email: uniqueEmail() } }, 422, 'validation_failed'],
      ['POST', '/signup', { body: { email: 'not-an-email', password: PASSWORD } }, 400, 'validation_failed'],
      ['POST', '/signup', { body: { email: `${'a'.repeat(300)}@example.test`, password: PASSWORD } }, 400, 'validation_failed'],
      ['POST', '/signup', { body: { email: uniqueEmail(), password: PASSWORD, data: 'x' } }, 400, 'bad_json'],
      ['POST', '/signup', { body: { email: uniqueEmail(), password: PASSWORD, data: { big: 'x'.repeat(70_000) } } }, 413, 'request_too_large'],
      ['POST', '/token?grant_type=password', { body: { email: uniqueEmail(), password: 'p'.repeat(100_000) } }, 413, 'request_too_large'],
      ['POST', '/token?grant_type=client_credentials', { body: {} }, 400, 'unsupported_grant_type'],
      ['POST', '/token', { body: {} }, 400, 'unsupported_grant_type'],
      ['POST', '/token?grant_type=refresh_token', { body: {} }, 400, 'validation_failed'],
      ['POST', '/token?grant_type=refresh_token', { body: { refresh_token: 'r'.repeat(5000) } }, 400, 'refresh_token_not_found'],
      ['GET', '/user', { headers: { authorization: 'Bearer not.a.jwt' } }, 403, 'bad_jwt'],
      ['GET', '/user', { headers: { authorization: `Bearer ${access.slice(0, -4)}AAAA` } }, 403, 'bad_jwt'],
      ['GET', '/user', { headers: { authorization: `Bearer eyJhbGciOiJub25lIn0.${Buffer.from('{"sub":"x","role":"authenticated"}').toString('base64url')}.` } }, 403, 'bad_jwt'],
      ['GET', '/user', {}, 401, 'no_authorization'],
      ['PUT', '/user', { headers: { authorization: `Bearer ${access}` }, body: { data: [1] } }, 400, 'bad_json'],
      ['POST', '/factors', { headers: { authorization: `Bearer ${access}` }, body: { factor_type: 'sms' } }, 400, 'validation_failed'],
      ['POST', '/factors', { headers: { authorization: `Bearer ${access}` }, body: { factor_type: 'totp', friendly_name: 'n'.repeat(300) } }, 400, 'validation_failed'],
      ['POST', '/factors/not-a-uuid/verify', { headers: { authorization: `Bearer ${access}` }, body: { code: '123456' } }, 404, 'mfa_factor_not_found'],
      ['POST', '/verify', { body: { type: 'nope', token_hash: 'x' } }, 400, 'validation_failed'],
      ['POST', '/verify', { body: { type: 'signup', token_hash: 'f'.repeat(56) } }, 403, 'otp_expired'],
      ['POST', '/logout?scope=everyone', { headers: { authorization: `Bearer ${access}` } }, 400, 'validation_failed'],
      ['GET', '/admin/users', { headers: { authorization: `Bearer ${access}` } }, 403, 'not_admin'],
      ['POST', '/admin/users', { headers: { authorization: `Bearer ${t.anonKey}` }, body: { email: uniqueEmail() } }, 403, 'not_admin'],
      ['GET', '/nowhere', {}, 404, 'not_found'],
    ];
    for (const [method, path, init, status, code] of cases) {
      const r = await raw(t, method, path, init);
      expect({ path, status: r.status, code: r.json.error_code }).toEqual({ path, status, code });
      expect(r.json.code).toBe(status);
      expect(typeof r.json.msg).toBe('string');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers in the 2024-01-01 shape when supabase-js asks for it, and refuses a wrong apikey', async () => {
    const r = await raw(t, 'POST', '/token?grant_type=password', { headers: { 'x-supabase-api-version': '2024-01-01' }, body: { email: uniqueEmail(), password: 'x' } });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    expect(r.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    // No apikey at all: served, as through the Supabase CLI's gateway (api-keys.test.ts has more).
    const noKey = await fetch(`${t.url}/auth/v1/settings`);
    expect(noKey.status).toBe(200);
    const badKey = await fetch(`${t.url}/auth/v1/settings`, { headers: { apikey: 'nope' } });
    expect(badKey.status).toBe(401);
    expect((await fetch(`${t.url}/auth/v1/.well-known/jwks.json`)).status).toBe(200);
  });

  it('admin: creates (firing triggers), lists with paging, reads, updates and deletes users', async () => {
    await t.db.query(`create table if not exists public.auth_test_profiles (id uuid primary key, name text)`);
    await t.db.query(`create or replace function public.auth_test_profile() returns trigger language plpgsql security definer set search_path = '' as $$
      begin insert into public.auth_test_profiles (id, name) values (new.id, new.raw_user_meta_data->>'name'); return new; end $$`);
    await t.db.query(`drop trigger if exists auth_test_profile on auth.users`);
    await t.db.query(`create trigger auth_test_profile after insert on auth.users for each row execute function public.auth_test_profile()`);
    const admin = t.client({ serviceRole: true }).auth.admin;
    const email = uniqueEmail('admin');
    const created = await admin.createUser({ email, password: PASSWORD, email_confirm: true, user_metadata: { name: 'Grace' }, app_metadata: { tier: 'gold' } });
    expect(created.error).toBeNull();
    // Only the metadata given (GoTrue's adminUserCreate adds no identity claims to it).
    expect(created.data.user).toMatchObject({ email, app_metadata: { provider: 'email', tier: 'gold' } });
    expect(created.data.user?.user_metadata).toEqual({ name: 'Grace' });
    const profile = await t.db.query(`select name from public.auth_test_profiles where id = $1`, [created.data.user!.id]);
    expect(profile.rows).toEqual([{ name: 'Grace' }]);
    expect((await admin.createUser({ email, password: PASSWORD })).error).toMatchObject({ status: 422, code: 'email_exists' });

    const page1 = await admin.listUsers({ page: 1, perPage: 1 });
    expect(page1.data.users).toHaveLength(1);
    expect((page1.data as { total?: number }).total).toBeGreaterThanOrEqual(2);
    // supabase-js reads the pages from the link header (the page number first, as GoTrue writes it).
    expect(page1.data).toMatchObject({ nextPage: 2, lastPage: (page1.data as { total: number }).total });
    // GoTrue builds the links from the request's own query, keys sorted, the page replaced.
    const total = (page1.data as { total: number }).total;
    const raw = await fetch(`${t.url}/auth/v1/admin/users?per_page=1&x=a+b`, { headers: { apikey: t.serviceRoleKey, authorization: `Bearer ${t.serviceRoleKey}` } });
    expect([raw.status, raw.headers.get('x-total-count'), raw.headers.get('link')]).toEqual([
      200, String(total), `</admin/users?page=2&per_page=1&x=a+b>; rel="next", </admin/users?page=${total}&per_page=1&x=a+b>; rel="last"`,
    ]);
    expect((await admin.getUserById(created.data.user!.id)).data.user?.email).toBe(email);
    expect((await admin.listUsers({ page: -1, perPage: 10 })).error).toMatchObject({
      status: 400, code: 'validation_failed', message: 'Bad Pagination Parameters: strconv.ParseUint: parsing "-1": invalid syntax' });
    const upd = await admin.updateUserById(created.data.user!.id, { user_metadata: { name: 'G' } });
    expect(upd.data.user?.user_metadata.name).toBe('G');
    // An admin replaces the address at once, refusing one another user holds.
    const renamed = uniqueEmail('renamed');
    expect((await admin.updateUserById(created.data.user!.id, { email: renamed })).data.user?.email).toBe(renamed);
    expect((await t.client().auth.signInWithPassword({ email: renamed, password: PASSWORD })).error).toBeNull();
    const other = await admin.createUser({ email: uniqueEmail('other'), password: PASSWORD });
    expect((await admin.updateUserById(other.data.user!.id, { email: renamed })).error).toMatchObject({ status: 422, code: 'email_exists' });
    await admin.deleteUser(other.data.user!.id);
    expect((await admin.deleteUser(created.data.user!.id)).error).toBeNull();
    expect((await admin.getUserById(created.data.user!.id)).error).toMatchObject({ status: 404, code: 'user_not_found' });
  });
});

describeEngines('auth: rate limits', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await authStack(engine, { email: { enable_confirmations: true }, rate_limit: { sign_in_sign_ups: 3, token_refresh: 2, email_sent: 1 } });
  });
  afterAll(() => t?.close());

  it('answers 429 over_request_rate_limit past the sign-in, refresh and e-mail limits', async () => {
    for (let i = 0; i < 3; i++) await t.client().auth.signInWithPassword({ email: uniqueEmail(), password: 'whatever1' });
    const blocked = await t.client().auth.signInWithPassword({ email: uniqueEmail(), password: 'whatever1' });
    expect(blocked.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    const signupBlocked = await t.client().auth.signUp({ email: uniqueEmail(), password: PASSWORD });
    expect(signupBlocked.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });

    for (let i = 0; i < 2; i++) await t.client().auth.refreshSession({ refresh_token: `unknown-${i}` });
    const refreshBlocked = await t.client().auth.refreshSession({ refresh_token: 'unknown-x' });
    expect(refreshBlocked.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });

  it('limits e-mails per hour; recovery stays silent (no mail, the same answer)', async () => {
    const admin = t.client({ serviceRole: true }).auth.admin;
    const a = uniqueEmail('ra');
    const b = uniqueEmail('rb');
    await admin.createUser({ email: a, password: PASSWORD, email_confirm: true });
    await admin.createUser({ email: b, password: PASSWORD, email_confirm: true });
    expect((await t.client().auth.resetPasswordForEmail(a)).error).toBeNull();
    const second = await t.client().auth.resetPasswordForEmail(b);
    expect(second.error).toBeNull();
    expect(await count(t, '_local.mailbox')).toBe(1);
  });
});
