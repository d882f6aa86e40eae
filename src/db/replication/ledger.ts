import type { RxCollection } from 'rxdb';
import { getAssumedMasterState, writeDocToDocState } from 'rxdb';
import { deepEqual } from 'rxdb/plugins/utils';
import type { CollectionSpec } from '../collections/index.ts';
import { writeKey, type PendingWrite, type SyncDatabase, type WriteError } from '../sync/sync-db.ts';
import type { Echo } from './echo.ts';
import type { CollectionReplication, PushRow } from './replicate.ts';
import { forgetSent } from './sent.ts';

/**
 * The sync center's list of row writes the server has not accepted yet. Every local write of a
 * replicated collection (in any tab) records an entry through RxDB's post-write hooks, which run
 * for writes made in this app and not for documents the replication brings in. The leader tab
 * settles entries whose document the replication has pushed.
 */
export function recordLocalWrites(
  collection: RxCollection,
  spec: CollectionSpec<{ id: string }>,
  sync: SyncDatabase,
  userId: string,
): void {
  const record = (op: PendingWrite['op']) => (data: Record<string, unknown>) => {
    void notePending(sync, { userId, collection: spec.name, docId: String(data.id), op, label: spec.label(data as never) });
  };
  collection.postInsert(record('insert'), true);
  collection.postSave(record('update'), true);
  collection.postRemove(record('delete'), true);
}

async function notePending(
  sync: SyncDatabase,
  write: Pick<PendingWrite, 'userId' | 'collection' | 'docId' | 'op' | 'label'>,
): Promise<void> {
  const now = Date.now();
  const key = writeKey(write.collection, write.docId);
  await sync.transaction('rw', sync.pending, async () => {
    const existing = await sync.pending.get(key);
    // An insert the server has not seen stays an insert whatever happens to the document next.
    const op = existing?.op === 'insert' ? 'insert' : write.op;
    await sync.pending.put({ ...write, key, op, createdAt: existing?.createdAt ?? now, updatedAt: now, state: 'pending' });
  });
}

/**
 * Gives every row a push is about to send an entry when it has none. A write's entry is stored
 * after the write, in another database, and RxDB does not wait for it (an incremental write runs
 * its post-save hooks without awaiting them), so a page closed between the two left a write the
 * sync center did not list and sign-out would discard without a warning. RxDB pushes every local
 * change again on the next load, online or not; that push restores the entry. An entry already
 * there (pending, or failed and being retried) is left as it is.
 */
export async function notePushing(sync: SyncDatabase, userId: string, spec: CollectionSpec<{ id: string }>, rows: PushRow[]): Promise<void> {
  if (rows.length === 0) return;
  const now = Date.now();
  const keys = rows.map((row) => writeKey(spec.name, String(row.newDocumentState.id)));
  await sync.transaction('rw', sync.pending, async () => {
    const existing = await sync.pending.bulkGet(keys);
    const unlisted = rows.flatMap((row, index): PendingWrite[] => {
      if (existing[index]) return [];
      const doc = row.newDocumentState;
      const op = doc._deleted ? 'delete' : row.assumedMasterState ? 'update' : 'insert';
      return [{ key: keys[index]!, userId, collection: spec.name, docId: String(doc.id), op, label: spec.label(doc as never), createdAt: now, updatedAt: now, state: 'pending' }];
    });
    if (unlisted.length > 0) await sync.pending.bulkPut(unlisted);
  });
}

/** How long a write settled by Retry or Discard outranks a refusal of a push made before it. */
const SETTLED_MS = 5 * 60_000;

/** A document's fields as sent, for comparing two states of it (replication metadata left out). */
const sentState = (doc: Record<string, unknown>) => ({
  ...Object.fromEntries(Object.entries(doc).filter(([key]) => !key.startsWith('_'))),
  _deleted: Boolean(doc._deleted),
});

/**
 * A write the server refused for good: set aside as failed, with what was sent. Not when the user
 * has just settled that same state of the document with Retry or Discard: that refusal answers a
 * push already in flight when they did, and the write is on the server (Retry) or gone from the
 * device (Discard). A later state refused (changed again after the Retry) is a new failure. A
 * refused write with no entry at all (a page closed between the write and its entry, or an entry
 * settled by a read-back that raced the refusal) is still recorded.
 */
export async function noteRefused(
  sync: SyncDatabase,
  refused: { userId: string; collection: string; docId: string; op: PendingWrite['op']; label: string; doc: Record<string, unknown>; error: WriteError },
): Promise<void> {
  const now = Date.now();
  const key = writeKey(refused.collection, refused.docId);
  await sync.transaction('rw', sync.pending, sync.settled, async () => {
    const existing = await sync.pending.get(key);
    const settled = await sync.settled.get(key);
    const sameState = !settled?.doc || deepEqual(sentState(settled.doc), sentState(refused.doc));
    if (!existing && settled && now - settled.at < SETTLED_MS && sameState) return;
    await sync.pending.put({
      key,
      userId: refused.userId,
      collection: refused.collection,
      docId: refused.docId,
      op: existing?.op === 'insert' ? 'insert' : refused.op,
      label: refused.label,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
      state: 'failed',
      error: refused.error,
      doc: refused.doc,
    });
  });
}

/**
 * Retry delivered the write, or Discard dropped it: its entry goes, and is marked settled with the
 * document as it was sent or dropped (see noteRefused).
 */
export async function noteSettled(sync: SyncDatabase, entry: Pick<PendingWrite, 'key' | 'userId'>, doc?: Record<string, unknown>): Promise<void> {
  const now = Date.now();
  await sync.transaction('rw', sync.pending, sync.settled, async () => {
    await sync.pending.delete(entry.key);
    await sync.settled.where('userId').equals(entry.userId).filter((marker) => now - marker.at >= SETTLED_MS).delete();
    await sync.settled.put({ key: entry.key, userId: entry.userId, at: now, ...(doc ? { doc } : {}) });
  });
}

/**
 * Removes the pending entries of documents whose current state on this device is what the server
 * last accepted (the replication's "assumed master state"), once the server's version of them is
 * on the device (`echo`). A write made after that push keeps its entry: the states differ until it
 * is pushed too. What was sent of a settled document is forgotten with its entry (sent.ts).
 */
export async function settlePending(
  sync: SyncDatabase,
  spec: CollectionSpec<{ id: string }>,
  replication: CollectionReplication,
  echo: Pick<Echo, 'confirm'>,
  userId: string,
): Promise<void> {
  const internal = replication.internalReplicationState;
  if (!internal) return;
  const entries = (await sync.pending.where('userId').equals(userId).toArray()).filter(
    (entry) => entry.collection === spec.name && entry.state === 'pending',
  );
  if (entries.length === 0) return;
  const ids = entries.map((entry) => entry.docId);
  await internal.streamQueue.up;
  const checkedAt = Date.now();
  const [assumed, forkDocs] = await Promise.all([getAssumedMasterState(internal, ids), internal.input.forkInstance.findDocumentsById(ids, true)]);
  const forkById = new Map(forkDocs.map((doc) => [String((doc as unknown as { id: unknown }).id), doc]));
  const isEqual = internal.input.conflictHandler.isEqual;
  const settled = entries.filter((entry) => {
    const master = assumed[entry.docId];
    const fork = forkById.get(entry.docId);
    if (!master || !fork) return false;
    return isEqual(master.docData, writeDocToDocState(fork, internal.hasAttachments, !!internal.input.keepMeta), 'settle-pending');
  });
  if (settled.length === 0 || !(await echo.confirm(settled.map((entry) => entry.docId)))) return;
  await sync.transaction('rw', sync.pending, sync.sent, async () => {
    const done: string[] = [];
    for (const entry of settled) {
      const current = await sync.pending.get(entry.key);
      // A write recorded while this check ran belongs to a newer state: keep it.
      if (current && current.state === 'pending' && current.updatedAt === entry.updatedAt) {
        await sync.pending.delete(entry.key);
        done.push(entry.docId);
      }
    }
    await forgetSent(sync, spec.name, done, checkedAt);
  });
}
