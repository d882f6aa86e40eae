import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { ProfileNameSchema } from '@/features/auth/components/settings/schemas.ts';
import { updateProfileName } from '@/features/auth/data/profiles.ts';
import { listTotpFactors } from '@/features/auth/data/mfa.ts';
import { authStore } from '@/features/auth/store.ts';
import { cleanNotifications, renderSettings, signIn, USER_ID } from './helpers.tsx';

vi.mock('@/features/auth/data/profiles.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/auth/data/profiles.ts')>()),
  updateProfileName: vi.fn(),
}));
vi.mock('@/features/auth/data/mfa.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/auth/data/mfa.ts')>()),
  listTotpFactors: vi.fn(),
}));

const save = () => screen.getByRole('button', { name: 'Save' });
const first = () => screen.getByLabelText('First name') as HTMLInputElement;
const last = () => screen.getByLabelText('Last name') as HTMLInputElement;

beforeEach(() => {
  localStorage.clear();
  vi.mocked(listTotpFactors).mockResolvedValue([]);
  signIn();
});
afterEach(() => {
  cleanNotifications();
  vi.clearAllMocks();
});

describe('ProfileNameSchema', () => {
  it('trims, allows empty names and rejects more than 100 characters', () => {
    expect(v.parse(ProfileNameSchema, { firstName: '  Ada ', lastName: '' })).toEqual({ firstName: 'Ada', lastName: '' });
    expect(v.safeParse(ProfileNameSchema, { firstName: 'a'.repeat(100), lastName: 'b'.repeat(100) }).success).toBe(true);
    const long = v.safeParse(ProfileNameSchema, { firstName: 'a'.repeat(101), lastName: '' });
    expect(long.success).toBe(false);
    expect(long.issues?.[0]?.message).toBe('First name must be at most 100 characters');
  });
});

describe('settings profile form', () => {
  it('shows the stored names and a read-only e-mail; Save stays disabled until something changes', async () => {
    const user = userEvent.setup();
    renderSettings();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(first().value).toBe('Ada');
    expect(last().value).toBe('Lovelace');
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    expect(email.readOnly).toBe(true);
    expect(save()).toHaveProperty('disabled', true);
    await user.type(first(), ' ');
    // Only whitespace added: the saved value would not change.
    expect(save()).toHaveProperty('disabled', true);
    await user.type(first(), 'B');
    expect(save()).toHaveProperty('disabled', false);
  });

  it('refuses a name over 100 characters without calling the server', async () => {
    const user = userEvent.setup();
    renderSettings();
    await user.clear(last());
    await user.click(last());
    await user.paste('x'.repeat(101));
    await user.click(save());
    expect(await screen.findByText('Last name must be at most 100 characters')).toBeTruthy();
    expect(updateProfileName).not.toHaveBeenCalled();
  });

  it('saves, puts the new profile in the store and toasts Profile updated', async () => {
    vi.mocked(updateProfileName).mockResolvedValue({ userId: USER_ID, firstName: 'Grace', lastName: null, email: 'ada@example.com', role: 'customer' });
    const user = userEvent.setup();
    renderSettings();
    await user.clear(first());
    await user.type(first(), '  Grace ');
    await user.clear(last());
    await user.click(save());
    expect(await screen.findByText('Profile updated')).toBeTruthy();
    expect(updateProfileName).toHaveBeenCalledWith(USER_ID, 'Grace', '');
    expect(authStore.getState().profile).toMatchObject({ firstName: 'Grace', lastName: null });
    // The navbar's offline cache holds the new name too (written once the data module has loaded).
    await waitFor(() => expect(JSON.parse(localStorage.getItem('garage-profile') ?? 'null')).toMatchObject({ firstName: 'Grace' }));
    await waitFor(() => expect(first().value).toBe('Grace'));
    expect(last().value).toBe('');
    expect(save()).toHaveProperty('disabled', true);
  });

  it('keeps the edits and shows the server message when saving fails', async () => {
    vi.mocked(updateProfileName).mockRejectedValue(new Error('new row violates check constraint'));
    const user = userEvent.setup();
    renderSettings();
    await user.type(first(), 'x');
    await user.click(save());
    expect(await screen.findByText('Could not update your profile')).toBeTruthy();
    expect(screen.getByText('new row violates check constraint')).toBeTruthy();
    expect(first().value).toBe('Adax');
    expect(authStore.getState().profile?.firstName).toBe('Ada');
    expect(save()).toHaveProperty('disabled', false);
  });
});
