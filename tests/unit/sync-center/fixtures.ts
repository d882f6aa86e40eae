import { act } from '@testing-library/react';
import { authStore } from '@/features/auth';
import { syncStatus } from '@/db/sync/status.ts';
import { setSyncDb, SyncDatabase, type ConflictRecord, type OutboxEntry, type PendingWrite } from '@/db/sync/sync-db.ts';

export const USER = '11111111-1111-4111-8111-111111111111';
export const OTHER = '22222222-2222-4222-8222-222222222222';

let counter = 0;

/** A fresh sync database per test (fake-indexeddb), installed as the app's. */
export function freshSyncDb(): SyncDatabase {
  counter += 1;
  const db = new SyncDatabase(`garage-sync-test-${counter}-${Math.random().toString(36).slice(2)}`);
  setSyncDb(db);
  return db;
}

export async function dropSyncDb(db: SyncDatabase): Promise<void> {
  setSyncDb(undefined);
  db.close();
  await db.delete();
}

export function signIn(userId = USER): void {
  act(() =>
    authStore.setState({
      status: 'signed-in',
      user: { id: userId, email: 'ada@example.com' },
      profile: { userId, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', role: 'customer' },
      profileStatus: 'loaded',
    }),
  );
}

export function resetStores(): void {
  authStore.setState({ status: 'signed-out', user: null, profile: null, profileStatus: 'idle' });
  syncStatus.setState({ online: true, active: false, lastError: null, retryAt: null, lastSyncedAt: null, running: false });
}

const minutesAgo = (minutes: number) => Date.now() - minutes * 60_000;

export function pendingWrite(over: Partial<PendingWrite> = {}): PendingWrite {
  const docId = over.docId ?? `doc-${Math.random().toString(36).slice(2, 8)}`;
  const collection = over.collection ?? 'devices';
  return {
    key: `${collection}:${docId}`,
    userId: USER,
    collection,
    docId,
    op: 'update',
    label: "Device 'Garage left'",
    createdAt: minutesAgo(5),
    updatedAt: minutesAgo(5),
    state: 'pending',
    ...over,
  };
}

export function outboxEntry(over: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    id: `key-${Math.random().toString(36).slice(2, 10)}`,
    userId: USER,
    kind: 'helpful_vote',
    args: { article_id: 'a1' },
    label: "Helpful vote on 'Pairing a remote'",
    createdAt: minutesAgo(3),
    state: 'pending',
    attempts: 0,
    ...over,
  };
}

export function conflict(over: Partial<ConflictRecord> = {}): ConflictRecord {
  return {
    userId: USER,
    collection: 'devices',
    docId: 'd1',
    label: "Device 'Side door'",
    at: minutesAgo(10),
    mine: { name: 'Side door', location: 'Garage' },
    theirs: { name: 'Side gate', location: null },
    ...over,
  };
}
