/**
 * The replication's record of a row a pull inserted is read off the row instead of stored
 * (src/db/derived-records.ts). What RxDB reads and pushes must be what it would have stored.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createRxDatabase, normalizeMangoQuery, prepareQuery, type RxCollection, type RxReplicationWriteToMasterRow } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { afterEach, expect, it } from 'vitest';
import { COLLECTIONS, type Device } from '@/db/collections/index.ts';
import { createAppDatabase, dexieStorage, type AppDatabase } from '@/db/database.ts';
import { withDerivedReplicationRecords } from '@/db/derived-records.ts';

type ServerRow = Device & { _deleted: boolean };
type Replication = RxReplicationState<Device, { version: number }> & { serverChanged(): void };

const opened: Array<{ remove(): Promise<unknown> }> = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.remove();
});

function serverRow(name: string): ServerRow {
  const at = new Date().toISOString();
  return { id: crypto.randomUUID(), user_id: crypto.randomUUID(), name, device_type: 'indoor_unit', location: null, serial_number: null, status: 'offline', firmware_version: null, last_seen: null, created_at: at, updated_at: at, _deleted: false };
}

/** A server as RxDB's replication sees it: the rows of `server`, pulled in one page after `since`. */
function replicate(collection: RxCollection<Device>, server: Map<string, ServerRow>, pushed: RxReplicationWriteToMasterRow<Device>[]): Replication {
  let version = 1;
  const replication = replicateRxCollection<Device, { version: number }>({
    collection,
    replicationIdentifier: 'derived-records-test',
    // Live, so the replication stays open between the steps of a test (no stream: reSync pulls).
    live: true,
    waitForLeadership: false,
    pull: {
      handler: async (checkpoint) => (checkpoint && checkpoint.version >= version ? { documents: [], checkpoint } : { documents: [...server.values()], checkpoint: { version } }),
    },
    push: {
      handler: async (rows) => {
        pushed.push(...rows);
        return [];
      },
    },
  });
  return Object.assign(replication, {
    serverChanged: () => {
      version++;
    },
  });
}

async function storedRecords(replication: Replication): Promise<string[]> {
  const meta = replication.metaInstance!;
  const { documents } = await meta.query(prepareQuery(meta.schema, normalizeMangoQuery(meta.schema, {})));
  return documents.filter((row) => row.isCheckpoint === '0').map((row) => row.itemId);
}

async function assumed(replication: Replication, id: string): Promise<unknown> {
  const [record] = await replication.metaInstance!.findDocumentsById([`${id}|0`], true);
  return record?.docData;
}

async function appDatabase(name: string, factory = new IDBFactory()): Promise<AppDatabase> {
  const db = await createAppDatabase({ name, storage: dexieStorage({ indexedDB: factory, IDBKeyRange }), collections: ['devices'], multiInstance: false });
  opened.push(db);
  return db;
}

it("stores no record for the rows of a first sync, reads each off its row, and pushes an edit against the server's row", async () => {
  const db = await appDatabase(`derived-${Date.now()}`);
  const rows = [serverRow('North door'), serverRow('South door'), serverRow('Shed')];
  const server = new Map(rows.map((row) => [row.id, row]));
  const pushed: RxReplicationWriteToMasterRow<Device>[] = [];
  const replication = replicate(db.devices!, server, pushed);
  await replication.awaitInitialReplication();

  expect(await storedRecords(replication)).toEqual([]);
  expect(await assumed(replication, rows[1]!.id)).toEqual(rows[1]);

  const doc = await db.devices!.findOne(rows[1]!.id).exec();
  await doc!.incrementalPatch({ name: 'South gate' });
  await doc!.getLatest().incrementalPatch({ location: 'Drive' });
  await replication.awaitInSync();

  // The first push goes against the row as pulled; a second (the edits may go one by one) against the first.
  expect(pushed[0]!.assumedMasterState).toEqual(rows[1]);
  expect(pushed.at(-1)!.newDocumentState).toMatchObject({ id: rows[1]!.id, name: 'South gate', location: 'Drive' });
  // From the push on, the record is stored, as RxDB stores it.
  expect(await storedRecords(replication)).toEqual([rows[1]!.id]);
  expect(await assumed(replication, rows[1]!.id)).toMatchObject({ name: 'South gate', location: 'Drive' });
  await replication.cancel();
});

it('stores the record of a row a later pull changes, and an unchanged row stays equal to its record', async () => {
  const db = await appDatabase(`derived-update-${Date.now()}`);
  const [first, second] = [serverRow('North door'), serverRow('Shed')];
  const server = new Map([first, second].map((row) => [row.id, row]));
  const pushed: RxReplicationWriteToMasterRow<Device>[] = [];
  const replication = replicate(db.devices!, server, pushed);
  await replication.awaitInitialReplication();

  const renamed = { ...first, name: 'North gate', updated_at: new Date(Date.now() + 1000).toISOString() };
  server.set(first.id, renamed);
  replication.serverChanged();
  replication.reSync();
  await replication.awaitInSync();

  expect((await db.devices!.findOne(first.id).exec())!.name).toBe('North gate');
  expect(await storedRecords(replication)).toEqual([first.id]);
  expect(await assumed(replication, first.id)).toEqual(renamed);
  expect(await assumed(replication, second.id)).toEqual(second);
  expect(pushed).toEqual([]);
  await replication.cancel();
});

it('a schema version keeps what the records read off the rows say', async () => {
  const factory = new IDBFactory();
  const name = `derived-migration-${Date.now()}`;
  const v0 = await appDatabase(name, factory);
  const row = serverRow('Garage');
  const server = new Map([[row.id, row]]);
  const pushed: RxReplicationWriteToMasterRow<Device>[] = [];
  const before = replicate(v0.devices!, server, pushed);
  await before.awaitInitialReplication();
  await before.cancel();
  opened.pop();
  await v0.close();

  // The next version, as schema-migration.test.ts builds it, on the app's storage stack.
  const base = COLLECTIONS.devices.schema;
  const next = base.version + 1;
  const storage = wrappedValidateAjvStorage({ storage: withDerivedReplicationRecords(dexieStorage({ indexedDB: factory, IDBKeyRange })) });
  const v1 = await createRxDatabase<{ devices: RxCollection<Device> }>({ name, storage, multiInstance: false });
  opened.push(v1);
  await v1.addCollections({
    devices: { schema: { ...base, version: next } as never, migrationStrategies: { ...COLLECTIONS.devices.migrationStrategies, [next]: (doc: Device) => doc } },
  });
  const after = replicate(v1.devices, server, pushed);
  await after.awaitInitialReplication();
  expect(await assumed(after, row.id)).toEqual(row);

  await (await v1.devices.findOne(row.id).exec())!.incrementalPatch({ name: 'Garage, migrated' });
  await after.awaitInSync();
  expect(pushed.map((each) => each.assumedMasterState)).toEqual([row]);
  await after.cancel();
});
