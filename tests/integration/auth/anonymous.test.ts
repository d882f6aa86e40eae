/**
 * Anonymous sign-ins (`[auth] enable_anonymous_sign_ins`) through the real supabase-js: the user
 * and its tokens as GoTrue makes them, the per-IP hourly limit, and the conversion to a permanent
 * user by adding an e-mail address, at once (no confirmations) or by the mailed link or code.
 */
import { createClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { describeEngines, type TestStack } from '../support/stack.ts';
import { authStack, codeOf, followVerifyLink, inbox, PASSWORD, raw, signedInUser, uniqueEmail } from './helpers.ts';

let ipCounter = 0;
/** A fresh client address per call, so each test has its own anonymous sign-in budget. */
const nextIp = () => `198.51.100.${++ipCounter}`;

/** supabase-js as a browser behind a trusted proxy at `ip` would use it. */
function clientFrom(t: TestStack, ip = nextIp()) {
  return createClient(t.url, t.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'x-forwarded-for': ip } },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

async function anonymousSession(t: TestStack) {
  const client = clientFrom(t);
  const { data, error } = await client.auth.signInAnonymously();
  expect(error).toBeNull();
  return { client, session: data.session!, userId: data.user!.id };
}

const trustedLoopback = { api: { trusted_proxies: ['127.0.0.1'] } };

describeEngines('auth: anonymous sign-ins without e-mail confirmation', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await authStack(engine, { enable_anonymous_sign_ins: true, rate_limit: { anonymous_users: 3 }, email: { enable_confirmations: false } }, trustedLoopback);
  });
  afterAll(() => t?.close());

  it('creates an anonymous user with an aal1 session whose tokens say is_anonymous', async () => {
    const client = clientFrom(t);
    const { data, error } = await client.auth.signInAnonymously({ options: { data: { theme: 'dark' } } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      aud: 'authenticated', role: 'authenticated', email: '', phone: '', is_anonymous: true,
      app_metadata: {}, user_metadata: { theme: 'dark' }, identities: [],
    });
    expect(data.session?.expires_in).toBe(3600);
    const claims = decodeJwt(data.session!.access_token);
    expect(claims).toMatchObject({ sub: data.user!.id, role: 'authenticated', aal: 'aal1', is_anonymous: true, email: '', app_metadata: {} });
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(['anonymous']);
    const row = await t.db.query<{ email: string | null; is_anonymous: boolean; identities: string }>(
      `select email, is_anonymous, (select count(*) from auth.identities i where i.user_id = u.id)::text as identities from auth.users u where id = $1`,
      [data.user!.id],
    );
    expect(row.rows).toEqual([{ email: null, is_anonymous: true, identities: '0' }]);

    expect((await client.auth.getUser()).data.user?.is_anonymous).toBe(true);
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeJwt(refreshed.data.session!.access_token).is_anonymous).toBe(true);

    // The claim reaches SQL, where policies read it (`auth.jwt() ->> 'is_anonymous'`).
    await t.db.query(`create or replace function public.is_anonymous_caller() returns boolean language sql stable as $$ select (auth.jwt() ->> 'is_anonymous')::boolean $$`);
    await t.stack.rest.reloadSchema();
    expect((await client.rpc('is_anonymous_caller')).data).toBe(true);
    const settings = await raw(t, 'GET', '/settings');
    expect((settings.json.external as Record<string, boolean>).anonymous_users).toBe(true);
  });

  it('limits anonymous sign-ins per address per hour, apart from the sign-in limit', async () => {
    const ip = nextIp();
    for (let i = 0; i < 3; i++) expect((await clientFrom(t, ip).auth.signInAnonymously()).error).toBeNull();
    const over = await clientFrom(t, ip).auth.signInAnonymously();
    expect(over.error).toMatchObject({ status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    // Password sign-ins from the same address are counted apart, and another address may still sign in.
    expect((await clientFrom(t, ip).auth.signInWithPassword({ email: uniqueEmail(), password: PASSWORD })).error?.code).toBe('invalid_credentials');
    expect((await clientFrom(t).auth.signInAnonymously()).error).toBeNull();
  });

  it('makes the user permanent when it adds an e-mail address, at once without confirmations', async () => {
    const { client, userId } = await anonymousSession(t);
    const email = uniqueEmail('converted');
    const { data, error } = await client.auth.updateUser({ email });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: userId, email, is_anonymous: false, user_metadata: { email_verified: true } });
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.identities?.map((i) => [i.provider, i.identity_data?.email])).toEqual([['email', email]]);
    // GoTrue does not re-derive app_metadata's providers on this path (only after a verification).
    expect(data.user?.app_metadata).toEqual({});
    const refreshed = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token)).toMatchObject({ sub: userId, email, is_anonymous: false });
    // Now it may have a password, and sign in with it.
    expect((await client.auth.updateUser({ password: PASSWORD })).error).toBeNull();
    const signIn = await clientFrom(t).auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.id).toBe(userId);
  });

  it('refuses a password without an address and an address already taken', async () => {
    const { client, userId } = await anonymousSession(t);
    const noAddress = await client.auth.updateUser({ password: PASSWORD });
    expect(noAddress.error).toMatchObject({
      status: 422, code: 'validation_failed', message: 'Updating password of an anonymous user without an email or phone is not allowed',
    });
    const { email: taken } = await signedInUser(t);
    const clash = await client.auth.updateUser({ email: taken });
    expect(clash.error).toMatchObject({ status: 422, code: 'email_exists', message: 'A user with this email address has already been registered' });
    const email = uniqueEmail('both');
    const both = await client.auth.updateUser({ email, password: PASSWORD });
    expect(both.error).toBeNull();
    expect(both.data.user).toMatchObject({ id: userId, email, is_anonymous: false });
    expect((await clientFrom(t).auth.signInWithPassword({ email, password: PASSWORD })).data.user?.id).toBe(userId);
  });
});

describeEngines('auth: anonymous users confirming an e-mail address', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await authStack(engine, { enable_anonymous_sign_ins: true, email: { enable_confirmations: true } }, trustedLoopback);
  });
  afterAll(() => t?.close());

  it('mails the new address a link; the user stays anonymous until the link is followed', async () => {
    const { client, userId } = await anonymousSession(t);
    const email = uniqueEmail('link');
    const pending = await client.auth.updateUser({ email }, { emailRedirectTo: 'http://127.0.0.1:4173/welcome' });
    expect(pending.error).toBeNull();
    expect(pending.data.user).toMatchObject({ id: userId, email: '', new_email: email, is_anonymous: true });
    expect(pending.data.user?.email_change_sent_at).toBeTruthy();

    const [mail] = await inbox(t, email);
    expect(mail?.subject).toBe('Confirm Email Change');
    const { link } = codeOf(mail!);
    const fragment = await followVerifyLink(link, 'email_change');
    const access = fragment.get('access_token')!;
    expect(decodeJwt(access)).toMatchObject({ sub: userId, email, is_anonymous: false });
    const user = (await t.client().auth.getUser(access)).data.user;
    expect(user).toMatchObject({ id: userId, email, is_anonymous: false, app_metadata: { provider: 'email', providers: ['email'] } });
    expect(user?.email_confirmed_at).toBeTruthy();
    expect(user?.new_email).toBeUndefined();
    expect(user?.identities?.map((i) => i.provider)).toEqual(['email']);

    const reused = await fetch(link, { redirect: 'manual' });
    expect(new URLSearchParams(new URL(reused.headers.get('location')!).hash.slice(1)).get('error_code')).toBe('otp_expired');
  });

  it('accepts the mailed code instead of the link', async () => {
    const { client, userId } = await anonymousSession(t);
    const email = uniqueEmail('code');
    expect((await client.auth.updateUser({ email })).error).toBeNull();
    const { otp } = codeOf((await inbox(t, email))[0]!);
    const verified = await clientFrom(t).auth.verifyOtp({ email, token: otp, type: 'email_change' });
    expect(verified.error).toBeNull();
    expect(verified.data.user).toMatchObject({ id: userId, email, is_anonymous: false });
    const row = await t.db.query<{ is_anonymous: boolean; email_change: string }>(`select is_anonymous, email_change from auth.users where id = $1`, [userId]);
    expect(row.rows).toEqual([{ is_anonymous: false, email_change: '' }]);
  });
});
