import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore, type AuthState, type Profile } from '@/features/auth';
import { AccountSlot } from '@/app/shell/navbar/AccountSlot.tsx';
import { customerProfile, resetFakes, sessionModule, USER_ID } from './fake-backend.ts';
import { renderApp, resetApp, where } from './harness.tsx';

vi.mock('@/features/auth/data/session.ts', async () => (await import('./mocks.ts')).mockSessionModule());
vi.mock('@/features/auth/data/mfa.ts', async () => (await import('./mocks.ts')).mockMfaModule());
vi.mock('@/features/auth/data/profiles.ts', async () => (await import('./mocks.ts')).mockProfilesModule());

beforeEach(() => {
  resetFakes();
  resetApp();
});
afterEach(() => resetApp());

const user = { id: USER_ID, email: 'ada@example.com' };

function signedIn(profile: Profile | null, profileStatus: AuthState['profileStatus'] = 'loaded') {
  act(() => authStore.setState({ status: 'signed-in', user, profile, profileStatus }));
}

const renderSlot = (variant: 'bar' | 'menu', url = '/products') =>
  renderApp(url, <div data-testid="slot"><AccountSlot variant={variant} /></div>);

const slotHtml = () => screen.getByTestId('slot').innerHTML;

describe('AccountSlot', () => {
  it.each(['bar', 'menu'] as const)('(%s) shows the same sign-in link while loading as when signed out', async (variant) => {
    act(() => authStore.setState({ status: 'loading' }));
    await renderSlot(variant);
    const link = screen.getByRole('link', { name: 'Sign In' });
    expect(link.getAttribute('href')).toBe('/auth');
    const loadingMarkup = slotHtml();
    act(() => authStore.setState({ status: 'signed-out' }));
    expect(slotHtml()).toBe(loadingMarkup);
  });

  it.each(['bar', 'menu'] as const)('(%s) links to the code step while the second factor is owed', async (variant) => {
    act(() => authStore.setState({ status: 'mfa-required', user }));
    await renderSlot(variant);
    expect(screen.getByRole('link', { name: 'Finish signing in' }).getAttribute('href')).toBe('/auth');
    expect(screen.queryByRole('button', { name: 'Sign Out' })).toBeNull();
  });

  it.each(['bar', 'menu'] as const)("(%s) says 'Loading' while the user's profile loads", async (variant) => {
    signedIn(null, 'loading');
    await renderSlot(variant);
    expect(screen.getByTestId('slot').textContent).toBe('Loading');
    signedIn(customerProfile());
    expect(screen.getByTestId('slot').textContent).toContain('Ada');
  });

  it.each([
    ['customer', ['Dashboard'], ['Support Dashboard', 'Admin Dashboard']],
    ['support', ['Support Dashboard'], ['Dashboard', 'Admin Dashboard']],
    ['admin', ['Support Dashboard', 'Admin Dashboard'], ['Dashboard']],
  ] as const)('(bar) gives a %s the first name and their areas behind it', async (role, shown, absent) => {
    signedIn(customerProfile({ role }));
    const u = userEvent.setup();
    await renderSlot('bar');
    const trigger = screen.getByRole('button', { name: /Ada/ });
    expect(screen.queryByRole('link', { name: shown[0] })).toBeNull();
    await u.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const hrefs = { Dashboard: '/dashboard', 'Support Dashboard': '/support/dashboard', 'Admin Dashboard': '/admin' };
    for (const label of shown) expect(screen.getByRole('link', { name: label }).getAttribute('href')).toBe(hrefs[label]);
    for (const label of absent) expect(screen.queryByRole('link', { name: label })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
    await u.keyboard('{Escape}');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trigger);
  });

  it('(menu) lists the account in rows: name, areas, sign out', async () => {
    signedIn(customerProfile({ role: 'admin' }));
    await renderSlot('menu');
    expect(screen.getByRole('heading', { name: 'Account' })).toBeTruthy();
    expect(screen.getByText('Ada')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Support Dashboard' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Admin Dashboard' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
  });

  it('shows the e-mail when the profile has no first name', async () => {
    signedIn(customerProfile({ firstName: null }));
    await renderSlot('menu');
    expect(screen.getByText('ada@example.com')).toBeTruthy();
  });

  it.each(['bar', 'menu'] as const)('(%s) signs out after leaving for the home page', async (variant) => {
    signedIn(customerProfile());
    let whereAtSignOut: string | null | undefined;
    sessionModule.signOutEverywhere.mockImplementationOnce(async () => {
      whereAtSignOut = where();
    });
    const u = userEvent.setup();
    const { history } = await renderSlot(variant, '/cart');
    const entries = history.length;
    if (variant === 'bar') await u.click(screen.getByRole('button', { name: /Ada/ }));
    await u.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(authStore.getState().status).toBe('signed-out'));
    await waitFor(() => expect(whereAtSignOut).toBe('/'));
    expect(history.length).toBe(entries);
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeTruthy();
  });
});
