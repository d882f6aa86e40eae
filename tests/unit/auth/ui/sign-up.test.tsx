import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { backend, customerProfile, resetFakes, sessionModule, startSession } from './fake-backend.ts';
import { renderApp, resetApp, where } from './harness.tsx';

vi.mock('@/features/auth/data/session.ts', async () => (await import('./mocks.ts')).mockSessionModule());
vi.mock('@/features/auth/data/mfa.ts', async () => (await import('./mocks.ts')).mockMfaModule());
vi.mock('@/features/auth/data/profiles.ts', async () => (await import('./mocks.ts')).mockProfilesModule());

beforeEach(() => {
  resetFakes();
  resetApp();
});
afterEach(() => resetApp());

const toastOf = async (title: string) => (await screen.findByText(title)).closest('.mantine-Notification-root') as HTMLElement;

describe('/auth sign up', () => {
  it("keeps the 'Welcome' heading and says under it that this tab creates an account", async () => {
    const user = userEvent.setup();
    await renderApp('/auth?mode=sign-up');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeTruthy();
    expect(screen.getByTestId('auth-lead').textContent).toBe('Create your GarageGuard account to order, manage your devices and get support.');
    await user.click(screen.getByRole('tab', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByTestId('auth-lead').textContent).toBe('Sign in to your GarageGuard account.'));
  });

  it('needs email and password only, with new-password and name autocomplete hints', async () => {
    const user = userEvent.setup();
    await renderApp('/auth?mode=sign-up');
    expect(screen.getByLabelText(/^First name/).getAttribute('autocomplete')).toBe('given-name');
    expect(screen.getByLabelText(/^Last name/).getAttribute('autocomplete')).toBe('family-name');
    expect(screen.getByLabelText(/^Password/).getAttribute('autocomplete')).toBe('new-password');
    expect((screen.getByLabelText(/^First name/) as HTMLInputElement).required).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(sessionModule.signUp).not.toHaveBeenCalled();
  });

  it("shows 'Sign Up Error' with the server's message", async () => {
    sessionModule.signUp.mockResolvedValueOnce({ error: 'Password is known to be weak and easy to guess', confirmed: false });
    const user = userEvent.setup();
    await renderApp('/auth?mode=sign-up');
    await user.type(screen.getByLabelText(/^Email/), 'new@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'password1');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    const toast = await toastOf('Sign Up Error');
    expect(within(toast).getByText('Password is known to be weak and easy to guess')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeTruthy();
  });

  it('sends the names as metadata, then says to check the inbox and offers the way back', async () => {
    const user = userEvent.setup();
    const { history } = await renderApp('/auth?mode=sign-up');
    const entries = history.length;
    await user.type(screen.getByLabelText(/^First name/), 'Grace');
    await user.type(screen.getByLabelText(/^Last name/), 'Hopper');
    await user.type(screen.getByLabelText(/^Email/), ' grace@example.com ');
    await user.type(screen.getByLabelText(/^Password/), 'garage-demo-2026');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    const toast = await toastOf('Success!');
    expect(within(toast).getByText('Please check your email to verify your account.')).toBeTruthy();
    expect(sessionModule.signUp).toHaveBeenCalledWith({
      email: 'grace@example.com',
      password: 'garage-demo-2026',
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('We sent a confirmation link to grace@example.com.');
    expect(document.activeElement).toBe(notice);
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    await waitFor(() => expect(where()).toBe('/auth'));
    expect(screen.getByRole('tab', { name: 'Sign In', selected: true })).toBeTruthy();
    expect(history.length).toBe(entries);
  });

  it('leaves like a sign-in when the server signs the new account in at once', async () => {
    sessionModule.signUp.mockImplementationOnce(async () => {
      startSession('grace@example.com');
      backend.profile = customerProfile({ firstName: 'Grace' });
      return { error: null, confirmed: true };
    });
    const user = userEvent.setup();
    await renderApp('/auth?mode=sign-up&redirect=%2Fcart');
    await user.type(screen.getByLabelText(/^Email/), 'grace@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'garage-demo-2026');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(where()).toBe('/cart'));
    expect(await toastOf('Success!')).toBeTruthy();
  });
});
