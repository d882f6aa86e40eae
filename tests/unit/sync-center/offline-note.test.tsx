import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { OFFLINE_MESSAGE, OfflineIndicator, SIGNED_IN_OFFLINE_MESSAGE } from '@/app/pwa/OfflineIndicator.tsx';
import type { SyncDatabase } from '@/db/sync/sync-db.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { dropSyncDb, freshSyncDb, OTHER, outboxEntry, pendingWrite, resetStores, signIn } from './fixtures.ts';

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

let db: SyncDatabase;

beforeEach(() => {
  resetStores();
  db = freshSyncDb();
});
afterEach(async () => {
  setOnline(true);
  resetStores();
  await dropSyncDb(db);
});

describe('the offline badge as part of the sync center', () => {
  it("adds the signed-in user's waiting changes to the offline message", async () => {
    await db.pending.add(pendingWrite());
    await db.outbox.bulkAdd([outboxEntry(), outboxEntry({ userId: OTHER })]);
    signIn();
    setOnline(true);
    renderWithProviders(<OfflineIndicator />);
    const region = screen.getByTestId('offline-indicator');
    expect(region.textContent).toBe('');

    act(() => setOnline(false));
    await waitFor(() => expect(region.textContent).toBe(`${SIGNED_IN_OFFLINE_MESSAGE} · 2 changes waiting to sync`));
    expect(screen.getByText(SIGNED_IN_OFFLINE_MESSAGE)).toBeTruthy();

    await act(() => db.pending.clear());
    await waitFor(() => expect(region.textContent).toBe(`${SIGNED_IN_OFFLINE_MESSAGE} · 1 change waiting to sync`));
    act(() => setOnline(true));
    expect(region.textContent).toBe('');
  });

  it('says only the message to a visitor (no sync database is read)', async () => {
    await db.pending.add(pendingWrite());
    setOnline(false);
    renderWithProviders(<OfflineIndicator />);
    expect(screen.getByTestId('offline-indicator').textContent).toBe(OFFLINE_MESSAGE);
    expect(screen.queryByTestId('offline-pending')).toBeNull();
  });
});
