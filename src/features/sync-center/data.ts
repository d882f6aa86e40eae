import { syncDb, type ConflictRecord, type OutboxEntry, type PendingWrite } from '@/db/sync/sync-db.ts';

/** Everything the sync center lists for one user, oldest first. */
export interface SyncEntries {
  pending: PendingWrite[];
  outbox: OutboxEntry[];
  conflicts: ConflictRecord[];
}

export interface SyncCounts {
  /** Row writes and outbox calls still on their way. */
  pending: number;
  /** Row writes and outbox calls the server refused for good. */
  failed: number;
  /** Everything not yet on the server: what a sign-out would lose. */
  total: number;
  /** Writes a newer server version replaced that the user has not yet seen in the sync center. */
  replaced: number;
}

export const NO_COUNTS: SyncCounts = { pending: 0, failed: 0, total: 0, replaced: 0 };

// The database is looked up on each call, not captured: tests swap it with setSyncDb.
const db = () => syncDb();

export async function readSyncEntries(userId: string): Promise<SyncEntries> {
  const [pending, outbox, conflicts] = await Promise.all([
    db().pending.where('userId').equals(userId).sortBy('createdAt'),
    db().outbox.where('userId').equals(userId).sortBy('createdAt'),
    db().conflicts.where('userId').equals(userId).sortBy('at'),
  ]);
  return { pending, outbox, conflicts };
}

export async function readSyncCounts(userId: string): Promise<SyncCounts> {
  const [rows, calls, replaced] = await Promise.all([
    db().pending.where('userId').equals(userId).toArray(),
    db().outbox.where('userId').equals(userId).toArray(),
    db().conflicts.where('userId').equals(userId).filter((conflict) => conflict.seenAt === undefined).count(),
  ]);
  const failed = [...rows, ...calls].filter((entry) => entry.state === 'failed').length;
  const total = rows.length + calls.length;
  return { pending: total - failed, failed, total, replaced };
}

/** The user's row writes and outbox calls not yet accepted by the server, failed ones included. */
export async function countUnsynced(userId: string): Promise<number> {
  const [rows, calls] = await Promise.all([
    db().pending.where('userId').equals(userId).count(),
    db().outbox.where('userId').equals(userId).count(),
  ]);
  return rows + calls;
}

/** The sync center showed these replaced writes: the header stops pointing to them. */
export async function markConflictsSeen(seqs: number[]): Promise<void> {
  const at = Date.now();
  await db().conflicts.where('seq').anyOf(seqs).modify((conflict) => {
    conflict.seenAt ??= at;
  });
}

/** When this user's data last finished syncing on this device (any tab, any earlier visit). */
export async function readLastSynced(userId: string): Promise<number | null> {
  return (await db().users.get(userId))?.lastSyncedAt ?? null;
}

/** Keeps the newest time a sync finished, so an offline reload still knows it. */
export async function recordLastSynced(userId: string, at: number): Promise<void> {
  await db().transaction('rw', db().users, async () => {
    const stored = await db().users.get(userId);
    if (!stored || stored.lastSyncedAt < at) await db().users.put({ userId, lastSyncedAt: at });
  });
}

/** The user has dismissed what the server replaced: the notice goes. */
export async function dismissConflict(seq: number): Promise<void> {
  await db().conflicts.delete(seq);
}
