import type { RxCollection } from 'rxdb';
import { getAssumedMasterState } from 'rxdb';
import type { CollectionSpec } from '../collections/index.ts';
import type { CollectionReplication } from './replicate.ts';
import type { RestClient } from './rest.ts';
import { emitFromServer } from './emit.ts';

const CHUNK = 100;

/**
 * Removes from this device the rows the user may no longer read. A checkpoint pull only returns
 * rows the user can read now, so a row that leaves their view (an article unpublished or deleted,
 * a category switched off, a ticket no longer theirs) would otherwise stay on the device forever.
 * The ids kept here are compared with what the server returns for them; each missing one is fed to
 * the replication as a deletion from the server, so it is removed here and nothing is pushed.
 * Documents the server has never seen (written offline, not yet pushed), and documents with a
 * pending or failed write, are left alone.
 */
export async function reconcileVisibility(
  collection: RxCollection,
  spec: CollectionSpec<{ id: string }>,
  replication: CollectionReplication,
  rest: RestClient,
  /** Documents with a write in the sync center (pending or failed): the user decides about them. */
  skip: ReadonlySet<string> = new Set(),
): Promise<number> {
  const internal = replication.internalReplicationState;
  if (!internal) return 0;
  const pullOnly = !replication.push;
  const local = (await collection.find().exec()).map((doc) => doc.toMutableJSON(true) as Record<string, unknown> & { id: string });
  let removed = 0;
  for (let start = 0; start < local.length; start += CHUNK) {
    const chunk = local.slice(start, start + CHUNK);
    const ids = chunk.map((doc) => doc.id);
    // A pull-only replication (orders; a customer's articles) has nothing written on the device:
    // RxDB keeps no assumed master states for it, and every document came from the server.
    const assumed = pullOnly ? null : await getAssumedMasterState(internal, ids);
    const known = chunk.filter((doc) => (pullOnly || assumed?.[doc.id]) && !skip.has(doc.id));
    if (known.length === 0) continue;
    const { data, error } = await rest
      .from(spec.name)
      .select('id')
      .in(
        'id',
        known.map((doc) => doc.id),
      );
    if (error) throw error;
    const visible = new Set((data as { id: string }[]).map((row) => row.id));
    const gone = known.filter((doc) => !visible.has(doc.id));
    if (gone.length === 0) continue;
    removed += gone.length;
    emitFromServer(replication, gone.map((doc) => ({ ...doc, _deleted: true })));
  }
  return removed;
}
