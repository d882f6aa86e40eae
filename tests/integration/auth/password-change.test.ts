/**
 * PUT /auth/v1/user with a new password or e-mail, as GoTrue's UserUpdate: a user with a verified
 * factor needs an aal2 session (401 insufficient_aal); a password change ends the user's other
 * sessions and keeps the current one; with [auth.email] secure_password_change a session older
 * than 24 hours needs the nonce GET /auth/v1/reauthenticate mails.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, type TestStack } from '../support/stack.ts';
import { authStack, count, inbox, PASSWORD, raw, signedInUser, totpCode } from './helpers.ts';

describeEngines('auth: password and e-mail change', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await authStack(engine, { email: { secure_password_change: true } });
  });
  afterAll(() => t?.close());

  const signIn = async (email: string, password = PASSWORD) => {
    const c = t.client();
    const r = await c.auth.signInWithPassword({ email, password });
    if (r.error) throw r.error;
    return c;
  };
  const accessToken = async (c: SupabaseClient) => (await c.auth.getSession()).data.session!.access_token;
  /** Whether a client's session still works on the server: its access token, then its refresh token. */
  const alive = async (c: SupabaseClient) => {
    const token = await accessToken(c);
    const user = await t.client().auth.getUser(token);
    const refreshed = await c.auth.refreshSession();
    return { token: !user.error, refresh: !refreshed.error };
  };

  it('asks an aal1 session of a user with a verified factor for aal2, and lets the aal2 session change it', async () => {
    const { client, email } = await signedInUser(t);
    const en = (await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })).data!;
    const ch = (await client.auth.mfa.challenge({ factorId: en.id })).data!;
    expect((await client.auth.mfa.verify({ factorId: en.id, challengeId: ch.id, code: totpCode(en.totp.secret) })).error).toBeNull();
    const aal1 = await signIn(email);
    expect(decodeJwt(await accessToken(aal1)).aal).toBe('aal1');

    const insufficient = { status: 401, code: 'insufficient_aal', message: 'AAL2 session is required to update email or password when MFA is enabled.' };
    expect((await aal1.auth.updateUser({ password: 'a stolen password 1' })).error).toMatchObject(insufficient);
    expect((await aal1.auth.updateUser({ email: 'attacker@example.test' })).error).toMatchObject(insufficient);
    // Metadata is not a way in, and stays open to aal1 (GoTrue checks only password, e-mail, phone).
    expect((await aal1.auth.updateUser({ data: { theme: 'dark' } })).error).toBeNull();
    expect((await t.client().auth.signInWithPassword({ email, password: 'a stolen password 1' })).error?.code).toBe('invalid_credentials');

    expect((await client.auth.updateUser({ password: 'the owner changed it 2' })).error).toBeNull();
    expect(await alive(aal1)).toEqual({ token: false, refresh: false });
    expect(await alive(client)).toEqual({ token: true, refresh: true });
    expect((await t.client().auth.signInWithPassword({ email, password: 'the owner changed it 2' })).error).toBeNull();
  });

  it('without a factor, aal1 changes the password; every other session ends, this one stays', async () => {
    const { client, email } = await signedInUser(t);
    const phone = await signIn(email);
    const laptop = await signIn(email);
    expect((await client.auth.updateUser({ password: 'brand new secret 3' })).error).toBeNull();
    expect(await alive(phone)).toEqual({ token: false, refresh: false });
    expect(await alive(laptop)).toEqual({ token: false, refresh: false });
    expect(await alive(client)).toEqual({ token: true, refresh: true });
  });

  it("an admin's password change (PUT /admin/users/{id}) ends every session of the user and its pending links, as GoTrue's", async () => {
    const { client, email, userId } = await signedInUser(t);
    const phone = await signIn(email);
    expect((await t.client().auth.resetPasswordForEmail(email)).error).toBeNull();
    expect(await count(t, `auth.users where id = '${userId}' and recovery_token <> ''`)).toBe(1);

    const admin = t.client({ serviceRole: true }).auth.admin;
    expect((await admin.updateUserById(userId, { password: 'set by the admin 9' })).error).toBeNull();
    expect(await alive(client)).toEqual({ token: false, refresh: false });
    expect(await alive(phone)).toEqual({ token: false, refresh: false });
    expect(await count(t, `auth.users where id = '${userId}' and recovery_token <> ''`)).toBe(0);
    expect((await t.client().auth.signInWithPassword({ email, password: 'set by the admin 9' })).error).toBeNull();
    // Metadata alone ends nothing.
    const kept = await signIn(email, 'set by the admin 9');
    expect((await admin.updateUserById(userId, { user_metadata: { name: 'Kept' } })).error).toBeNull();
    expect(await alive(kept)).toEqual({ token: true, refresh: true });
  });

  it('with secure_password_change, a session older than 24 hours needs the mailed nonce, once', async () => {
    const { client, email, userId } = await signedInUser(t);
    const age = async (c: SupabaseClient) => t.db.query(`update auth.sessions set created_at = now() - interval '25 hours' where id = $1`, [decodeJwt(await accessToken(c)).session_id]);
    await age(client);
    expect((await client.auth.updateUser({ password: 'needs a nonce 4' })).error).toMatchObject({ status: 400, code: 'reauthentication_needed', message: 'Password update requires reauthentication' });

    const nonce = async () => {
      expect((await client.auth.reauthenticate()).error).toBeNull();
      const subject = (await inbox(t, email))[0]?.subject ?? '';
      const code = /^(\d{6}) is your verification code$/.exec(subject)?.[1];
      if (!code) throw new Error(`no nonce in ${subject}`);
      return code;
    };
    const invalid = { status: 422, code: 'reauthentication_not_valid', message: 'Nonce has expired or is invalid' };
    const first = await nonce();
    const wrong = first === '000000' ? '111111' : '000000';
    expect((await client.auth.updateUser({ password: 'needs a nonce 4', nonce: wrong })).error).toMatchObject(invalid);
    expect((await client.auth.updateUser({ password: 'needs a nonce 4', nonce: first })).error).toBeNull();
    expect((await client.auth.updateUser({ password: 'used nonce again 5', nonce: first })).error).toMatchObject(invalid);

    // Five wrong tries end a nonce, as they end any mailed code.
    const second = await nonce();
    const other = second === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await client.auth.updateUser({ password: 'guessing 6', nonce: other })).error).toMatchObject(invalid);
    expect((await client.auth.updateUser({ password: 'guessing 6', nonce: second })).error).toMatchObject(invalid);
    // An expired nonce is refused.
    const third = await nonce();
    await t.db.query(`update auth.users set reauthentication_sent_at = now() - interval '2 hours' where id = $1`, [userId]);
    expect((await client.auth.updateUser({ password: 'too late 7', nonce: third })).error).toMatchObject(invalid);

    // A recent sign-in needs none.
    const fresh = await signIn(email, 'needs a nonce 4');
    expect((await fresh.auth.updateUser({ password: 'recently signed in 8' })).error).toBeNull();
  });

  it('answers /reauthenticate only for a signed-in user', async () => {
    const anon = await raw(t, 'GET', '/reauthenticate');
    expect([anon.status, anon.json.error_code]).toEqual([401, 'no_authorization']);
  });
});
