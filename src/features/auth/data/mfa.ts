// MFA calls of spec §7 (TOTP): enrol, challenge, verify, unenrol, assurance level.
import type { Factor } from '@supabase/supabase-js';
import { loadSupabase } from '@/lib/load-supabase.ts';

export type { Factor };

export class MfaError extends Error {
  constructor(message: string, readonly code: string | undefined) {
    super(message);
    this.name = 'MfaError';
  }
}

/** Clear messages for what a user can get wrong; anything else keeps the server's words. */
export function mfaMessage(code: string | undefined, serverMessage: string): string {
  switch (code) {
    case 'mfa_verification_failed':
      return 'That code is not valid. Codes change every 30 seconds: enter the current one from your authenticator app.';
    case 'mfa_challenge_expired':
      return 'That code request expired. Enter the current code from your authenticator app again.';
    case 'over_request_rate_limit':
      return 'Too many attempts. Wait a few minutes, then try again.';
    default:
      return serverMessage;
  }
}

function fail(error: { message: string; code?: string | undefined }): never {
  throw new MfaError(mfaMessage(error.code, error.message), error.code);
}

export interface Assurance {
  current: string | null;
  next: string | null;
}

export async function getAssurance(): Promise<Assurance> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) fail(error);
  return { current: data.currentLevel, next: data.nextLevel };
}

/** The user's TOTP factors, verified or not (unverified ones are abandoned enrolments). */
export async function listTotpFactors(): Promise<Factor[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) fail(error);
  return data.all.filter((factor) => factor.factor_type === 'totp');
}

export interface TotpEnrolment {
  factorId: string;
  /** An SVG data URL of the otpauth URI, as GoTrue returns it. */
  qrCode: string;
  secret: string;
  uri: string;
}

export async function enrollTotp(friendlyName: string): Promise<TotpEnrolment> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName, issuer: 'GarageGuard' });
  if (error) fail(error);
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret, uri: data.totp.uri };
}

export async function createChallenge(factorId: string): Promise<string> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.auth.mfa.challenge({ factorId });
  if (error) fail(error);
  return data.id;
}

/** Verifies a code for a challenge; success upgrades the session to aal2. */
export async function verifyCode(factorId: string, challengeId: string, code: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.mfa.verify({ factorId, challengeId, code: code.trim() });
  if (error) fail(error);
}

export async function unenrollFactor(factorId: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) fail(error);
  // The server has lowered the session to aal1; a fresh token says so at once.
  await supabase.auth.refreshSession();
}
