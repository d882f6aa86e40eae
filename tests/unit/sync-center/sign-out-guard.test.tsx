import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AreaShell } from '@/app/shell/area/AreaShell.tsx';
import { CUSTOMER_AREA } from '@/app/shell/area/areas.ts';
import { AccountSlot } from '@/app/shell/navbar/AccountSlot.tsx';
import { requestSignOut, signOutGuard } from '@/app/shell/sync/sign-out-guard.ts';
import { registerSyncActions } from '@/db/sync/controller.ts';
import type { SyncDatabase } from '@/db/sync/sync-db.ts';
import { authStore } from '@/features/auth';
import { renderWithRouter } from '@/test/render.tsx';
import { dropSyncDb, freshSyncDb, OTHER, outboxEntry, pendingWrite, resetStores, signIn, USER } from './fixtures.ts';

let db: SyncDatabase;
const cleanups: (() => void)[] = [];

beforeEach(() => {
  resetStores();
  db = freshSyncDb();
  signIn();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  signOutGuard.setState({ held: null });
  resetStores();
  await dropSyncDb(db);
});

const status = () => authStore.getState().status;

function renderAreaShell() {
  return renderWithRouter(
    <AreaShell area={CUSTOMER_AREA}>
      <p>Overview page</p>
    </AreaShell>,
    { path: '/dashboard', pages: { '/': 'Home page' }, notifications: true },
  );
}

describe('requestSignOut', () => {
  it('proceeds at once when the user has nothing unsynced (other users’ entries do not count)', async () => {
    await db.pending.add(pendingWrite({ userId: OTHER }));
    await db.outbox.add(outboxEntry({ userId: OTHER }));
    const proceed = vi.fn(async () => {});
    await requestSignOut(proceed);
    expect(proceed).toHaveBeenCalledTimes(1);
    expect(signOutGuard.getState().held).toBeNull();
  });

  it('holds the sign-out with the count of pending and failed writes and outbox calls', async () => {
    await db.pending.bulkAdd([pendingWrite(), pendingWrite({ state: 'failed' })]);
    await db.outbox.add(outboxEntry({ state: 'failed' }));
    const proceed = vi.fn(async () => {});
    await requestSignOut(proceed);
    expect(proceed).not.toHaveBeenCalled();
    expect(signOutGuard.getState().held).toMatchObject({ userId: USER, count: 3 });
  });
});

describe('the sign-out dialog (area shell)', () => {
  it('does not appear without pending writes: Sign Out signs out', async () => {
    const user = userEvent.setup();
    const { router } = renderAreaShell();
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(status()).toBe('signed-out'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it('warns with the count; Cancel keeps the user signed in', async () => {
    await db.pending.add(pendingWrite());
    await db.outbox.add(outboxEntry());
    const user = userEvent.setup();
    renderAreaShell();
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changes not synced' });
    expect(within(dialog).getByText('You have 2 changes that have not been synced.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(status()).toBe('signed-in');
    expect(screen.getByText('Overview page')).toBeTruthy();
  });

  it('Sign Out and Discard signs out', async () => {
    await db.pending.add(pendingWrite({ state: 'failed' }));
    const user = userEvent.setup();
    const { router } = renderAreaShell();
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changes not synced' });
    expect(within(dialog).getByText('You have 1 change that has not been synced.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Sign Out and Discard' }));
    await waitFor(() => expect(status()).toBe('signed-out'));
    expect(router.state.location.pathname).toBe('/');
  });

  it('Sync now runs the sync and re-counts; once nothing is left it offers a plain Sign Out', async () => {
    await db.pending.add(pendingWrite());
    await db.outbox.add(outboxEntry());
    // The test part delivers the outbox call only (the row write stays pending), then everything.
    const syncNow = vi
      .fn(async () => {})
      .mockImplementationOnce(async () => {
        await db.outbox.clear();
      })
      .mockImplementationOnce(async () => {
        await db.pending.clear();
      });
    cleanups.push(registerSyncActions({ syncNow }));
    const user = userEvent.setup();
    renderAreaShell();
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changes not synced' });

    await user.click(within(dialog).getByRole('button', { name: 'Sync now' }));
    expect(syncNow).toHaveBeenCalledTimes(1);
    expect(await within(dialog).findByText('You have 1 change that has not been synced.')).toBeTruthy();
    expect(status()).toBe('signed-in');

    await user.click(within(dialog).getByRole('button', { name: 'Sync now' }));
    const synced = await screen.findByRole('dialog', { name: 'Everything is synced' });
    expect(status()).toBe('signed-in');
    await user.click(within(synced).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(status()).toBe('signed-out'));
  });
});

describe('the sign-out dialog (store navbar)', () => {
  it('appears for the account menu and for the drawer rows, once', async () => {
    await db.pending.add(pendingWrite());
    const user = userEvent.setup();
    renderWithRouter(
      <>
        <AccountSlot variant="bar" />
        <div data-testid="drawer">
          <AccountSlot variant="menu" />
        </div>
      </>,
      { path: '/products', pages: { '/': 'Home page' } },
    );
    await user.click(await screen.findByRole('button', { name: /Ada/ }));
    await user.click(screen.getAllByRole('button', { name: 'Sign Out' })[0]!);
    let dialog = await screen.findByRole('dialog', { name: 'Changes not synced' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(screen.getByTestId('drawer')).getByRole('button', { name: 'Sign Out' }));
    dialog = await screen.findByRole('dialog', { name: 'Changes not synced' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Sign Out and Discard' }));
    await waitFor(() => expect(status()).toBe('signed-out'));
  });

  it('links signed-in users to the sync center, with the compact indicator in the bar', async () => {
    const user = userEvent.setup();
    renderWithRouter(<AccountSlot variant="bar" />, { path: '/products' });
    expect((await screen.findByTestId('sync-indicator')).getAttribute('href')).toBe('/sync');
    await user.click(screen.getByRole('button', { name: /Ada/ }));
    expect(screen.getByRole('link', { name: 'Sync Center' }).getAttribute('href')).toBe('/sync');
  });

  it("the drawer's Sync Center row carries the state and count (phones have no room for the indicator)", async () => {
    await db.pending.add(pendingWrite({ state: 'failed' }));
    await db.outbox.add(outboxEntry());
    renderWithRouter(<AccountSlot variant="menu" />, { path: '/products' });
    const row = await screen.findByRole('link', { name: 'Sync Center, 1 failed, 2 changes not synced' });
    expect(within(row).getByText('· 1 failed').dataset.state).toBe('failed');
    expect(row.getAttribute('href')).toBe('/sync');
    expect(screen.getByTestId('sync-row-badge').textContent).toBe('2');
  });
});
