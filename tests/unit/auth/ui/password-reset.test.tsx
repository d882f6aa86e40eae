import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '@/features/auth';
import { backend, customerProfile, resetFakes, sessionModule, USER_ID } from './fake-backend.ts';
import { renderApp, resetApp, where } from './harness.tsx';

vi.mock('@/features/auth/data/session.ts', async () => (await import('./mocks.ts')).mockSessionModule());
vi.mock('@/features/auth/data/mfa.ts', async () => (await import('./mocks.ts')).mockMfaModule());
vi.mock('@/features/auth/data/profiles.ts', async () => (await import('./mocks.ts')).mockProfilesModule());

beforeEach(() => {
  resetFakes();
  resetApp();
});
afterEach(() => resetApp());

function signedInByRecoveryLink() {
  backend.session = { user: { id: USER_ID, email: 'ada@example.com' } };
  backend.profile = customerProfile();
  authStore.setState({ status: 'signed-in', user: { id: USER_ID, email: 'ada@example.com' }, profile: customerProfile(), profileStatus: 'loaded' });
}

describe('/auth forgot password', () => {
  it('opens from the sign-in form and gives the same neutral answer for any address', async () => {
    const user = userEvent.setup();
    await renderApp('/auth');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeTruthy();
    expect(where()).toBe('/auth?mode=forgot');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Email/), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain("If an account exists for nobody@example.com, we've sent a link to reset your password.");
    expect(sessionModule.requestPasswordReset).toHaveBeenCalledWith('nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    await waitFor(() => expect(where()).toBe('/auth'));
  });

  it('shows a failure that says nothing about the account (e.g. rate limit)', async () => {
    sessionModule.requestPasswordReset.mockResolvedValueOnce({ error: 'Email rate limit exceeded' });
    const user = userEvent.setup();
    await renderApp('/auth?mode=forgot');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Email rate limit exceeded')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('/auth?mode=reset', () => {
  it('sets the new password once both fields agree, then goes home', async () => {
    signedInByRecoveryLink();
    const user = userEvent.setup();
    await renderApp('/auth?mode=reset');
    expect(screen.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeTruthy();
    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'other');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(sessionModule.updatePassword).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^Confirm new password/), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    await waitFor(() => expect(where()).toBe('/'));
    expect(sessionModule.updatePassword).toHaveBeenCalledWith('a-new-password');
    expect(await screen.findByText('Password updated')).toBeTruthy();
  });

  it("keeps the form and shows the server's reason when the update fails", async () => {
    signedInByRecoveryLink();
    sessionModule.updatePassword.mockResolvedValueOnce({ error: 'New password should be different from the old password.' });
    const user = userEvent.setup();
    await renderApp('/auth?mode=reset');
    await user.type(screen.getByLabelText(/^New password/), 'same-as-before');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'same-as-before');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('New password should be different from the old password.')).toBeTruthy();
    expect(where()).toBe('/auth?mode=reset');
  });

  it('waits for the link to sign the user in, then shows the form', async () => {
    authStore.setState({ status: 'loading' });
    await renderApp('/auth?mode=reset');
    expect(screen.getByLabelText('Checking your reset link')).toBeTruthy();
    act(() => signedInByRecoveryLink());
    expect(await screen.findByLabelText(/^New password/)).toBeTruthy();
  });

  it('explains an expired link from the URL and offers a new one', async () => {
    window.location.hash = '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired';
    const user = userEvent.setup();
    await renderApp('/auth?mode=reset');
    expect(screen.getByText('Email link is invalid or has expired')).toBeTruthy();
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Request a new link' }));
    await waitFor(() => expect(where()).toBe('/auth?mode=forgot'));
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeTruthy();
  });

  it('treats a visit without a recovery session as an unusable link', async () => {
    await renderApp('/auth?mode=reset');
    expect(screen.getByText('This password reset link is invalid or has expired.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Request a new link' })).toBeTruthy();
  });
});
