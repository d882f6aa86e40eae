import type { RxCollection } from 'rxdb';
import { getAssumedMasterState, writeDocToDocState } from 'rxdb';
import type { CollectionSpec } from '../collections/index.ts';
import type { PendingWrite, SyncDatabase, WriteError } from '../sync/sync-db.ts';
import type { Echo } from './echo.ts';
import type { CollectionReplication } from './replicate.ts';

/**
 * The sync center's list of row writes the server has not accepted yet. Every local write of a
 * replicated collection (in any tab) records an entry through RxDB's post-write hooks, which run
 * for writes made in this app and not for documents the replication brings in. The leader tab
 * settles entries whose document the replication has pushed.
 */
const keyOf = (collection: string, docId: string) => `${collection}:${docId}`;

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
  const key = keyOf(write.collection, write.docId);
  await sync.transaction('rw', sync.pending, async () => {
    const existing = await sync.pending.get(key);
    // An insert the server has not seen stays an insert whatever happens to the document next.
    const op = existing?.op === 'insert' ? 'insert' : write.op;
    await sync.pending.put({ ...write, key, op, createdAt: existing?.createdAt ?? now, updatedAt: now, state: 'pending' });
  });
}

/**
 * A write the server refused for good: set aside as failed, with what was sent. Only while the
 * write still has its entry: one settled meanwhile by Retry or Discard (a push in flight when the
 * user pressed it) is not brought back. Every local write records its entry the moment it is
 * stored, well before its push could come back refused.
 */
export async function noteRefused(
  sync: SyncDatabase,
  refused: { userId: string; collection: string; docId: string; op: PendingWrite['op']; label: string; doc: Record<string, unknown>; error: WriteError },
): Promise<void> {
  const now = Date.now();
  const key = keyOf(refused.collection, refused.docId);
  await sync.transaction('rw', sync.pending, async () => {
    const existing = await sync.pending.get(key);
    if (!existing) return;
    await sync.pending.put({
      key,
      userId: refused.userId,
      collection: refused.collection,
      docId: refused.docId,
      op: existing.op === 'insert' ? 'insert' : refused.op,
      label: refused.label,
      createdAt: existing.createdAt,
      updatedAt: now,
      state: 'failed',
      error: refused.error,
      doc: refused.doc,
    });
  });
}

/**
 * Removes the pending entries of documents whose current state on this device is what the server
 * last accepted (the replication's "assumed master state"), once the server's version of them is
 * on the device (`echo`). A write made after that push keeps its entry: the states differ until it
 * is pushed too.
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
  await sync.transaction('rw', sync.pending, async () => {
    for (const entry of settled) {
      const current = await sync.pending.get(entry.key);
      // A write recorded while this check ran belongs to a newer state: keep it.
      if (current && current.state === 'pending' && current.updatedAt === entry.updatedAt) await sync.pending.delete(entry.key);
    }
  });
}
