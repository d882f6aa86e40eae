import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { RxStorage } from 'rxdb';
import { replicateRxCollection } from 'rxdb/plugins/replication';
import { afterEach, expect, it } from 'vitest';
import { createAppDatabase, dexieStorage, type AppDatabase } from '@/db/database.ts';

// A database shared by tabs posts each write of its collections to the other tabs; a
// replication's records (read by the replicating tab only) are kept to the tab that writes them.

let db: AppDatabase | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

it("opens a replication's records for this tab only, and the collections for every tab", async () => {
  const opened: Array<{ collectionName: string; multiInstance: boolean }> = [];
  const dexie = dexieStorage({ indexedDB: new IDBFactory(), IDBKeyRange });
  const storage: RxStorage<unknown, unknown> = {
    ...dexie,
    createStorageInstance: (params) => {
      opened.push({ collectionName: params.collectionName, multiInstance: params.multiInstance });
      return dexie.createStorageInstance(params);
    },
  };
  db = await createAppDatabase({ name: `records-${Date.now()}`, storage, collections: ['devices'], multiInstance: true });
  const replication = replicateRxCollection({
    collection: db.devices!,
    replicationIdentifier: 'records-test',
    live: false,
    waitForLeadership: false,
    pull: { handler: () => Promise.resolve({ documents: [], checkpoint: null }) },
  });
  await replication.awaitInitialReplication();
  await replication.cancel();

  expect(opened).toContainEqual({ collectionName: 'devices', multiInstance: true });
  const records = opened.filter((entry) => entry.collectionName.startsWith('rx-replication-meta-'));
  expect(records).toHaveLength(1);
  expect(records[0]!.multiInstance).toBe(false);
});
