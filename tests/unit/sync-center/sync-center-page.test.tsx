import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerSyncActions } from '@/db/sync/controller.ts';
import { syncStatus } from '@/db/sync/status.ts';
import type { OutboxEntry, PendingWrite, SyncDatabase } from '@/db/sync/sync-db.ts';
import { SyncCenterPage } from '@/features/sync-center';
import { renderWithProviders } from '@/test/render.tsx';
import { conflict, dropSyncDb, freshSyncDb, OTHER, outboxEntry, pendingWrite, resetStores, USER } from './fixtures.ts';

let db: SyncDatabase;
let unregister: () => void;
const actions = {
  syncNow: vi.fn(async () => {}),
  retryWrite: vi.fn(async (_entry: PendingWrite) => {}),
  discardWrite: vi.fn(async (_entry: PendingWrite) => {}),
  retryOutbox: vi.fn(async (_entry: OutboxEntry) => {}),
  discardOutbox: vi.fn(async (_entry: OutboxEntry) => {}),
};

beforeEach(() => {
  resetStores();
  db = freshSyncDb();
  for (const action of Object.values(actions)) action.mockClear();
  // A test part, registered as the data layer registers its own.
  unregister = registerSyncActions(actions);
});
afterEach(async () => {
  unregister();
  resetStores();
  await dropSyncDb(db);
});

const renderPage = () => renderWithProviders(<SyncCenterPage userId={USER} />, { notifications: true });
const entry = (label: string) => screen.getByText(label).closest('li') as HTMLElement;
/** The line under an entry's label: what kind of change, and when it was made. */
const meta = (item: HTMLElement) => item.querySelector('time')?.parentElement?.textContent;

describe('SyncCenterPage', () => {
  it('shows a loading state while the database opens; never synced, it does not claim Everything is synced', async () => {
    renderPage();
    expect(screen.getByTestId('skeleton-list')).toBeTruthy();
    // The first test of the file opens the first database (and loads Dexie): allow it time.
    expect(await screen.findByRole('heading', { name: 'Nothing waiting to be sent' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByTestId('skeleton-list')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Sync Center' })).toBeTruthy();
    expect(screen.getByText('Not synced yet')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Everything is synced' })).toBeNull();
  });

  it('after a reload offline, tells when the last sync finished (recorded on the device), never "Not synced yet"', async () => {
    await db.users.put({ userId: USER, lastSyncedAt: Date.now() - 3 * 60_000 });
    await db.users.put({ userId: OTHER, lastSyncedAt: Date.now() });
    act(() => syncStatus.setState({ online: false }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Everything is synced' })).toBeTruthy();
    expect(await screen.findByText('Last synced 3 minutes ago')).toBeTruthy();
    expect(screen.queryByText('Not synced yet')).toBeNull();
  });

  it('records a sync that finishes in this tab, so the next visit knows it', async () => {
    renderPage();
    await screen.findByText('Not synced yet');
    const at = Date.now() - 60_000;
    act(() => syncStatus.setState({ lastSyncedAt: at }));
    expect(await screen.findByText('Last synced 1 minute ago')).toBeTruthy();
    await waitFor(async () => expect(await db.users.get(USER)).toEqual({ userId: USER, lastSyncedAt: at }));
  });

  it("lists the user's pending and failed writes and outbox calls, failed first, with what, when and state", async () => {
    await db.pending.bulkAdd([
      pendingWrite({ label: 'Device A', op: 'insert', createdAt: Date.now() - 2 * 3_600_000 }),
      pendingWrite({ label: 'Device B', state: 'failed', error: { code: '23514', message: 'new row violates check constraint' } }),
      pendingWrite({ label: 'Not mine', userId: OTHER }),
    ]);
    await db.outbox.bulkAdd([outboxEntry({ label: 'Vote X' }), outboxEntry({ label: 'Other vote', userId: OTHER })]);
    renderPage();
    await screen.findByRole('heading', { name: 'Changes not yet synced (3)' });
    expect(screen.queryByText('Not mine')).toBeNull();
    expect(screen.queryByText('Other vote')).toBeNull();

    const labels = screen.getAllByTestId('sync-write').map((item) => item.querySelector('p')?.textContent);
    expect(labels).toEqual(['Device B', 'Device A', 'Vote X']);

    const failed = entry('Device B');
    expect(within(failed).getByText('Failed').closest('[data-status]')?.getAttribute('data-status')).toBe('failed');
    expect(within(failed).getByText('The server refused this change. A value in it is not allowed.')).toBeTruthy();
    expect(within(failed).getByRole('button', { name: 'Retry: Device B' })).toBeTruthy();

    const pending = entry('Device A');
    expect(within(pending).getByText('Pending')).toBeTruthy();
    expect(meta(pending)).toBe('Added · Devices · Made 2 hours ago');
    expect(within(pending).queryByRole('button')).toBeNull();
    expect(meta(entry('Vote X'))).toBe('Request · Helpful vote · Made 3 minutes ago');
  });

  it('Retry calls the registered action with the entry: row writes and outbox calls each their own', async () => {
    const write = pendingWrite({ label: 'Device B', state: 'failed', error: { code: '42501', message: 'denied' } });
    const call = outboxEntry({ label: 'Vote X', state: 'failed', error: { code: 'P0001', message: 'no such article' } });
    await db.pending.add(write);
    await db.outbox.add(call);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Retry: Device B' }));
    expect(actions.retryWrite).toHaveBeenCalledWith(write);
    await user.click(screen.getByRole('button', { name: 'Retry: Vote X' }));
    expect(actions.retryOutbox).toHaveBeenCalledWith(call);
    expect(actions.discardWrite).not.toHaveBeenCalled();
  });

  it('Discard asks first: Cancel keeps the write, Discard calls the action', async () => {
    const write = pendingWrite({ label: 'Device B', state: 'failed', error: { code: '42501', message: 'denied' } });
    const call = outboxEntry({ label: 'Vote X', state: 'failed' });
    await db.pending.add(write);
    await db.outbox.add(call);
    actions.discardWrite.mockImplementationOnce(async (target) => {
      await db.pending.delete(target.key);
    });
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Discard: Device B' }));
    let dialog = await screen.findByRole('dialog', { name: 'Discard this change?' });
    expect(dialog.textContent).toContain('“Device B” will not be sent. This device goes back to what the server has.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(actions.discardWrite).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Discard: Device B' }));
    dialog = await screen.findByRole('dialog', { name: 'Discard this change?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(actions.discardWrite).toHaveBeenCalledWith(write));
    // The data layer removed the entry: the live list follows.
    await waitFor(() => expect(screen.queryByText('Device B')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Discard: Vote X' }));
    dialog = await screen.findByRole('dialog', { name: 'Discard this change?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(actions.discardOutbox).toHaveBeenCalledWith(call));
  }, 15_000); // Two dialogs and six clicks: past the 5 s default on a busy two-core machine.

  it('a failing action is reported in a toast, and the discard dialog stays open', async () => {
    await db.pending.add(pendingWrite({ label: 'Device B', state: 'failed', error: { code: '42501', message: 'denied' } }));
    actions.retryWrite.mockRejectedValueOnce(new Error('Still refused'));
    actions.discardWrite.mockRejectedValueOnce(new Error('Database closed'));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Retry: Device B' }));
    expect(await screen.findByText('Still refused')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Discard: Device B' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this change?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('Database closed')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Discard this change?' })).toBeTruthy();
  });

  it('Sync now calls syncNow; a failed attempt is told in words with the time to the next one', async () => {
    syncStatus.setState({ lastSyncedAt: Date.now() - 5 * 60_000 });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Everything is synced' });
    expect(screen.getByText('Last synced 5 minutes ago')).toBeTruthy();
    expect(screen.queryByTestId('sync-problem')).toBeNull();
    act(() => syncStatus.setState({ lastError: 'TypeError: Failed to fetch', retryAt: Date.now() + 5_000 }));
    // A countdown to the next attempt: the seconds go down as they pass.
    const problem = () => screen.getByTestId('sync-problem').textContent;
    expect(problem()).toBe('Couldn’t reach the server — will retry in 5 s');
    await waitFor(() => expect(problem()).toBe('Couldn’t reach the server — will retry in 4 s'), { timeout: 2_500 });
    // Stuck in a retry, the button still starts a new attempt.
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(actions.syncNow).toHaveBeenCalledTimes(1);
    // A part that keeps its own backoff gives no time: the words say it retries by itself.
    act(() => syncStatus.setState({ lastError: 'DeadlineError: Failed to fetch: no answer within 15 s', retryAt: null }));
    expect(screen.getByTestId('sync-problem').textContent).toBe('The server didn’t answer in time — will retry by itself');
  });

  it('offline, Sync now is disabled with the reason in words and no spinner, even while a sync was running', async () => {
    syncStatus.setState({ active: true, lastError: 'TypeError: Failed to fetch' });
    renderPage();
    await screen.findByRole('heading', { name: 'Nothing waiting to be sent' });
    act(() => syncStatus.setState({ online: false }));
    expect(screen.getByText('Offline')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Sync now' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('data-loading')).toBeNull();
    expect(button.querySelector('.mantine-Button-loader')).toBeNull();
    const reason = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('You’re offline — changes will sync when the connection returns.');
    // Offline is the whole story: no failure line, and nothing claims it was never synced.
    expect(screen.queryByTestId('sync-problem')).toBeNull();
    expect(screen.queryByText('Not synced yet')).toBeNull();
  });

  it('lists what the server replaced, field by field, and Dismiss removes the notice', async () => {
    await db.users.put({ userId: USER, lastSyncedAt: Date.now() });
    await db.conflicts.add(conflict({ label: "Device 'Side door'" }));
    await db.conflicts.add(conflict({ label: 'Not mine', userId: OTHER }));
    const user = userEvent.setup();
    renderPage();
    const section = await screen.findByRole('region', { name: 'Replaced by newer server changes' });
    // No pending writes: the empty state still says so.
    expect(screen.getByRole('heading', { name: 'Everything is synced' })).toBeTruthy();
    expect(within(section).queryByText('Not mine')).toBeNull();
    const rows = within(section)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Field', 'You had', 'Server has'],
      ['Name', 'Side door', 'Side gate'],
      ['Location', 'Garage', '(empty)'],
    ]);
    expect(within(section).getByText('Replaced 10 minutes ago')).toBeTruthy();

    // Shown is seen: the header's notice goes, and this visit still marks it New.
    await waitFor(async () => expect((await db.conflicts.toArray()).find((c) => c.userId === USER)?.seenAt).toBeTypeOf('number'));
    expect((await db.conflicts.toArray()).find((c) => c.userId === OTHER)?.seenAt).toBeUndefined();
    expect(within(section).getByTestId('sync-conflict-new').textContent).toBe('New');

    await user.click(within(section).getByRole('button', { name: "Dismiss: Device 'Side door'" }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Replaced by newer server changes' })).toBeNull());
    expect(await db.conflicts.count()).toBe(1);
  });
});
