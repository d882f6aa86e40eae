import { request } from 'node:http';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, type TestStack } from '../support/stack.ts';
import { authStack, codeOf, inbox, PASSWORD, raw, signedInUser, uniqueEmail } from './helpers.ts';

const SITE = 'http://127.0.0.1:4173';

/** A request with headers fetch will not send as given (Host). */
function rawHttp(t: TestStack, path: string, headers: Record<string, string>, body: object): Promise<number> {
  const url = new URL(`${t.url}/auth/v1${path}`);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { apikey: t.anonKey, 'content-type': 'application/json', ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** Where an e-mailed verify link sends the browser (its 303 Location). */
async function landing(link: URL): Promise<URL> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

describeEngines('auth security: redirects, link hosts and repeated sign-ups', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await authStack(engine, { site_url: SITE, additional_redirect_urls: ['http://localhost:*'], email: { enable_confirmations: true } });
  });
  afterAll(() => t?.close());

  it('never redirects a recovery link to a user-info trick; allowed targets are kept', async () => {
    const { email } = await signedInUser(t);
    const evil = encodeURIComponent('http://localhost:1@evil.test/steal');
    expect((await raw(t, 'POST', `/recover?redirect_to=${evil}`, { body: { email } })).status).toBe(200);
    const [mail] = await inbox(t, email);
    const { link } = codeOf(mail!);
    expect(link.searchParams.get('redirect_to')).toBe(SITE);
    const location = await landing(link);
    expect(location.origin).toBe(SITE);
    expect(location.hash).toContain('access_token=');
    // Also at the link itself: a redirect_to edited into the link falls back to the site.
    expect((await landing(new URL(link.toString().replace(/redirect_to=[^&]*/, `redirect_to=${evil}`)))).origin).toBe(SITE);

    await raw(t, 'POST', `/recover?redirect_to=${encodeURIComponent('http://localhost:5173/auth?mode=reset')}`, { body: { email } });
    const [second] = await inbox(t, email);
    expect((await landing(codeOf(second!).link)).href).toMatch(/^http:\/\/localhost:5173\/auth\?mode=reset#access_token=/);
  });

  it('answers every redirect_to with a valid Location: normalised, or the site URL, its fragment replaced', async () => {
    const verify = (redirectTo: string) => landing(new URL(`${t.url}/auth/v1/verify?token=x&type=recovery&redirect_to=${redirectTo}`));
    const cases: [string, string][] = [
      ['http%3A%2F%2F%E2%93%9Bocalhost%3A1', 'http://localhost:1/#'], // IDN mapping: the host the browser would go to
      ['http%3A%2F%2Flocalhost%3A1%2Fa%0d%0aSet-Cookie%3A%20x%3D1', 'http://localhost:1/aSet-Cookie:%20x=1#'],
      ['http%3A%2F%2Flocalhost%3A1%2F%C3%A9t%C3%A9%3Fq%3D%E2%9C%93', 'http://localhost:1/%C3%A9t%C3%A9?q=%E2%9C%93#'],
      ['http%3A%2F%2Flocalhost%3A1%2Fauth%23old%3D1', 'http://localhost:1/auth#'],
      ['not%20a%20url%0d%0a', `${SITE}/#`],
      ['http%3A%2F%2F%5B%3A%3A1', `${SITE}/#`],
    ];
    for (const [redirectTo, prefix] of cases) {
      const location = await verify(redirectTo);
      expect(location.href.startsWith(prefix) || `${location.href} vs ${prefix}`, redirectTo).toBe(true);
      expect(Object.fromEntries(new URLSearchParams(location.hash.slice(1))), redirectTo).toMatchObject({ error: 'access_denied', error_code: 'otp_expired' });
      expect(location.hash, redirectTo).not.toContain('old=');
    }
  });

  it('sign-up confirmation links fall back to the site URL for a disallowed emailRedirectTo', async () => {
    const email = uniqueEmail('redir');
    const { error } = await t.client().auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: 'https://evil.test/' } });
    expect(error).toBeNull();
    const [mail] = await inbox(t, email);
    expect((await landing(codeOf(mail!).link)).origin).toBe(SITE);
  });

  it('builds e-mailed links and token issuers from the stack URL, never from Host or X-Forwarded-Host', async () => {
    const { email } = await signedInUser(t);
    const forged = { host: 'evil.test', 'x-forwarded-host': 'evil.test', 'x-forwarded-proto': 'https' };
    expect(await rawHttp(t, '/recover', forged, { email })).toBe(200);
    const [mail] = await inbox(t, email);
    expect(mail!.links[0]!.startsWith(`${t.url}/auth/v1/verify?`)).toBe(true);
    expect(mail!.text).not.toContain('evil.test');

    const signIn = await raw(t, 'POST', '/token?grant_type=password', { headers: { 'x-forwarded-host': 'evil.test' }, body: { email, password: PASSWORD } });
    expect(decodeJwt(String(signIn.json.access_token)).iss).toBe(`${t.url}/auth/v1`);
  });

  it('a repeated sign-up of a pending address changes neither its password nor its metadata', async () => {
    const email = uniqueEmail('hijack');
    const first = await t.client().auth.signUp({ email, password: 'first password 1', options: { data: { name: 'Victim' } } });
    expect(first.error).toBeNull();
    const second = await t.client().auth.signUp({ email, password: 'attacker password 2', options: { data: { name: 'Mallory' } } });
    expect(second.error).toBeNull();
    // Same shape as a first sign-up: a user without a session, echoing what was sent.
    expect(second.data.session).toBeNull();
    expect(second.data.user).toMatchObject({ email, user_metadata: { name: 'Mallory' } });
    const mails = await inbox(t, email);
    expect(mails).toHaveLength(2); // the confirmation was sent again
    await landing(codeOf(mails[0]!).link);
    expect((await t.client().auth.signInWithPassword({ email, password: 'attacker password 2' })).error).toMatchObject({ code: 'invalid_credentials' });
    const ok = await t.client().auth.signInWithPassword({ email, password: 'first password 1' });
    expect(ok.error).toBeNull();
    expect(ok.data.user?.user_metadata.name).toBe('Victim');
  });
});
