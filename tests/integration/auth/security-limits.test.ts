import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, type TestStack } from '../support/stack.ts';
import { authStack, codeOf, inbox, PASSWORD, raw, uniqueEmail } from './helpers.ts';

const signIn = (t: TestStack, forwardedFor: string) =>
  raw(t, 'POST', '/token?grant_type=password', { headers: { 'x-forwarded-for': forwardedFor }, body: { email: uniqueEmail('rl'), password: 'whatever1' } });

describeEngines('auth security: forwarded addresses', (engine) => {
  let t: TestStack;
  let proxied: TestStack;
  beforeAll(async () => {
    [t, proxied] = await Promise.all([
      authStack(engine, { rate_limit: { sign_in_sign_ups: 3 } }),
      authStack(engine, { rate_limit: { sign_in_sign_ups: 3 } }, { api: { trusted_proxies: ['127.0.0.1'] } }),
    ]);
  });
  afterAll(() => Promise.all([t?.close(), proxied?.close()]));

  it('ignores X-Forwarded-For from an untrusted peer: rotating it still hits the per-IP limit', async () => {
    for (let i = 1; i <= 3; i++) expect((await signIn(t, `203.0.113.${i}`)).status).toBe(400);
    expect((await signIn(t, '203.0.113.99')).json.error_code).toBe('over_request_rate_limit');
    const logged = await t.db.query<{ ip: string }>(`select distinct ip_address as ip from auth.audit_log_entries`);
    expect(logged.rows.map((r) => r.ip)).toEqual(['127.0.0.1']);
  });

  it('uses the forwarded address behind a configured proxy', async () => {
    for (let i = 0; i < 3; i++) expect((await signIn(proxied, '198.51.100.7')).status).toBe(400);
    expect((await signIn(proxied, '198.51.100.7')).json.error_code).toBe('over_request_rate_limit');
    expect((await signIn(proxied, '198.51.100.8')).status).toBe(400);
    const logged = await proxied.db.query<{ ip: string }>(`select distinct ip_address as ip from auth.audit_log_entries order by 1`);
    expect(logged.rows.map((r) => r.ip)).toEqual(['198.51.100.7', '198.51.100.8']);
  });
});

describeEngines('auth security: one-time codes', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await authStack(engine, { email: { enable_confirmations: true } });
  });
  afterAll(() => t?.close());

  /** A confirmed user made by the admin API. */
  const confirmedUser = async () => {
    const email = uniqueEmail('otp');
    expect((await t.client({ serviceRole: true }).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true })).error).toBeNull();
    return email;
  };
  const recoveryCode = async (email: string) => {
    expect((await raw(t, 'POST', '/recover', { body: { email } })).status).toBe(200);
    return codeOf((await inbox(t, email))[0]!);
  };
  const verify = (email: string, token: string, type = 'recovery') => raw(t, 'POST', '/verify', { body: { type, email, token } });
  const wrong = (otp: string) => String((Number(otp) + 1) % 1_000_000).padStart(6, '0');

  it('kills a code after five wrong tries: the right code then fails too', async () => {
    const email = await confirmedUser();
    const { otp, link } = await recoveryCode(email);
    for (let i = 0; i < 5; i++) expect((await verify(email, wrong(otp))).json.error_code).toBe('otp_expired');
    expect((await verify(email, otp)).json.error_code).toBe('otp_expired');
    expect((await fetch(link, { redirect: 'manual' })).headers.get('location')).toContain('error_code=otp_expired');

    // A new code starts a new count: four wrong tries leave it usable.
    const fresh = await recoveryCode(email);
    for (let i = 0; i < 4; i++) expect((await verify(email, wrong(fresh.otp))).status).toBe(403);
    const ok = await verify(email, fresh.otp);
    expect(ok.status).toBe(200);
    expect(ok.json.access_token).toBeTruthy();
  });

  it('counts concurrent wrong tries one by one', async () => {
    const email = await confirmedUser();
    const { otp } = await recoveryCode(email);
    const answers = await Promise.all(Array.from({ length: 12 }, () => verify(email, wrong(otp))));
    expect(answers.every((r) => r.status === 403)).toBe(true);
    expect((await verify(email, otp)).json.error_code).toBe('otp_expired');
  });

  it('counts wrong tries against a pending sign-up confirmation too, whatever the IP', async () => {
    const email = uniqueEmail('confirm-guess');
    expect((await t.client().auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    const { otp } = codeOf((await inbox(t, email))[0]!);
    for (let i = 0; i < 5; i++) {
      const r = await raw(t, 'POST', '/verify', { headers: { 'x-forwarded-for': `192.0.2.${i}` }, body: { type: 'signup', email, token: wrong(otp) } });
      expect(r.status).toBe(403);
    }
    expect((await verify(email, otp, 'signup')).json.error_code).toBe('otp_expired');
  });

  it('does not accept the token hash GoTrue would derive from the address and the code', async () => {
    const email = await confirmedUser();
    const { otp, link } = await recoveryCode(email);
    const derived = createHash('sha224').update(email + otp).digest('hex');
    expect((await raw(t, 'POST', '/verify', { body: { type: 'recovery', token_hash: derived } })).json.error_code).toBe('otp_expired');
    const byLink = await raw(t, 'POST', '/verify', { body: { type: 'recovery', token_hash: link.searchParams.get('token') } });
    expect(byLink.status).toBe(200);
  });
});

describeEngines('auth security: the e-mail budget', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await authStack(
      engine,
      { email: { enable_confirmations: true }, rate_limit: { email_sent: 10, email_sent_per_ip: 4, email_sent_per_address: 2 } },
      { api: { trusted_proxies: ['127.0.0.1'] } },
    );
  });
  afterAll(() => t?.close());

  /** /recover's whole answer, to compare byte for byte. */
  const recover = async (email: string, ip: string) => {
    const res = await fetch(`${t.url}/auth/v1/recover`, {
      method: 'POST',
      headers: { apikey: t.anonKey, 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ email }),
    });
    return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
  };
  const users = async (n: number) => {
    const admin = t.client({ serviceRole: true }).auth.admin;
    const emails = Array.from({ length: n }, () => uniqueEmail('budget'));
    for (const email of emails) expect((await admin.createUser({ email, password: PASSWORD, email_confirm: true })).error).toBeNull();
    return emails;
  };
  const mails = async (emails: string[]) => (await Promise.all(emails.map((e) => inbox(t, e)))).reduce((n, m) => n + m.length, 0);

  it('limits e-mails per address and per IP silently, so one client cannot spend the total', async () => {
    const expected = { status: 200, type: 'application/json', body: '{}' };
    const [one] = await users(1);
    for (let i = 0; i < 3; i++) expect(await recover(one!, '203.0.113.1')).toEqual(expected);
    expect(await mails([one!])).toBe(2); // per address
    expect(await recover(uniqueEmail('nobody'), '203.0.113.1')).toEqual(expected);

    const many = await users(4);
    for (const email of many) expect(await recover(email, '203.0.113.2')).toEqual(expected);
    expect(await mails(many)).toBe(4);
    const [late] = await users(1);
    expect(await recover(late!, '203.0.113.2')).toEqual(expected); // this IP's share is spent
    expect(await mails([late!])).toBe(0);
    expect(await recover(late!, '203.0.113.3')).toEqual(expected); // others still get theirs
    expect(await mails([late!])).toBe(1);
  });

  it('reports the limit on a new sign-up the same way for every address, and stays silent on a repeat', async () => {
    const signup = (email: string, ip: string) =>
      raw(t, 'POST', '/signup', { headers: { 'x-forwarded-for': ip }, body: { email, password: PASSWORD } });
    const pending = uniqueEmail('pending');
    expect((await signup(pending, '203.0.113.9')).status).toBe(200);
    expect((await signup(pending, '203.0.113.9')).status).toBe(200); // resent: 2 for this address
    const third = await signup(pending, '203.0.113.9');
    expect(third.status).toBe(200); // no third mail, same answer
    expect(await mails([pending])).toBe(2);
    expect((await signup(uniqueEmail('fresh'), '203.0.113.11')).status).toBe(200);
    // The total (10) is spent by now; a fresh sign-up says so, and so does a taken address.
    const [taken] = await users(1);
    for (const email of [uniqueEmail('fresh'), taken!]) {
      const r = await signup(email, '203.0.113.10');
      expect({ status: r.status, code: r.json.error_code }).toEqual({ status: 429, code: 'over_email_send_rate_limit' });
    }
  });
});
