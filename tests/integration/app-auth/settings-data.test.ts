/**
 * The settings screen's data modules (src/features/auth/data/mfa.ts and profiles.ts, and the
 * set-up helper in components/settings/enrolment.ts) against the real local stack, through the
 * app's single supabase-js client, signed in as the demo customer.
 */
import { Secret, TOTP } from 'otpauth';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';
import type { SupabaseClient } from '@/lib/load-supabase.ts';

// supabase-js's realtime client needs a WebSocket; Node 20 has none.
globalThis.WebSocket ??= WebSocket as unknown as typeof globalThis.WebSocket;

const CUSTOMER_ID = '00000000-0000-4000-8000-000000000001';
const CUSTOMER2_ID = '00000000-0000-4000-8000-000000000002';

const totp = (secret: string, timestamp = Date.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });

let t: TestStack;
let supabase: SupabaseClient;
// Imported after the env points at the test stack: src/lib/supabase.ts reads it once, at import.
let mfa: typeof import('@/features/auth/data/mfa.ts');
let profiles: typeof import('@/features/auth/data/profiles.ts');
let enrolment: typeof import('@/features/auth/components/settings/enrolment.ts');

async function profileRow(userId: string) {
  const r = await t.db.query<{ first_name: string | null; last_name: string | null }>(
    'select first_name, last_name from public.profiles where user_id = $1',
    [userId],
  );
  return r.rows[0];
}

describe('settings data modules on the local stack [pglite]', () => {
  beforeAll(async () => {
    t = await startTestStack({ engine: 'pglite' });
    vi.stubEnv('VITE_SUPABASE_URL', t.url);
    vi.stubEnv('VITE_SUPABASE_ANON_KEY', t.anonKey);
    supabase = await (await import('@/lib/load-supabase.ts')).loadSupabase();
    mfa = await import('@/features/auth/data/mfa.ts');
    profiles = await import('@/features/auth/data/profiles.ts');
    enrolment = await import('@/features/auth/components/settings/enrolment.ts');
    const { signInWithPassword } = await import('@/features/auth/data/session.ts');
    expect(await signInWithPassword('customer@example.com', 'garage-demo-2026')).toMatchObject({ error: null });
  });
  afterAll(async () => {
    await supabase?.auth.signOut({ scope: 'local' });
    supabase?.auth.stopAutoRefresh();
    vi.unstubAllEnvs();
    await t?.close();
  });

  it('updateProfileName edits the own names (trimmed, empty → null) and nothing else', async () => {
    const before2 = await profileRow(CUSTOMER2_ID);
    const saved = await profiles.updateProfileName(CUSTOMER_ID, '  Casey-Jo ', '   ');
    expect(saved).toEqual({ userId: CUSTOMER_ID, firstName: 'Casey-Jo', lastName: null, email: 'customer@example.com', role: 'customer' });
    expect(await profileRow(CUSTOMER_ID)).toEqual({ first_name: 'Casey-Jo', last_name: null });
    expect(await profileRow(CUSTOMER2_ID)).toEqual(before2);
    await profiles.updateProfileName(CUSTOMER_ID, 'Casey', 'Morales');
    expect(await profileRow(CUSTOMER_ID)).toEqual({ first_name: 'Casey', last_name: 'Morales' });
  });

  it("updateProfileName cannot change another user's row", async () => {
    await expect(profiles.updateProfileName(CUSTOMER2_ID, 'Mallory', 'Intruder')).rejects.toBeTruthy();
    expect(await profileRow(CUSTOMER2_ID)).toEqual({ first_name: 'Jordan', last_name: 'Whitaker' });
  });

  it('updateProfileName is refused past the 100-character limit of the database', async () => {
    await expect(profiles.updateProfileName(CUSTOMER_ID, 'a'.repeat(101), '')).rejects.toBeTruthy();
    expect(await profileRow(CUSTOMER_ID)).toEqual({ first_name: 'Casey', last_name: 'Morales' });
  });

  it('a wrong code gives the wrong-code message; the set-up clears the abandoned factor', async () => {
    const pending = await mfa.enrollTotp(enrolment.FACTOR_NAME);
    const challenge = await mfa.createChallenge(pending.factorId);
    const wrong = totp(pending.secret) === '000000' ? '111111' : '000000';
    const failure = await mfa.verifyCode(pending.factorId, challenge, wrong).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(mfa.MfaError);
    expect(failure).toMatchObject({ code: 'mfa_verification_failed', message: mfa.mfaMessage('mfa_verification_failed', '') });
    // GoTrue refuses the same friendly name twice, which the set-up helper avoids.
    await expect(mfa.enrollTotp(enrolment.FACTOR_NAME)).rejects.toMatchObject({ code: 'mfa_factor_name_conflict' });

    const fresh = await enrolment.startTotpEnrolment();
    const factors = await mfa.listTotpFactors();
    expect(factors.map((f) => [f.id, f.friendly_name, f.status])).toEqual([[fresh.factorId, enrolment.FACTOR_NAME, 'unverified']]);
    expect(fresh.factorId).not.toBe(pending.factorId);
    // The QR image the screen shows is GoTrue's SVG, escaped for a data URL.
    const src = enrolment.qrImageSource(fresh.qrCode);
    expect(src).not.toContain('#');
    expect(decodeURIComponent(src.slice(src.indexOf(',') + 1))).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    await mfa.unenrollFactor(fresh.factorId);
    expect(await mfa.listTotpFactors()).toEqual([]);
  });

  it('enrol → challenge → verify makes the session aal2; unenrol removes the factor', async () => {
    expect(await mfa.getAssurance()).toEqual({ current: 'aal1', next: 'aal1' });
    const enrolled = await mfa.enrollTotp(enrolment.FACTOR_NAME);
    expect(enrolled.uri).toMatch(/^otpauth:\/\/totp\/GarageGuard:/);
    expect(enrolled.secret).toMatch(/^[A-Z2-7]+=*$/);
    const challenge = await mfa.createChallenge(enrolled.factorId);
    await mfa.verifyCode(enrolled.factorId, challenge, ` ${totp(enrolled.secret)} `);

    expect(await mfa.getAssurance()).toEqual({ current: 'aal2', next: 'aal2' });
    const listed = await mfa.listTotpFactors();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: enrolled.factorId, friendly_name: enrolment.FACTOR_NAME, status: 'verified', factor_type: 'totp' });

    await mfa.unenrollFactor(enrolled.factorId);
    expect(await mfa.listTotpFactors()).toEqual([]);
    // The server drops the session to aal1; a refreshed token says so.
    await supabase.auth.refreshSession();
    expect(await mfa.getAssurance()).toEqual({ current: 'aal1', next: 'aal1' });
  });
});
