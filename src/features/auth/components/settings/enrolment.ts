import { enrollTotp, listTotpFactors, unenrollFactor, type Factor, type TotpEnrolment } from '../../data/mfa.ts';

export const FACTOR_NAME = 'Authenticator app';

/** GoTrue refuses a friendly name the user already has: 'Authenticator app', then '… 2', '… 3'. */
export function freeFriendlyName(taken: readonly (string | undefined)[]): string {
  const names = new Set(taken);
  if (!names.has(FACTOR_NAME)) return FACTOR_NAME;
  let n = 2;
  while (names.has(`${FACTOR_NAME} ${n}`)) n += 1;
  return `${FACTOR_NAME} ${n}`;
}

export const isVerified = (factor: Factor) => factor.status === 'verified';

/**
 * Starts a TOTP enrolment. Unverified factors are abandoned set-ups (a tab closed mid-way): they
 * would hold the name and count toward the factor limit, so they go first. One that cannot be
 * removed keeps its name out of use instead.
 */
export async function startTotpEnrolment(): Promise<TotpEnrolment> {
  const factors = await listTotpFactors();
  const remaining: Factor[] = [];
  for (const factor of factors) {
    if (isVerified(factor)) remaining.push(factor);
    else await unenrollFactor(factor.id).catch(() => remaining.push(factor));
  }
  return enrollTotp(freeFriendlyName(remaining.map((factor) => factor.friendly_name)));
}

/**
 * supabase-js hands GoTrue's SVG over as `data:image/svg+xml;utf-8,<svg…>` without escaping, and a
 * raw '#' (as in fill="#ffffff") ends a URL: the image would be cut off. Re-encode the markup.
 */
export function qrImageSource(qrCode: string): string {
  const match = /^data:image\/svg\+xml;(?:utf-?8|charset=utf-?8),(<[\s\S]*)$/i.exec(qrCode);
  return match?.[1] ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(match[1])}` : qrCode;
}

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function formatAdded(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE.format(date);
}
