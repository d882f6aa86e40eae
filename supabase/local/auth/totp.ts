import { timingSafeEqual } from 'node:crypto';
import { HOTP, Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** GoTrue's TOTP parameters (pquerna/otp defaults): SHA1, 6 digits, 30 s, ±1 step of skew. */
const PERIOD = 30;
const DIGITS = 6;
const SKEW = 1;

export interface NewTotp { secret: string; uri: string; qrCode: string }

/** A fresh 160-bit secret, its otpauth:// URI and the QR code as raw SVG markup (GoTrue sends SVG text; supabase-js adds the data: prefix). */
export async function newTotp(issuer: string, account: string): Promise<NewTotp> {
  const secret = new Secret({ size: 20 });
  const totp = new TOTP({ issuer, label: account, secret, algorithm: 'SHA1', digits: DIGITS, period: PERIOD });
  const uri = totp.toString();
  const qrCode = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H' });
  return { secret: secret.base32, uri, qrCode };
}

/**
 * The time step a code belongs to, within ±1 step of `nowMs`, or null. The caller stores the
 * step so that the same code (or an older one) is never accepted twice for a factor.
 */
export function matchTotpStep(secretBase32: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const secret = Secret.fromBase32(secretBase32);
  const current = Math.floor(nowMs / 1000 / PERIOD);
  for (let delta = -SKEW; delta <= SKEW; delta++) {
    const expected = HOTP.generate({ secret, algorithm: 'SHA1', digits: DIGITS, counter: current + delta });
    if (timingSafeEqual(Buffer.from(expected), Buffer.from(code))) return current + delta;
  }
  return null;
}
