import { beforeEach, describe, expect, it, vi } from 'vitest';
import { freeFriendlyName, qrImageSource, startTotpEnrolment } from '@/features/auth/components/settings/enrolment.ts';
import { enrollTotp, listTotpFactors, MfaError, unenrollFactor } from '@/features/auth/data/mfa.ts';
import { factor } from './helpers.tsx';

vi.mock('@/features/auth/data/mfa.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/auth/data/mfa.ts')>()),
  listTotpFactors: vi.fn(),
  enrollTotp: vi.fn(async () => ({ factorId: 'n', qrCode: '', secret: '', uri: '' })),
  unenrollFactor: vi.fn(async () => undefined),
}));

beforeEach(() => vi.clearAllMocks());

describe('enrolment helpers', () => {
  it('picks a friendly name the user does not have yet (GoTrue refuses duplicates)', () => {
    expect(freeFriendlyName([])).toBe('Authenticator app');
    expect(freeFriendlyName(['Phone', undefined])).toBe('Authenticator app');
    expect(freeFriendlyName(['Authenticator app'])).toBe('Authenticator app 2');
    expect(freeFriendlyName(['Authenticator app', 'Authenticator app 2', 'Authenticator app 3'])).toBe('Authenticator app 4');
  });

  it('escapes the SVG of the QR data URL and leaves other sources alone', () => {
    const svg = '<svg><path fill="#ffffff" d="M0 0h29"/></svg>';
    const src = qrImageSource(`data:image/svg+xml;utf-8,${svg}`);
    expect(src.includes('#')).toBe(false);
    expect(decodeURIComponent(src.slice(src.indexOf(',') + 1))).toBe(svg);
    expect(qrImageSource('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
  });

  it('removes abandoned set-ups first; one that cannot be removed keeps its name taken', async () => {
    vi.mocked(listTotpFactors).mockResolvedValue([
      factor({ id: 'a', status: 'unverified', friendly_name: 'Authenticator app' }),
      factor({ id: 'b', status: 'unverified', friendly_name: 'Authenticator app 2' }),
    ]);
    vi.mocked(unenrollFactor).mockImplementation(async (id) => {
      if (id === 'b') throw new MfaError('Factor not found', 'mfa_factor_not_found');
    });
    await startTotpEnrolment();
    expect(unenrollFactor).toHaveBeenCalledWith('a');
    expect(unenrollFactor).toHaveBeenCalledWith('b');
    expect(enrollTotp).toHaveBeenCalledWith('Authenticator app');

    vi.mocked(unenrollFactor).mockRejectedValue(new Error('offline'));
    await startTotpEnrolment();
    expect(enrollTotp).toHaveBeenLastCalledWith('Authenticator app 3');
  });
});
