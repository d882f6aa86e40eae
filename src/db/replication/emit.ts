import type { CollectionReplication } from './replicate.ts';

/**
 * Hands documents to the replication as if the server had sent them (written here without being
 * pushed back). Each event needs a checkpoint, which RxDB stores: the pull's current one is
 * passed, so the pull goes on from where it was. Before the first pull has stored one there is
 * nothing to pass — an empty checkpoint would be stored and make every later pull ask for
 * `_modified > undefined` — so nothing is emitted and false is returned; the first pull brings
 * the server's rows anyway.
 */
export function emitFromServer(replication: CollectionReplication, documents: Record<string, unknown>[]): boolean {
  const checkpoint = replication.internalReplicationState?.lastCheckpointDoc.down?.checkpointData;
  if (!checkpoint || documents.length === 0) return false;
  replication.emitEvent({ documents: documents as never, checkpoint });
  return true;
}
