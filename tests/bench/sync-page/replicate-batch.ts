/**
 * Stands in for src/db/replication/replicate.ts in the bench page's build only (see the Vite
 * plugin in ../sync-bench.ts): the same replication, with the pull batch size the page chose,
 * so the benchmark can compare batch sizes without an option the product does not need.
 */
import type { RxCollection } from 'rxdb';
import type { CollectionSpec } from '@/db/collections/index.ts';
import { replicateCollection as replicateProduct, type ReplicateOptions } from '@/db/replication/replicate.ts';

export type { CollectionReplication, RealtimeLike, ReplicateOptions } from '@/db/replication/replicate.ts';

export const benchPull: { batchSize?: number } = {};

export function replicateCollection(collection: RxCollection, spec: CollectionSpec<{ id: string }>, options: ReplicateOptions) {
  return replicateProduct(collection, spec, benchPull.batchSize ? { ...options, batchSize: benchPull.batchSize } : options);
}
