import { createRemoteJWKSet, decodeJwt, exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, type TestStack } from '../support/stack.ts';
import { authStack, count, followVerifyLink, PASSWORD, raw, signedInUser, uniqueEmail } from './helpers.ts';

describeEngines('auth: sign-up and sign-in without confirmation', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await authStack(engine, { email: { enable_confirmations: false } });
  });
  afterAll(() => t?.close());

  it('signs up with metadata, returns a session and fires auth.users inserts', async () => {
    const email = uniqueEmail('signup');
    const sb = t.client();
    const { data, error } = await sb.auth.signUp({ email, password: PASSWORD, options: { data: { display_name: 'Ada' } } });
    expect(error).toBeNull();
    expect(data.session?.token_type).toBe('bearer');
    expect(data.session?.expires_in).toBe(3600);
    expect(data.user).toMatchObject({ email, aud: 'authenticated', role: 'authenticated', app_metadata: { provider: 'email', providers: ['email'] } });
    expect(data.user?.user_metadata.display_name).toBe('Ada');
    expect(data.user?.identities?.[0]).toMatchObject({ provider: 'email', user_id: data.user?.id });
    const row = await t.db.query<{ raw_user_meta_data: { display_name: string } }>(`select raw_user_meta_data from auth.users where email = $1`, [email]);
    expect(row.rows[0]?.raw_user_meta_data.display_name).toBe('Ada');
    const again = await t.client().auth.signUp({ email, password: PASSWORD });
    expect(again.error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
  });

  it('signs in, and answers a wrong password and an unknown e-mail identically, logging both failures', async () => {
    const { email, userId } = await signedInUser(t);
    const wrong = await t.client().auth.signInWithPassword({ email, password: 'wrong password' });
    const unknown = await t.client().auth.signInWithPassword({ email: uniqueEmail('nobody'), password: 'wrong password' });
    for (const r of [wrong, unknown]) {
      expect(r.error?.name).toBe('AuthApiError');
      expect(r.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
    const ok = await t.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(ok.error).toBeNull();
    const claims = decodeJwt(ok.data.session!.access_token);
    expect(claims).toMatchObject({ sub: userId, aud: 'authenticated', role: 'authenticated', email, aal: 'aal1', is_anonymous: false, iss: `${t.url}/auth/v1` });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(typeof claims.session_id).toBe('string');
    expect((claims.amr as { method: string }[])[0]?.method).toBe('password');
    const audit = await t.db.query<{ action: string; ua: string; ip: string }>(
      `select payload->>'action' as action, payload->'traits'->>'user_agent' as ua, ip_address as ip from auth.audit_log_entries
       where payload->>'actor_username' = $1 order by created_at`, [email],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(expect.arrayContaining(['login', 'login_failed']));
    expect(audit.rows.every((r) => r.ip === '127.0.0.1')).toBe(true);
  });

  it('rejects weak and over-long passwords as GoTrue does', async () => {
    const weak = await t.client().auth.signUp({ email: uniqueEmail(), password: 'short' });
    expect(weak.error).toMatchObject({ name: 'AuthWeakPasswordError', status: 422, code: 'weak_password', reasons: ['length'] });
    expect(weak.error?.message).toBe('Password should be at least 8 characters.');
    const long = await t.client().auth.signUp({ email: uniqueEmail(), password: 'x'.repeat(73) });
    expect(long.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Password cannot be longer than 72 characters' });
    const max = await t.client().auth.signUp({ email: uniqueEmail(), password: 'é'.repeat(36) }); // 72 bytes
    expect(max.error).toBeNull();
  });

  it('reads and updates the user: metadata merge and password change', async () => {
    const { client, email } = await signedInUser(t);
    const got = await client.auth.getUser();
    expect(got.data.user?.email).toBe(email);
    await client.auth.updateUser({ data: { lang: 'en' } });
    const upd = await client.auth.updateUser({ data: { theme: 'dark' } });
    // Merged; an admin-created user's metadata holds only what was given (GoTrue adds no claims).
    expect(upd.data.user?.user_metadata).toEqual({ lang: 'en', theme: 'dark' });
    const same = await client.auth.updateUser({ password: PASSWORD });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    expect((await client.auth.updateUser({ password: 'another pass 2' })).error).toBeNull();
    expect((await t.client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials');
    expect((await t.client().auth.signInWithPassword({ email, password: 'another pass 2' })).error).toBeNull();
  });

  it('publishes a JWKS that verifies access tokens; tokens from another key or expired are refused', async () => {
    const { client } = await signedInUser(t);
    const { data } = await client.auth.getSession();
    const jwks = createRemoteJWKSet(new URL(`${t.url}/auth/v1/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(data.session!.access_token, jwks, { issuer: `${t.url}/auth/v1`, audience: 'authenticated' });
    expect(protectedHeader.alg).toBe('ES256');
    expect(protectedHeader.kid).toBeTruthy();
    expect(payload.role).toBe('authenticated');

    const claims = decodeJwt(data.session!.access_token);
    const other = await generateKeyPair('ES256');
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: protectedHeader.kid! }).sign(other.privateKey);
    const r1 = await raw(t, 'GET', '/user', { headers: { authorization: `Bearer ${forged}` } });
    expect(r1.status).toBe(403);
    expect(r1.json).toMatchObject({ code: 403, error_code: 'bad_jwt' });
    expect(await exportJWK(other.publicKey)).toBeTruthy();

    const expired = await t.keys.signAccessToken({ ...(claims as Record<string, unknown>), role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 300 });
    const r2 = await t.client().auth.getUser(expired);
    expect(r2.error).toMatchObject({ status: 403, code: 'bad_jwt' });
  });

  it('serves GoTrue settings', async () => {
    const r = await raw(t, 'GET', '/settings');
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ disable_signup: false, mailer_autoconfirm: true, saml_enabled: false });
    expect((r.json.external as Record<string, boolean>).email).toBe(true);
    expect((r.json.external as Record<string, boolean>).google).toBe(false);
    expect((r.json.external as Record<string, boolean>).anonymous_users).toBe(false);
    expect(await count(t, 'auth.users')).toBeGreaterThan(0);
  });

  it('refuses anonymous sign-ins while [auth] enable_anonymous_sign_ins is off (the project setting)', async () => {
    const before = await count(t, 'auth.users');
    const { data, error } = await t.client().auth.signInAnonymously();
    expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled', message: 'Anonymous sign-ins are disabled' });
    expect(data.session).toBeNull();
    expect(await count(t, 'auth.users')).toBe(before);
  });
});

describeEngines('auth: sign-up with e-mail confirmation and recovery', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await authStack(engine, { email: { enable_confirmations: true } });
  });
  afterAll(() => t?.close());

  const inbox = async (to: string) => {
    const res = await fetch(`${t.url}/mailbox/api/messages?to=${encodeURIComponent(to)}`);
    return ((await res.json()) as { messages: { subject: string; text: string; links: string[] }[] }).messages;
  };

  it('returns the user without a session, mails a link, and the link confirms and redirects with a session', async () => {
    const email = uniqueEmail('confirm');
    const sb = t.client();
    const { data, error } = await sb.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: 'http://127.0.0.1:4173/welcome' } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeUndefined();

    const early = await t.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' });

    const [mail] = await inbox(email);
    expect(mail?.subject).toBe('Confirm Your Signup');
    const link = new URL(mail!.links[0]!);
    const fragment = await followVerifyLink(link, 'signup');
    expect(fragment.get('token_type')).toBe('bearer');
    const user = await t.client().auth.getUser(fragment.get('access_token')!);
    expect(user.data.user?.email_confirmed_at).toBeTruthy();

    const reused = await fetch(link, { redirect: 'manual' });
    expect(new URLSearchParams(new URL(reused.headers.get('location')!).hash.slice(1)).get('error_code')).toBe('otp_expired');
    expect((await t.client().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    const page = await fetch(`${t.url}/mailbox`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain(`href="${link.toString().replace(/&/g, '&amp;')}"`);
  });

  it('hides an existing confirmed address behind an obfuscated user', async () => {
    const { email } = await signedInUser(t);
    const { data, error } = await t.client().auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.user?.identities).toEqual([]);
    const ids = await t.db.query(`select id from auth.users where email = $1`, [email]);
    expect(ids.rows).toHaveLength(1);
    expect(data.user?.id).not.toBe((ids.rows[0] as { id: string }).id);
  });

  it('recovers a password via the mailbox (POST /verify with the token hash) and escapes HTML', async () => {
    const { email } = await signedInUser(t, uniqueEmail('<b>x</b>'.replace(/[<>/]/g, '')));
    expect((await t.client().auth.resetPasswordForEmail(email)).error).toBeNull();
    expect((await t.client().auth.resetPasswordForEmail(uniqueEmail('ghost'))).error).toBeNull();
    const [mail] = await inbox(email);
    expect(mail?.subject).toBe('Reset Your Password');
    const hash = new URL(mail!.links[0]!).searchParams.get('token')!;
    const sb = t.client();
    const v = await sb.auth.verifyOtp({ token_hash: hash, type: 'recovery' });
    expect(v.error).toBeNull();
    expect((await sb.auth.updateUser({ password: 'brand new pass' })).error).toBeNull();
    expect((await t.client().auth.signInWithPassword({ email, password: 'brand new pass' })).error).toBeNull();
    const again = await t.client().auth.verifyOtp({ token_hash: hash, type: 'recovery' });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired' });

    await t.db.query(`insert into _local.mailbox (to_address, subject, body_text, links) values ('x@example.test', '<script>alert(1)</script>', 'body', '["javascript:alert(1)"]')`);
    const html = await (await fetch(`${t.url}/mailbox`)).text();
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('href="javascript:');
  });
});
