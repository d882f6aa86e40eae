/**
 * A schema change upgrades the documents a device already holds instead of wiping them: the
 * database opens with the migration plugin, and a collection at version 1 runs its strategy over
 * the version-0 documents on first open.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { expect, it } from 'vitest';
import { COLLECTIONS } from '@/db/collections/index.ts';
import { createAppDatabase } from '@/db/database.ts';
import { createRxDatabase } from 'rxdb';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';

it('a version bump migrates stored devices', async () => {
  const storage = getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange });
  const v0 = await createAppDatabase({ name: 'migration-test', storage, collections: ['devices'], multiInstance: false });
  const at = new Date().toISOString();
  await v0.devices!.insert({ id: crypto.randomUUID(), user_id: crypto.randomUUID(), name: 'Garage', device_type: 'indoor_unit', location: null, serial_number: null, status: 'offline', firmware_version: null, last_seen: null, created_at: at, updated_at: at });
  await v0.close();

  // The next version adds a field derived from the old ones (plugins were added by createAppDatabase).
  const base = COLLECTIONS.devices.schema;
  const next = base.version + 1;
  const v1Schema = { ...base, version: next, properties: { ...base.properties, display: { type: 'string' } } };
  // Dev mode (on in tests) requires a validating storage, as createAppDatabase sets up.
  const v1 = await createRxDatabase({ name: 'migration-test', storage: wrappedValidateAjvStorage({ storage }), multiInstance: false });
  await v1.addCollections({
    devices: {
      schema: v1Schema as never,
      migrationStrategies: { ...COLLECTIONS.devices.migrationStrategies, [next]: (doc: { name: string; location: string | null }) => ({ ...doc, display: `${doc.name} (${doc.location ?? 'no location'})` }) },
    },
  });
  const docs = await v1.devices!.find().exec();
  expect(docs.map((doc) => doc.toJSON())).toEqual([expect.objectContaining({ name: 'Garage', display: 'Garage (no location)' })]);
  await v1.remove();
});
