import Dexie, { type EntityTable } from 'dexie';
import { SYNC_DB_NAME } from './stored.ts';

/**
 * What the sync center lists, kept on this device in one small Dexie database that every tab
 * shares (dexie-react-hooks' useLiveQuery makes it live in each tab). RxDB holds the rows
 * themselves; this database holds the bookkeeping about writes that have not reached the server.
 */

/** Who made an entry: a signed-in user's id, or GUEST for a visitor (the newsletter form). */
export const GUEST = 'guest';

export interface WriteError {
  /** Postgres/PostgREST code when the server answered (42501, 23514, PGRST…), else 'network'. */
  code: string;
  message: string;
}

/**
 * A row write made on this device (an RxDB document inserted, changed or deleted) that the server
 * has not yet accepted. One entry per document: a second edit before the push updates the entry.
 * 'failed' means the server refused it for good (RLS, a check, a deleted parent): the write is
 * set aside (other documents keep syncing) until the user retries or discards it.
 */
export interface PendingWrite {
  /** `${collection}:${docId}` */
  key: string;
  userId: string;
  collection: string;
  docId: string;
  op: 'insert' | 'update' | 'delete';
  /** What it is, for people: "Device 'Garage left'", "Message on 'Door stuck'". */
  label: string;
  createdAt: number;
  updatedAt: number;
  state: 'pending' | 'failed';
  error?: WriteError;
  /** The document as it was pushed (kept for a failed write, so Retry can send it again). */
  doc?: Record<string, unknown>;
}

/**
 * A call to a server function queued on this device (a helpful vote, an article view, a
 * newsletter subscription). `id` is the idempotency key the server records, so delivering the
 * same entry twice (an answer lost on a dropped connection) applies it once.
 */
export interface OutboxEntry {
  id: string;
  userId: string;
  kind: string;
  args: Record<string, unknown>;
  label: string;
  createdAt: number;
  state: 'pending' | 'failed';
  attempts: number;
  error?: WriteError;
}

/**
 * A write the user settled from the sync center (Retry sent it, Discard dropped it). Kept for a
 * few minutes, so that a push of the same document already in flight, refused after that, is
 * known as stale rather than set aside as a new failure.
 */
export interface SettledWrite {
  /** `${collection}:${docId}`, as its PendingWrite's. */
  key: string;
  userId: string;
  at: number;
  /** The document as Retry sent it or Discard dropped it (server-shaped); absent in older records. */
  doc?: Record<string, unknown>;
}

/**
 * States of a document this device has sent to the server in a push that may not have been
 * answered. Written before the push leaves, so a page closed while it was on the way still knows
 * afterwards: when the next push meets a server row equal to one of them, the server "moved on"
 * only by this device's own write (see merge.ts), not by a rival one.
 */
export interface SentWrite {
  /** `${collection}:${docId}`, as its PendingWrite's. */
  key: string;
  userId: string;
  /** When the newest of them was sent (ms since epoch). */
  at: number;
  /** The last few states sent (server-shaped, as pushed), oldest first. */
  states: Record<string, unknown>[];
}

/** A write of this device that lost to a newer server version (the server wins). */
export interface ConflictRecord {
  seq?: number;
  userId: string;
  collection: string;
  docId: string;
  label: string;
  at: number;
  /** The fields this device had changed, with the values it wanted (now replaced). */
  mine: Record<string, unknown>;
  /** The same fields as the server has them (what the user now sees). */
  theirs: Record<string, unknown>;
  /**
   * When the user first saw it in the sync center; until then the header points to it. Kept here
   * rather than in memory, so a reload does not bring back a notice already seen.
   */
  seenAt?: number;
}

/** What this device knows of a user's sync as a whole, kept across reloads. */
export interface UserSyncState {
  userId: string;
  /** When every replication last finished a full pull and push, in any tab (ms since epoch). */
  lastSyncedAt: number;
}

export class SyncDatabase extends Dexie {
  pending!: EntityTable<PendingWrite, 'key'>;
  outbox!: EntityTable<OutboxEntry, 'id'>;
  conflicts!: EntityTable<ConflictRecord, 'seq'>;
  settled!: EntityTable<SettledWrite, 'key'>;
  users!: EntityTable<UserSyncState, 'userId'>;
  sent!: EntityTable<SentWrite, 'key'>;

  constructor(name = SYNC_DB_NAME, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    this.version(1).stores({
      pending: 'key, userId, state, createdAt',
      outbox: 'id, userId, state, createdAt',
      conflicts: '++seq, userId, at',
    });
    this.version(2).stores({ settled: 'key, userId' });
    this.version(3).stores({ users: 'userId' });
    this.version(4).stores({ sent: 'key, userId' });
  }
}

/** The key of a document's records (pending, settled, sent): `${collection}:${docId}`. */
export const writeKey = (collection: string, docId: string): string => `${collection}:${docId}`;

let instance: SyncDatabase | undefined;

/** The device's sync bookkeeping database (opened on first use). */
export function syncDb(): SyncDatabase {
  return (instance ??= new SyncDatabase());
}

/** Tests: use another database (e.g. one per simulated device, over its own fake-indexeddb). */
export function setSyncDb(db: SyncDatabase | undefined): void {
  instance = db;
}

/** Sign-out: nothing of the user's stays on the device. */
export async function purgeUserSyncData(db: SyncDatabase, userId: string): Promise<void> {
  await db.transaction('rw', [db.pending, db.outbox, db.conflicts, db.settled, db.users, db.sent], async () => {
    await db.users.delete(userId);
    await db.sent.where('userId').equals(userId).delete();
    await db.pending.where('userId').equals(userId).delete();
    await db.settled.where('userId').equals(userId).delete();
    await db.outbox.where('userId').equals(userId).delete();
    await db.conflicts.where('userId').equals(userId).delete();
  });
}
