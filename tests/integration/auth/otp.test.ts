/**
 * POST /otp (magic links and e-mailed codes), POST /resend, and the sign-in methods the stack does
 * not serve (phone, SAML, identity linking, ID tokens, Web3), answered as GoTrue with them off.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, type TestStack } from '../support/stack.ts';
import { authStack, codeOf, inbox, raw, signedInUser, uniqueEmail } from './helpers.ts';

describeEngines('auth: one-time codes by e-mail, and disabled methods', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await authStack(engine, { email: { enable_confirmations: true } });
  });
  afterAll(() => t?.close());

  it('signs a new address up with a code, then a known one in with a magic link', async () => {
    const email = uniqueEmail('otp');
    const first = await t.client().auth.signInWithOtp({ email, options: { data: { plan: 'pro' } } });
    expect([first.error, first.data]).toEqual([null, { user: null, session: null }]);
    const [confirm] = await inbox(t, email);
    expect(confirm?.subject).toBe('Confirm Your Signup');
    const client = t.client();
    const verified = await client.auth.verifyOtp({ email, token: codeOf(confirm!).otp, type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.user).toMatchObject({ email, user_metadata: { plan: 'pro' } });
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();

    // Confirmed now: a sign-in link, whose code `email` and whose link hash `magiclink` both take.
    expect((await t.client().auth.signInWithOtp({ email })).error).toBeNull();
    const [magic] = await inbox(t, email);
    expect(magic?.subject).toBe('Your Magic Link');
    const { otp, link } = codeOf(magic!);
    expect(link.searchParams.get('type')).toBe('magiclink');
    expect((await t.client().auth.verifyOtp({ email, token: otp, type: 'email' })).data.session?.access_token).toBeTruthy();
    expect((await t.client().auth.signInWithOtp({ email })).error).toBeNull();
    const hash = codeOf((await inbox(t, email))[0]!).link.searchParams.get('token')!;
    expect((await t.client().auth.verifyOtp({ token_hash: hash, type: 'magiclink' })).data.user?.email).toBe(email);
  });

  it('creates no user when told not to, and refuses what it cannot send', async () => {
    const email = uniqueEmail('nocreate');
    const refused = await t.client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(refused.error).toMatchObject({ status: 422, code: 'otp_disabled', message: 'Signups not allowed for otp' });
    expect(await inbox(t, email)).toEqual([]);
    const phone = await t.client().auth.signInWithOtp({ phone: '+15555550100' });
    expect(phone.error).toMatchObject({ status: 400, code: 'phone_provider_disabled', message: 'Unsupported phone provider' });
    const badPhone = await t.client().auth.verifyOtp({ phone: '+1555-invalid', token: '123456', type: 'sms' });
    expect(badPhone.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Invalid phone number format (E.164 required)' });
    for (const type of ['sms', 'phone_change'] as const) {
      const unknown = await t.client().auth.verifyOtp({ phone: '+15555550100', token: '123456', type });
      expect(unknown.error, type).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
    }
  });

  it('resends a pending confirmation, and nothing for an address with none pending', async () => {
    const email = uniqueEmail('resend');
    expect((await t.client().auth.signUp({ email, password: 'correct horse 1' })).error).toBeNull();
    expect((await t.client().auth.resend({ type: 'signup', email })).error).toBeNull();
    const mails = await inbox(t, email);
    expect(mails.map((m) => m.subject)).toEqual(['Confirm Your Signup', 'Confirm Your Signup']);
    // The newest code confirms; the first one was replaced.
    expect((await t.client().auth.verifyOtp({ email, token: codeOf(mails[0]!).otp, type: 'signup' })).error).toBeNull();
    expect((await t.client().auth.resend({ type: 'signup', email })).error).toBeNull();
    const stranger = uniqueEmail('stranger');
    expect((await t.client().auth.resend({ type: 'signup', email: stranger })).error).toBeNull();
    expect([(await inbox(t, email)).length, (await inbox(t, stranger)).length]).toEqual([2, 0]);
    const badType = await raw(t, 'POST', '/resend', { body: { type: 'recovery', email } });
    expect([badType.status, badType.json.msg ?? badType.json.message]).toEqual([400, 'Missing one of these types: signup, email_change, sms, phone_change']);
  });

  it('answers SAML, identity linking, ID tokens and Web3 as a GoTrue with them turned off', async () => {
    const sso = await t.client().auth.signInWithSSO({ domain: 'example.test' });
    expect(sso.error).toMatchObject({ status: 404, code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled' });
    const { client } = await signedInUser(t);
    const link = await client.auth.linkIdentity({ provider: 'google', options: { skipBrowserRedirect: true } });
    expect(link.error).toMatchObject({ status: 404, code: 'manual_linking_disabled', message: 'Manual linking is disabled' });
    const identity = (await client.auth.getUserIdentities()).data?.identities[0];
    expect((await client.auth.unlinkIdentity(identity!)).error).toMatchObject({ status: 404, code: 'manual_linking_disabled' });
    // Linking needs a session before anything else, as there.
    expect((await raw(t, 'GET', '/user/identities/authorize?provider=google')).status).toBe(401);
    const idToken = await t.client().auth.signInWithIdToken({ provider: 'google', token: 'not-a-token' });
    expect(idToken.error).toMatchObject({ status: 400, code: 'provider_disabled', message: 'Provider (issuer "https://accounts.google.com") is not enabled' });
    const web3 = await raw(t, 'POST', '/token?grant_type=web3', { body: { chain: 'solana', message: 'm', signature: 's' } });
    expect([web3.status, web3.json.error_code]).toEqual([422, 'web3_provider_disabled']);
  });
});
