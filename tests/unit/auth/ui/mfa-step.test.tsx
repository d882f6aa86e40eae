import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '@/features/auth';
import { MfaError, mfaMessage } from '@/features/auth/data/mfa.ts';
import { backend, customerProfile, mfaFakes, resetFakes, sessionModule, startSession, USER_ID } from './fake-backend.ts';
import { renderApp, resetApp, where } from './harness.tsx';

vi.mock('@/features/auth/data/session.ts', async () => (await import('./mocks.ts')).mockSessionModule());
vi.mock('@/features/auth/data/mfa.ts', async () => (await import('./mocks.ts')).mockMfaModule());
vi.mock('@/features/auth/data/profiles.ts', async () => (await import('./mocks.ts')).mockProfilesModule());

beforeEach(() => {
  resetFakes();
  resetApp();
  backend.factors = [
    { id: 'abandoned', factor_type: 'totp', status: 'unverified' },
    { id: 'phone-app', factor_type: 'totp', status: 'verified' },
  ];
  backend.profile = customerProfile();
  sessionModule.signInWithPassword.mockImplementation(async (email) => {
    startSession(email, { mfa: true });
    return { error: null };
  });
});
afterEach(() => resetApp());

const codeInput = () => screen.getByLabelText(/^Authentication code/) as HTMLInputElement;

async function signInWithPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'garage-demo-2026');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication' });
  // The Verify button waits for the challenge on the verified factor.
  await waitFor(() => expect((screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement).disabled).toBe(false));
}

describe('/auth two-factor step', () => {
  it('asks for the code instead of leaving, challenging the verified authenticator', async () => {
    const user = userEvent.setup();
    await renderApp('/auth?redirect=%2Fcart');
    await signInWithPassword(user);
    expect(where()).toBe('/auth?redirect=%2Fcart');
    expect(authStore.getState().status).toBe('mfa-required');
    expect(mfaFakes.createChallenge).toHaveBeenCalledWith('phone-app');
    const input = codeInput();
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(document.activeElement).toBe(input);
  });

  it('rejects a code that is not six digits without asking the server', async () => {
    const user = userEvent.setup();
    await renderApp('/auth');
    await signInWithPassword(user);
    await user.type(codeInput(), '12a');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    expect(mfaFakes.verifyCode).not.toHaveBeenCalled();
  });

  it('explains a wrong code under the field and stays on the step', async () => {
    mfaFakes.verifyCode.mockRejectedValueOnce(new MfaError(mfaMessage('mfa_verification_failed', 'Invalid TOTP code entered'), 'mfa_verification_failed'));
    const user = userEvent.setup();
    await renderApp('/auth');
    await signInWithPassword(user);
    await user.type(codeInput(), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/That code is not valid/)).toBeTruthy();
    expect(codeInput().getAttribute('aria-invalid')).toBe('true');
    expect(mfaFakes.verifyCode).toHaveBeenCalledWith('phone-app', 'challenge-phone-app-1', '000000');
    expect(where()).toBe('/auth');
  });

  it('opens a new challenge by itself when the old one expired', async () => {
    mfaFakes.verifyCode.mockRejectedValueOnce(new MfaError(mfaMessage('mfa_challenge_expired', 'expired'), 'mfa_challenge_expired'));
    const user = userEvent.setup();
    await renderApp('/auth');
    await signInWithPassword(user);
    const before = mfaFakes.createChallenge.mock.calls.length;
    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/That code request expired/)).toBeTruthy();
    await waitFor(() => expect(mfaFakes.createChallenge.mock.calls.length).toBe(before + 1));
    // The next attempt uses the new challenge.
    await user.clear(codeInput());
    await user.type(codeInput(), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(where()).toBe('/'));
    expect(mfaFakes.verifyCode).toHaveBeenLastCalledWith('phone-app', `challenge-phone-app-${before + 1}`, '654321');
  });

  it('signs in with the right code: welcome toast, remembered page, history replaced', async () => {
    const user = userEvent.setup();
    const { history } = await renderApp('/auth?redirect=%2Fdashboard');
    const entries = history.length;
    await signInWithPassword(user);
    await user.type(codeInput(), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(where()).toBe('/dashboard'));
    expect(await screen.findByText('Welcome back!')).toBeTruthy();
    expect(screen.getByText('You have successfully signed in.')).toBeTruthy();
    expect(mfaFakes.verifyCode).toHaveBeenCalledWith('phone-app', expect.any(String), '123456');
    expect(authStore.getState().status).toBe('signed-in');
    expect(history.length).toBe(entries);
  });

  it('shows the step at once when a guard sent an aal1 session here', async () => {
    startSession('ada@example.com', { mfa: true });
    authStore.setState({ status: 'mfa-required', user: { id: USER_ID, email: 'ada@example.com' } });
    await renderApp('/auth?redirect=%2Fcart');
    expect(screen.getByRole('heading', { level: 1, name: 'Two-factor authentication' })).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    await waitFor(() => expect(mfaFakes.createChallenge).toHaveBeenCalledWith('phone-app'));
  });

  it('"Use a different account" signs out and brings back the sign-in form', async () => {
    const user = userEvent.setup();
    await renderApp('/auth');
    await signInWithPassword(user);
    await user.click(screen.getByRole('button', { name: 'Use a different account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome' })).toBeTruthy();
    expect(sessionModule.signOutEverywhere).toHaveBeenCalledTimes(1);
    expect(authStore.getState().status).toBe('signed-out');
  });

  it('says so when the authenticator cannot be challenged', async () => {
    startSession('ada@example.com', { mfa: true });
    mfaFakes.createChallenge.mockRejectedValueOnce(new MfaError('Too many attempts. Wait a few minutes, then try again.', 'over_request_rate_limit'));
    act(() => authStore.setState({ status: 'mfa-required', user: { id: USER_ID, email: 'ada@example.com' } }));
    await renderApp('/auth');
    expect(await screen.findByText('Too many attempts. Wait a few minutes, then try again.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
