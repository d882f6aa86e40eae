import { act } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { Factor } from '@/features/auth/data/mfa.ts';
import { AccountSettings } from '@/features/auth/settings-screen.ts';
import { authStore } from '@/features/auth/store.ts';
import { renderWithProviders } from '@/test/render.tsx';

export const USER_ID = '11111111-1111-4111-8111-111111111111';

export function signIn(names: { firstName: string | null; lastName: string | null } = { firstName: 'Ada', lastName: 'Lovelace' }) {
  authStore.setState({
    status: 'signed-in',
    user: { id: USER_ID, email: 'ada@example.com' },
    profile: { userId: USER_ID, email: 'ada@example.com', role: 'customer', ...names },
    profileStatus: 'loaded',
  });
}

export function renderSettings() {
  return renderWithProviders(<AccountSettings />, { notifications: true });
}

export function cleanNotifications() {
  act(() => notifications.clean());
}

export function factor(overrides: Partial<Factor> = {}): Factor {
  return {
    id: 'f-1',
    friendly_name: 'Authenticator app',
    factor_type: 'totp',
    status: 'verified',
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}
