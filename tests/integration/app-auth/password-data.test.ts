/**
 * The password screen's data call (updatePassword in src/features/auth/data/session.ts) against
 * the real local stack, through the app's single supabase-js client: it works for a user without
 * a factor and for one at aal2, and an aal1 session of a user with a verified factor (which the
 * server refuses) gets words the user can act on.
 */
import { Secret, TOTP } from 'otpauth';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';
import type { SupabaseClient } from '@/lib/load-supabase.ts';

globalThis.WebSocket ??= WebSocket as unknown as typeof globalThis.WebSocket;

const EMAIL = 'customer2@example.com';
const totp = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

let t: TestStack;
let supabase: SupabaseClient;
let session: typeof import('@/features/auth/data/session.ts');

describe('the password data call on the local stack [pglite]', () => {
  beforeAll(async () => {
    t = await startTestStack({ engine: 'pglite' });
    vi.stubEnv('VITE_SUPABASE_URL', t.url);
    vi.stubEnv('VITE_SUPABASE_ANON_KEY', t.anonKey);
    supabase = await (await import('@/lib/load-supabase.ts')).loadSupabase();
    session = await import('@/features/auth/data/session.ts');
  });
  afterAll(async () => {
    await supabase?.auth.signOut({ scope: 'local' });
    supabase?.auth.stopAutoRefresh();
    vi.unstubAllEnvs();
    await t?.close();
  });

  it('changes the password without a factor, at aal2 with one, and explains an aal1 refusal', async () => {
    expect(await session.signInWithPassword(EMAIL, 'garage-demo-2026')).toEqual({ error: null });
    expect(await session.updatePassword('first new password')).toEqual({ error: null });

    const factor = (await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })).data!;
    const challenge = (await supabase.auth.mfa.challenge({ factorId: factor.id })).data!;
    expect((await supabase.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.id, code: totp(factor.totp.secret) })).error).toBeNull();
    expect(await session.updatePassword('second new password')).toEqual({ error: null });

    // A fresh sign-in is aal1 until the code is entered (the sign-in screen asks for it).
    expect(await session.signInWithPassword(EMAIL, 'second new password')).toEqual({ error: null });
    expect(await session.updatePassword('third new password')).toEqual({ error: session.NEEDS_SECOND_FACTOR_MESSAGE, code: 'insufficient_aal' });
  });
});
