import { writeKey, type SyncDatabase } from '../sync/sync-db.ts';

/**
 * What this device has sent of each document, kept until the write settles (see SentWrite and
 * merge.ts): a push whose answer was lost leaves RxDB's record of the server's version behind,
 * and the next push would otherwise take the server's row, changed by that very push, for a
 * rival's change and let it win over the user's later edits.
 */

/** States kept per document: pushes are serial per collection, so one or two are in doubt. */
const KEPT = 3;

/** Records the states a push is about to send; resolves once stored, before the push leaves. */
export async function noteSending(sync: SyncDatabase, userId: string, collection: string, docs: Record<string, unknown>[]): Promise<void> {
  if (docs.length === 0) return;
  const at = Date.now();
  await sync.transaction('rw', sync.sent, async () => {
    const keys = docs.map((doc) => writeKey(collection, String(doc.id)));
    const existing = await sync.sent.bulkGet(keys);
    await sync.sent.bulkPut(
      docs.map((doc, index) => ({ key: keys[index]!, userId, at, states: [...(existing[index]?.states ?? []), doc].slice(-KEPT) })),
    );
  });
}

/** The states of a document this device sent in pushes not known to have settled. */
export async function sentStates(sync: SyncDatabase, collection: string, docId: string): Promise<Record<string, unknown>[]> {
  return (await sync.sent.get(writeKey(collection, docId)))?.states ?? [];
}

/**
 * Forgets what was sent of documents whose write has settled (the device holds the server's
 * version of what it last pushed), unless something was sent after `checkedAt`, when that was
 * found: a push of a newer state is in doubt again.
 */
export async function forgetSent(sync: SyncDatabase, collection: string, docIds: string[], checkedAt: number): Promise<void> {
  const keys = docIds.map((docId) => writeKey(collection, docId));
  await sync.transaction('rw', sync.sent, async () => {
    const records = await sync.sent.bulkGet(keys);
    const done = records.filter((record) => record !== undefined && record.at < checkedAt).map((record) => record!.key);
    if (done.length > 0) await sync.sent.bulkDelete(done);
  });
}
