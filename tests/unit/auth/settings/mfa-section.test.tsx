import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createChallenge,
  enrollTotp,
  listTotpFactors,
  MfaError,
  mfaMessage,
  unenrollFactor,
  verifyCode,
  type Factor,
} from '@/features/auth/data/mfa.ts';
import { refreshSession } from '@/features/auth/store.ts';
import { OFFLINE_MESSAGE } from '@/features/auth/components/settings/use-totp-factors.ts';
import { syncStatus } from '@/db/sync/status.ts';
import { cleanNotifications, factor, renderSettings, signIn } from './helpers.tsx';

vi.mock('@/features/auth/data/mfa.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/auth/data/mfa.ts')>()),
  listTotpFactors: vi.fn(),
  enrollTotp: vi.fn(),
  createChallenge: vi.fn(),
  verifyCode: vi.fn(),
  unenrollFactor: vi.fn(),
}));
vi.mock('@/features/auth/store.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/auth/store.ts')>()),
  refreshSession: vi.fn(async () => undefined),
}));

const mfaError = (code: string) => new MfaError(mfaMessage(code, 'server words'), code);
const WRONG = mfaMessage('mfa_verification_failed', '');
const EXPIRED = mfaMessage('mfa_challenge_expired', '');

// The user's factors as the server holds them; the mocked calls change them like GoTrue does.
let server: Factor[];
let challenges: number;

beforeEach(() => {
  signIn();
  server = [];
  challenges = 0;
  vi.mocked(listTotpFactors).mockImplementation(async () => server.map((f) => ({ ...f })));
  vi.mocked(enrollTotp).mockImplementation(async (friendlyName) => {
    const id = `new-${server.length + 1}`;
    server.push(factor({ id, friendly_name: friendlyName, status: 'unverified' }));
    return { factorId: id, qrCode: 'data:image/svg+xml;utf-8,<svg fill="#fff"></svg>', secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x' };
  });
  vi.mocked(createChallenge).mockImplementation(async () => `challenge-${++challenges}`);
  vi.mocked(verifyCode).mockImplementation(async (factorId, _challenge, code) => {
    if (code !== '123456') throw mfaError('mfa_verification_failed');
    server = server.filter((f) => f.status === 'verified' || f.id === factorId).map((f) => ({ ...f, status: 'verified' as const }));
  });
  vi.mocked(unenrollFactor).mockImplementation(async (factorId) => {
    server = server.filter((f) => f.id !== factorId);
  });
});
afterEach(() => {
  syncStatus.setState({ online: true });
  cleanNotifications();
  vi.clearAllMocks();
});

const section = () => screen.getByRole('region', { name: 'Two-factor authentication' });
const codeField = () => screen.getByLabelText(/Verification code/) as HTMLInputElement;

async function startSetUp(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
  await screen.findByRole('img', { name: 'QR code for your authenticator app' });
}

describe('settings two-factor authentication', () => {
  it('shows a loading skeleton, then Off with the set-up button', async () => {
    renderSettings();
    expect(within(section()).getByLabelText('Loading two-factor authentication')).toBeTruthy();
    expect(await within(section()).findByRole('status')).toHaveProperty('textContent', 'Two-factor authentication is Off');
    expect(screen.getByRole('button', { name: 'Set up authenticator app' })).toBeTruthy();
  });

  it('clears an abandoned set-up, then shows the QR code, the secret and a focused one-time-code field', async () => {
    server = [factor({ id: 'old', status: 'unverified', friendly_name: 'Authenticator app' })];
    const user = userEvent.setup();
    renderSettings();
    await startSetUp(user);
    expect(unenrollFactor).toHaveBeenCalledWith('old');
    expect(enrollTotp).toHaveBeenCalledWith('Authenticator app');
    const qr = screen.getByRole('img', { name: 'QR code for your authenticator app' }) as HTMLImageElement;
    // The '#' of the SVG is escaped, or the browser would cut the image at it.
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg fill="#fff"></svg>')}`);
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy secret key' })).toBeTruthy();
    expect(codeField().getAttribute('inputmode')).toBe('numeric');
    expect(codeField().getAttribute('autocomplete')).toBe('one-time-code');
    await waitFor(() => expect(document.activeElement).toBe(codeField()));
    // The pending factor belongs to the set-up on screen, not to the list.
    expect(screen.queryByRole('list', { name: 'Authenticator apps' })).toBeNull();
  });

  it('keeps the set-up open after a wrong code, then enables with the right one on the same challenge', async () => {
    const user = userEvent.setup();
    renderSettings();
    await startSetUp(user);
    await user.type(codeField(), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and enable' }));
    expect((await screen.findByRole('alert')).textContent).toBe(WRONG);
    expect(codeField().getAttribute('aria-invalid')).toBe('true');
    expect(refreshSession).not.toHaveBeenCalled();

    await user.clear(codeField());
    await user.type(codeField(), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify and enable' }));
    expect(await screen.findByText('Two-factor authentication enabled')).toBeTruthy();
    expect(verifyCode).toHaveBeenLastCalledWith('new-1', 'challenge-1', '123456');
    expect(createChallenge).toHaveBeenCalledTimes(1);
    expect(refreshSession).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(within(section()).getByRole('status').textContent).toBe('Two-factor authentication is On'));
    const list = screen.getByRole('list', { name: 'Authenticator apps' });
    expect(within(list).getByText('Authenticator app')).toBeTruthy();
    expect(within(list).getByText('Verified')).toBeTruthy();
    expect(within(list).getByText('Added Nov 20, 2026')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'QR code for your authenticator app' })).toBeNull();
    // One authenticator is the model: no second set-up is offered.
    expect(screen.queryByRole('button', { name: 'Set up authenticator app' })).toBeNull();
  });

  it('asks for a fresh code on a fresh challenge when the challenge expired', async () => {
    vi.mocked(verifyCode).mockRejectedValueOnce(mfaError('mfa_challenge_expired'));
    const user = userEvent.setup();
    renderSettings();
    await startSetUp(user);
    await user.type(codeField(), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and enable' }));
    expect((await screen.findByRole('alert')).textContent).toBe(EXPIRED);
    expect(createChallenge).toHaveBeenCalledTimes(2);
    await user.clear(codeField());
    await user.type(codeField(), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and enable' }));
    expect(await screen.findByText('Two-factor authentication enabled')).toBeTruthy();
    expect(verifyCode).toHaveBeenLastCalledWith('new-1', 'challenge-2', '123456');
  });

  it('checks the code format before calling the server', async () => {
    const user = userEvent.setup();
    renderSettings();
    await startSetUp(user);
    await user.type(codeField(), '12a45');
    await user.click(screen.getByRole('button', { name: 'Verify and enable' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the 6-digit code from your authenticator app');
    expect(createChallenge).not.toHaveBeenCalled();
    expect(verifyCode).not.toHaveBeenCalled();
  });

  it('Cancel abandons the pending factor', async () => {
    const user = userEvent.setup();
    renderSettings();
    await startSetUp(user);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByRole('button', { name: 'Set up authenticator app' });
    expect(unenrollFactor).toHaveBeenCalledWith('new-1');
    expect(server).toEqual([]);
    expect(screen.queryByRole('img', { name: 'QR code for your authenticator app' })).toBeNull();
  });

  it('removes a verified factor only after confirmation', async () => {
    server = [factor({ id: 'f-1' })];
    const user = userEvent.setup();
    renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Remove Authenticator app' }));
    let dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor authentication?' });
    expect(within(dialog).getByText('You will sign in with your password only.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(unenrollFactor).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Remove Authenticator app' }));
    dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor authentication?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Two-factor authentication removed')).toBeTruthy();
    expect(unenrollFactor).toHaveBeenCalledWith('f-1');
    expect(refreshSession).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(within(section()).getByRole('status').textContent).toBe('Two-factor authentication is Off'));
    expect(screen.getByRole('button', { name: 'Set up authenticator app' })).toBeTruthy();
  });

  it('shows a removal failure in the dialog and keeps the factor', async () => {
    server = [factor({ id: 'f-1' })];
    vi.mocked(unenrollFactor).mockRejectedValueOnce(new MfaError('AAL2 required to unenroll verified factor', 'insufficient_aal'));
    const user = userEvent.setup();
    renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Remove Authenticator app' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('AAL2 required to unenroll verified factor');
    expect(refreshSession).not.toHaveBeenCalled();
    expect(within(section()).getByRole('status').textContent).toBe('Two-factor authentication is On');
  });

  it('shows a list failure with Retry, which loads the list', async () => {
    vi.mocked(listTotpFactors).mockRejectedValueOnce(new MfaError('Failed to fetch', undefined));
    const user = userEvent.setup();
    renderSettings();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load your two-factor settings');
    expect(alert.textContent).toContain('Failed to fetch');
    expect(screen.queryByRole('button', { name: 'Set up authenticator app' })).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect((await within(section()).findByRole('status')).textContent).toBe('Two-factor authentication is Off');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offline with no list yet, says so instead of loading forever, and loads when the connection returns', async () => {
    syncStatus.setState({ online: false });
    renderSettings();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load your two-factor settings');
    expect(alert.textContent).toContain(OFFLINE_MESSAGE);
    expect(listTotpFactors).not.toHaveBeenCalled();
    act(() => syncStatus.setState({ online: true }));
    expect((await within(section()).findByRole('status')).textContent).toBe('Two-factor authentication is Off');
    expect(listTotpFactors).toHaveBeenCalledTimes(1);
  });

  it('removing a factor refreshes the list once, through the removal itself', async () => {
    server = [factor({ id: 'f-1' })];
    const user = userEvent.setup();
    renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Remove Authenticator app' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(section()).getByRole('status').textContent).toBe('Two-factor authentication is Off'));
    expect(listTotpFactors).toHaveBeenCalledTimes(2);
  });

  it('shows the server message when the set-up cannot start', async () => {
    vi.mocked(enrollTotp).mockRejectedValueOnce(
      new MfaError('Maximum number of verified factors reached, unenroll to continue', 'too_many_enrolled_mfa_factors'),
    );
    const user = userEvent.setup();
    renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not start the set-up');
    expect(alert.textContent).toContain('Maximum number of verified factors reached, unenroll to continue');
    expect(screen.queryByRole('img', { name: 'QR code for your authenticator app' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Set up authenticator app' })).toBeTruthy();
  });
});
