/**
 * The boot part of the data layer: nothing happens for a visitor; a signed-in user's screens see
 * "opening" at once (not an empty list) while the rest loads; a session still owing its second
 * factor opens nothing.
 */
import { afterAll, afterEach, expect, it } from 'vitest';
import { startDataLayer } from '@/app/data/start.ts';
import type { AppRouter } from '@/app/router.ts';
import { authStore } from '@/features/auth';
import { userDataStore } from '@/db/user-data-store.ts';
import { resetUserData } from './support.ts';

const USER = { id: '00000000-0000-4000-8000-00000000000a', email: 'a@example.com' };
// A router whose first route never resolves: the database is never opened in these tests.
const router = { state: { status: 'pending', isLoading: true }, subscribe: () => () => {} } as unknown as AppRouter;

// The first test starts loading the rest of the data layer; it must arrive while this file's DOM
// is still there (arriving after, it read `document` during teardown and failed a CI run).
afterAll(async () => {
  await import('@/app/data/data-layer.ts');
  await new Promise((resolve) => setTimeout(resolve, 0));
});

afterEach(() => {
  authStore.setState({ status: 'signed-out', user: null, profile: null, profileStatus: 'idle' });
  resetUserData();
});

it('stays idle for a visitor, and says "opening" as soon as a user is signed in', () => {
  authStore.setState({ status: 'signed-out', user: null });
  startDataLayer(router);
  expect(userDataStore.getState().status).toBe('idle');
  authStore.setState({ status: 'signed-in', user: USER });
  expect(userDataStore.getState()).toMatchObject({ userId: USER.id, status: 'opening', data: null });
});

it('opens nothing for a session that still owes its second factor', () => {
  authStore.setState({ status: 'mfa-required', user: USER });
  startDataLayer(router);
  expect(userDataStore.getState().status).toBe('idle');
});
