import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import SyncCenterRow from '@/app/shell/sync/SyncCenterRow.tsx';
import { SyncIndicator } from '@/app/shell/sync/SyncIndicator.tsx';
import { syncStatus } from '@/db/sync/status.ts';
import type { SyncDatabase } from '@/db/sync/sync-db.ts';
import { renderWithRouter } from '@/test/render.tsx';
import { conflict, dropSyncDb, freshSyncDb, OTHER, outboxEntry, pendingWrite, resetStores, signIn } from './fixtures.ts';

let db: SyncDatabase;

beforeEach(() => {
  resetStores();
  db = freshSyncDb();
  signIn();
});
afterEach(async () => {
  resetStores();
  await dropSyncDb(db);
});

const indicator = () => screen.getByTestId('sync-indicator');
const name = () => indicator().getAttribute('aria-label');
const announced = () => screen.getByTestId('sync-announcer').textContent;

async function renderIndicator(variant: 'full' | 'compact' = 'full') {
  renderWithRouter(<SyncIndicator variant={variant} />, { path: '/dashboard', pages: { '/sync': 'Sync center page' } });
  // The first count arrives from IndexedDB; the live region stays empty until then.
  await waitFor(() => expect(announced()).not.toBe(''));
}

describe('SyncIndicator', () => {
  it('says Up to date with no badge when nothing is waiting, and links to the sync center', async () => {
    await renderIndicator();
    expect(name()).toBe('Sync status: Up to date. Open the Sync Center');
    expect(indicator().textContent).toBe('Up to date');
    expect(indicator().getAttribute('href')).toBe('/sync');
    expect(screen.queryByTestId('sync-badge')).toBeNull();
    expect(screen.getByTestId('sync-announcer').getAttribute('role')).toBe('status');
  });

  it('counts the row writes and outbox calls of the signed-in user only, live', async () => {
    await db.pending.bulkAdd([pendingWrite(), pendingWrite(), pendingWrite({ userId: OTHER })]);
    await db.outbox.add(outboxEntry());
    await renderIndicator();
    await waitFor(() => expect(screen.getByTestId('sync-badge').textContent).toBe('3'));
    expect(name()).toBe('Sync status: Waiting to sync, 3 changes not synced. Open the Sync Center');

    await act(() => db.outbox.add(outboxEntry()));
    await waitFor(() => expect(screen.getByTestId('sync-badge').textContent).toBe('4'));

    await act(() => db.pending.where('userId').equals('11111111-1111-4111-8111-111111111111').delete());
    await act(() => db.outbox.clear());
    await waitFor(() => expect(screen.queryByTestId('sync-badge')).toBeNull());
    expect(name()).toBe('Sync status: Up to date. Open the Sync Center');
  });

  it('shows N failed when the server refused writes, ahead of the waiting ones', async () => {
    await db.pending.bulkAdd([pendingWrite({ state: 'failed', error: { code: '42501', message: 'denied' } }), pendingWrite()]);
    await db.outbox.add(outboxEntry({ state: 'failed' }));
    await renderIndicator();
    await waitFor(() => expect(indicator().textContent).toBe('2 failed3'));
    expect(indicator().dataset.state).toBe('failed');
    expect(name()).toBe('Sync status: 2 failed, 3 changes not synced. Open the Sync Center');
  });

  it('follows the sync status: Offline first, then Syncing…', async () => {
    await db.pending.add(pendingWrite());
    await renderIndicator();
    await waitFor(() => expect(name()).toContain('Waiting to sync'));

    act(() => syncStatus.setState({ online: false }));
    expect(name()).toBe('Sync status: Offline, still signed in on this device, 1 change not synced. Open the Sync Center');
    expect(announced()).toBe('Sync status: Offline, still signed in on this device, 1 change not synced');

    act(() => syncStatus.setState({ online: true, active: true }));
    expect(name()).toBe('Sync status: Syncing…, 1 change not synced. Open the Sync Center');
    // A background sync starting is not announced: the live region keeps the settled state.
    expect(announced()).toBe('Sync status: Waiting to sync, 1 change not synced');
  });

  it('in its compact form shows the icon and badge, with the words in its name and title', async () => {
    await db.pending.add(pendingWrite());
    await renderIndicator('compact');
    await waitFor(() => expect(screen.getByTestId('sync-badge').textContent).toBe('1'));
    expect(indicator().textContent).toBe('1');
    expect(indicator().getAttribute('title')).toBe('Sync status: Waiting to sync, 1 change not synced');
    expect(name()).toContain('Open the Sync Center');
  });

  it('after a failed attempt says what failed in words, not "Syncing…", while the retries go on', async () => {
    await renderIndicator();
    act(() => syncStatus.setState({ active: true, lastError: 'DeadlineError: Failed to fetch: no answer within 15 s', retryAt: Date.now() + 5_000 }));
    expect(indicator().textContent).toBe('Server not answering');
    expect(indicator().dataset.state).toBe('retrying');
    expect(name()).toBe('Sync status: Server not answering. Open the Sync Center');
    expect(announced()).toBe('Sync status: Server not answering');
    act(() => syncStatus.setState({ lastError: 'TypeError: Failed to fetch' }));
    expect(indicator().textContent).toBe('Can’t reach server');
    // The retry that works clears the error: back to the plain states.
    act(() => syncStatus.setState({ active: false, lastError: null, retryAt: null }));
    expect(indicator().textContent).toBe('Up to date');
  });

  it('shows a change the server replaced, with Review to the sync center, until it is seen', async () => {
    const seq = await db.conflicts.add(conflict());
    await db.conflicts.add(conflict({ userId: OTHER }));
    await db.conflicts.add(conflict({ seenAt: Date.now() - 60_000 }));
    await renderIndicator();
    const notice = await screen.findByTestId('sync-replaced');
    expect(notice.getAttribute('aria-label')).toBe('1 change replaced. Review in the Sync Center');
    expect(notice.getAttribute('href')).toBe('/sync');
    // On phones CSS hides it and the indicator carries it (checked in the e2e).
    expect(notice.textContent).toBe('1 change replaced — Review');
    expect(name()).toBe('Sync status: Up to date, 1 change replaced. Open the Sync Center');

    await act(() => db.conflicts.update(seq, { seenAt: Date.now() }));
    await waitFor(() => expect(screen.queryByTestId('sync-replaced')).toBeNull());
    expect(name()).toBe('Sync status: Up to date. Open the Sync Center');
  });

  it('the phone drawer’s row says it in words too: state, then what the server replaced', async () => {
    await db.conflicts.add(conflict());
    renderWithRouter(<SyncCenterRow />, { path: '/products', pages: { '/sync': 'Sync center page' } });
    const row = await screen.findByRole('link', { name: 'Sync Center, Up to date, 1 change replaced' }, { timeout: 5_000 });
    expect(row.textContent).toBe('Sync Center· Up to date · 1 change replaced');
  });
});
