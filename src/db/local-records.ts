import type { RxStorage } from 'rxdb';

/** RxDB names the store of a replication's records (checkpoints, last known server rows) so. */
const RECORDS_PREFIX = 'rx-replication-meta-';

/**
 * A storage opened for several tabs posts every write's rows to the other tabs (a BroadcastChannel
 * message, cloned as it is sent). A replication's records are read by the tab that replicates only
 * (the leader) and read from storage again by the next one, so their writes are not posted: a
 * first sync of 10,000 rows no longer clones 10,000 records, each holding a whole row, for no
 * reader. The collections themselves still reach every tab.
 */
export function withLocalReplicationRecords<Internals, Options>(storage: RxStorage<Internals, Options>): RxStorage<Internals, Options> {
  return Object.assign({}, storage, {
    createStorageInstance(params: Parameters<RxStorage<Internals, Options>['createStorageInstance']>[0]) {
      const local = params.collectionName.startsWith(RECORDS_PREFIX);
      return storage.createStorageInstance(local ? { ...params, multiInstance: false } : params);
    },
  });
}
