import { syncDb, type SyncDatabase } from './sync-db.ts';

/**
 * How many of a user's changes wait on this device to be sent: replicated writes not yet accepted
 * (pending or set aside as failed) and queued calls. Read for a user who is not signed in (their
 * session ended), so it opens nothing but the sync database.
 */
export async function countUnsent(userId: string, db: SyncDatabase = syncDb()): Promise<number> {
  const [writes, calls] = await Promise.all([db.pending.where('userId').equals(userId).count(), db.outbox.where('userId').equals(userId).count()]);
  return writes + calls;
}
