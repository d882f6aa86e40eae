import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '@/features/auth';
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

async function fillSignIn(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
}

describe('/auth sign in', () => {
  it('is the Welcome page with Sign In and Sign Up tabs and the right autocomplete hints', async () => {
    await renderApp('/auth');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('tab', { name: 'Sign In', selected: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Sign Up', selected: false })).toBeTruthy();
    expect(screen.getByLabelText(/^Email/).getAttribute('autocomplete')).toBe('email');
    expect(screen.getByLabelText(/^Password/).getAttribute('autocomplete')).toBe('current-password');
  });

  it('asks for the missing or invalid fields and does not call the server', async () => {
    const user = userEvent.setup();
    await renderApp('/auth');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(sessionModule.signInWithPassword).not.toHaveBeenCalled();
  });

  it("shows 'Sign In Error' with the server's message and stays on /auth", async () => {
    sessionModule.signInWithPassword.mockResolvedValueOnce({ error: 'Invalid login credentials' });
    const user = userEvent.setup();
    await renderApp('/auth');
    await fillSignIn(user, 'ada@example.com', 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const toast = (await screen.findByText('Sign In Error')).closest('.mantine-Notification-root') as HTMLElement;
    expect(within(toast).getByText('Invalid login credentials')).toBeTruthy();
    expect(where()).toBe('/auth');
    expect(sessionModule.signInWithPassword).toHaveBeenCalledWith('ada@example.com', 'wrong-password');
  });

  it('welcomes the user and goes to the remembered page, replacing /auth in history', async () => {
    sessionModule.signInWithPassword.mockImplementationOnce(async (email) => {
      startSession(email);
      backend.profile = customerProfile();
      return { error: null };
    });
    const user = userEvent.setup();
    const { history } = await renderApp('/auth?redirect=%2Fcart%3Fcoupon%3Dx');
    const entries = history.length;
    await fillSignIn(user, 'ada@example.com', 'garage-demo-2026');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(where()).toBe('/cart?coupon=x'));
    const toast = (await screen.findByText('Welcome back!')).closest('.mantine-Notification-root') as HTMLElement;
    expect(within(toast).getByText('You have successfully signed in.')).toBeTruthy();
    expect(history.length).toBe(entries);
    // The store settled before leaving, so the next page's guard sees the user and the profile.
    expect(authStore.getState()).toMatchObject({ status: 'signed-in', profileStatus: 'loaded' });
  });

  it('goes home when no page was remembered', async () => {
    sessionModule.signInWithPassword.mockImplementationOnce(async (email) => {
      startSession(email);
      backend.profile = customerProfile();
      return { error: null };
    });
    const user = userEvent.setup();
    await renderApp('/auth');
    await fillSignIn(user, 'ada@example.com', 'garage-demo-2026');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(where()).toBe('/'));
  });

  it('sends once however often the button is pressed, with a loading state meanwhile', async () => {
    let answer!: (result: { error: string | null }) => void;
    sessionModule.signInWithPassword.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    await renderApp('/auth');
    await fillSignIn(user, 'ada@example.com', 'pw');
    const button = screen.getByRole('button', { name: 'Sign In' });
    await user.click(button);
    await user.click(button);
    await user.keyboard('{Enter}');
    expect(sessionModule.signInWithPassword).toHaveBeenCalledTimes(1);
    expect(button.hasAttribute('data-loading')).toBe(true);
    answer({ error: 'Invalid login credentials' });
    await waitFor(() => expect(button.hasAttribute('data-loading')).toBe(false));
  });

  it('switches tabs in the URL without a new history entry, keeping the redirect', async () => {
    const user = userEvent.setup();
    const { history } = await renderApp('/auth?redirect=%2Fcart');
    const entries = history.length;
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await waitFor(() => expect(where()).toBe('/auth?redirect=%2Fcart&mode=sign-up'));
    expect(screen.getByRole('tab', { name: 'Sign Up', selected: true })).toBeTruthy();
    expect(history.length).toBe(entries);
  });

  it('offers a visibility toggle for the password, reachable by keyboard', async () => {
    const user = userEvent.setup();
    await renderApp('/auth');
    const password = screen.getByLabelText(/^Password/) as HTMLInputElement;
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(password.type).toBe('password');
    expect(toggle.tabIndex).toBe(0);
    await user.click(toggle);
    expect(password.type).toBe('text');
  });
});
