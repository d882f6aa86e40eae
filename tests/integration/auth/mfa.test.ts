import { decodeJwt } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, type TestStack } from '../support/stack.ts';
import { authStack, PASSWORD, raw, signedInUser, totpCode } from './helpers.ts';

describeEngines('auth: TOTP MFA', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await authStack(engine);
  });
  afterAll(() => t?.close());

  it('enrols, challenges, verifies to aal2, revokes aal1 sessions, and unenrols back to aal1', async () => {
    const { client, email } = await signedInUser(t);
    const other = t.client();
    await other.auth.signInWithPassword({ email, password: PASSWORD });
    const otherSession = (await other.auth.getSession()).data.session!;

    const en = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone', issuer: 'Garage' });
    expect(en.error).toBeNull();
    expect(en.data).toMatchObject({ type: 'totp', friendly_name: 'Phone' });
    expect(en.data!.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    expect(en.data!.totp.uri).toMatch(/^otpauth:\/\/totp\/Garage:.+\?.*secret=/);
    expect(en.data!.totp.uri).toContain('algorithm=SHA1');
    const dup = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(dup.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });

    let aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });

    const ch = await client.auth.mfa.challenge({ factorId: en.data!.id });
    expect(ch.data?.type).toBe('totp');
    expect(ch.data!.expires_at - Math.floor(Date.now() / 1000)).toBeGreaterThan(290);
    const wrong = await client.auth.mfa.verify({ factorId: en.data!.id, challengeId: ch.data!.id, code: '000000' === totpCode(en.data!.totp.secret) ? '111111' : '000000' });
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' });
    const ok = await client.auth.mfa.verify({ factorId: en.data!.id, challengeId: ch.data!.id, code: totpCode(en.data!.totp.secret) });
    expect(ok.error).toBeNull();
    const claims = decodeJwt(ok.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((m) => m.method)).toEqual(expect.arrayContaining(['totp', 'password']));

    aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    // A refresh (a device back online after its token expired) keeps the level the session reached.
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeJwt(refreshed.data.session!.access_token).aal).toBe('aal2');
    const factors = await client.auth.mfa.listFactors();
    expect(factors.data?.totp.map((f) => f.id)).toEqual([en.data!.id]);

    // The other, aal1 session is gone (GoTrue's InvalidateSessionsWithAALLessThan).
    expect((await t.client().auth.getUser(otherSession.access_token)).error).toMatchObject({ name: 'AuthSessionMissingError' });
    // A fresh password sign-in is aal1 with aal2 available: the client must ask for the code.
    const third = t.client();
    await third.auth.signInWithPassword({ email, password: PASSWORD });
    expect((await third.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const denied = await third.auth.mfa.unenroll({ factorId: en.data!.id });
    expect(denied.error).toMatchObject({ status: 422, code: 'insufficient_aal' });
    const enrolMore = await third.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Second' });
    expect(enrolMore.error).toMatchObject({ status: 403, code: 'insufficient_aal' });

    const un = await client.auth.mfa.unenroll({ factorId: en.data!.id });
    expect(un.error).toBeNull();
    const after = await client.auth.refreshSession();
    expect(decodeJwt(after.data.session!.access_token).aal).toBe('aal1');
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });

  it('lets an admin list and delete a user\'s factors; the user\'s aal2 session falls back to aal1', async () => {
    const { client, userId } = await signedInUser(t);
    const en = (await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Lost phone' })).data!;
    const ch = (await client.auth.mfa.challenge({ factorId: en.id })).data!;
    expect((await client.auth.mfa.verify({ factorId: en.id, challengeId: ch.id, code: totpCode(en.totp.secret) })).error).toBeNull();
    const admin = t.client({ serviceRole: true }).auth.admin.mfa;
    const listed = await admin.listFactors({ userId });
    expect(listed.data?.factors).toEqual([expect.objectContaining({ id: en.id, friendly_name: 'Lost phone', factor_type: 'totp', status: 'verified' })]);
    const deleted = await admin.deleteFactor({ userId, id: en.id });
    expect([deleted.error, (deleted.data as unknown as { data: { id: string } }).data.id]).toEqual([null, en.id]);
    expect((await admin.listFactors({ userId })).data?.factors).toEqual([]);
    expect((await admin.deleteFactor({ userId, id: en.id })).error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    expect((await client.auth.refreshSession()).data.session && decodeJwt((await client.auth.getSession()).data.session!.access_token).aal).toBe('aal1');
    // Only the service role.
    expect((await client.auth.admin.mfa.listFactors({ userId })).error?.status).toBe(403);
  });

  it('rejects a replayed code, a reused challenge and an expired challenge', async () => {
    const { client } = await signedInUser(t);
    const en = (await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Key' })).data!;
    const code = totpCode(en.totp.secret);
    const c1 = (await client.auth.mfa.challenge({ factorId: en.id })).data!;
    expect((await client.auth.mfa.verify({ factorId: en.id, challengeId: c1.id, code })).error).toBeNull();

    const reused = await client.auth.mfa.verify({ factorId: en.id, challengeId: c1.id, code: totpCode(en.totp.secret, Date.now() + 30_000) });
    expect(reused.error?.status).toBe(422);
    expect(reused.error?.code).toBe('mfa_ip_address_mismatch');

    const c2 = (await client.auth.mfa.challenge({ factorId: en.id })).data!;
    const replay = await client.auth.mfa.verify({ factorId: en.id, challengeId: c2.id, code });
    expect(replay.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    // The challenge survives a failed attempt; the next time step's code (within ±1 step) passes.
    const next = await client.auth.mfa.verify({ factorId: en.id, challengeId: c2.id, code: totpCode(en.totp.secret, Date.now() + 30_000) });
    expect(next.error).toBeNull();

    const c3 = (await client.auth.mfa.challenge({ factorId: en.id })).data!;
    await t.db.query(`update auth.mfa_challenges set created_at = created_at - interval '301 seconds' where id = $1`, [c3.id]);
    const late = await client.auth.mfa.verify({ factorId: en.id, challengeId: c3.id, code: totpCode(en.totp.secret, Date.now() + 60_000) });
    expect(late.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' });
  });

  it('caps enrolled factors at max_enrolled_factors', async () => {
    const { client } = await signedInUser(t);
    for (let i = 0; i < 10; i++) expect((await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: `f${i}` })).error).toBeNull();
    const over = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'f10' });
    expect(over.error).toMatchObject({ status: 422, code: 'too_many_enrolled_mfa_factors' });
    const user = await client.auth.getUser();
    expect(user.data.user?.factors).toHaveLength(10);
    const bad = await raw(t, 'POST', `/factors/${crypto.randomUUID()}/challenge`, {
      headers: { authorization: `Bearer ${(await client.auth.getSession()).data.session!.access_token}` }, body: {},
    });
    expect(bad.status).toBe(404);
    expect(bad.json.error_code).toBe('mfa_factor_not_found');
  });
});
