/** POST /invite and POST /admin/generate_link: links an admin makes, used as e-mailed ones are. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, type TestStack } from '../support/stack.ts';
import { authStack, codeOf, inbox, PASSWORD, signedInUser, uniqueEmail } from './helpers.ts';

describeEngines('auth: invitations and generated links', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await authStack(engine, { email: { enable_confirmations: true } });
  });
  afterAll(() => t?.close());
  const admin = () => t.client({ serviceRole: true }).auth.admin;

  it('invites a new address: mailed link that confirms and signs in; a confirmed address is refused', async () => {
    const email = uniqueEmail('invitee');
    const invited = await admin().inviteUserByEmail(email, { data: { team: 'blue' } });
    expect(invited.error).toBeNull();
    expect(invited.data.user).toMatchObject({ email, user_metadata: { team: 'blue' } });
    expect(invited.data.user?.invited_at).toBeTruthy();
    expect(invited.data.user?.email_confirmed_at).toBeUndefined();
    const [mail] = await inbox(t, email);
    expect(mail?.subject).toBe('You have been invited');
    const { link } = codeOf(mail!);
    expect(link.searchParams.get('type')).toBe('invite');
    const accepted = await t.client().auth.verifyOtp({ token_hash: link.searchParams.get('token')!, type: 'invite' });
    expect(accepted.data.user?.email_confirmed_at).toBeTruthy();
    expect((await admin().inviteUserByEmail(email)).error).toMatchObject({ status: 422, code: 'email_exists' });
    expect((await admin().inviteUserByEmail('not-an-address')).error?.message).toBe('Unable to validate email address: invalid format');
    expect((await t.client().auth.admin.inviteUserByEmail(uniqueEmail())).error?.status).toBe(403);
  });

  it('generates sign-up, magic and e-mail change links without mailing them', async () => {
    const email = uniqueEmail('generated');
    const signup = await admin().generateLink({ type: 'signup', email, password: PASSWORD, options: { data: { tier: 'gold' } } });
    expect(signup.error).toBeNull();
    expect(signup.data.user?.user_metadata).toEqual({ tier: 'gold' });
    expect(signup.data.properties).toMatchObject({ verification_type: 'signup', email_otp: expect.stringMatching(/^\d{6}$/) });
    expect(new URL(signup.data.properties!.action_link).searchParams.get('type')).toBe('signup');
    expect(await inbox(t, email)).toEqual([]);
    expect((await t.client().auth.verifyOtp({ email, token: signup.data.properties!.email_otp, type: 'signup' })).error).toBeNull();
    expect((await t.client().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    const magic = await admin().generateLink({ type: 'magiclink', email });
    const signedIn = await t.client().auth.verifyOtp({ token_hash: magic.data.properties!.hashed_token, type: 'magiclink' });
    expect(signedIn.data.user?.email).toBe(email);
    // Unknown: a magic link signs the address up; recovery needs an account.
    expect((await admin().generateLink({ type: 'magiclink', email: uniqueEmail('new') })).data.properties?.verification_type).toBe('signup');
    expect((await admin().generateLink({ type: 'recovery', email: uniqueEmail('nobody') })).error).toMatchObject({ status: 404, code: 'user_not_found' });
    expect((await admin().generateLink({ type: 'signup', email: 'bad', password: PASSWORD })).error?.message).toBe('Unable to validate email address: invalid format');

    const { email: current } = await signedInUser(t);
    const next = uniqueEmail('next');
    const change = await admin().generateLink({ type: 'email_change_new', email: current, newEmail: next });
    expect(change.data.user?.new_email).toBe(next);
    const confirmed = await t.client().auth.verifyOtp({ token_hash: change.data.properties!.hashed_token, type: 'email_change' });
    expect(confirmed.data.user?.email).toBe(next);
    expect((await admin().generateLink({ type: 'email_change_new', email: next, newEmail: email })).error).toMatchObject({ status: 422, code: 'email_exists' });
  });
});
