/**
 * A schema change upgrades the documents a device already holds instead of wiping them: the
 * database opens with the migration plugin, and a collection at version 1 runs its strategy over
 * the version-0 documents on first open.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { expect, it } from 'vitest';
import { cartItemId, COLLECTIONS } from '@/db/collections/index.ts';
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

it('cart lines stored under the old readable key are re-keyed with the opaque one, nothing else changed', async () => {
  const storage = getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange });
  // The collection as version 0 stored it: `<owner>:<line key in hex>`.
  const v0 = await createRxDatabase({ name: 'cart-key-test', storage: wrappedValidateAjvStorage({ storage }), multiInstance: false });
  await v0.addCollections({ cart_items: { schema: { ...COLLECTIONS.cart_items.schema, version: 0 } as never } });
  const userId = crypto.randomUUID();
  const lineId = '1:Color=Black';
  const at = '2026-11-27T10:00:00.000Z';
  const line = { user_id: userId, line_id: lineId, product_id: 1, variant: 'Color=Black', name: 'Opener', price: 299, image: null, quantity: 2, added_at: at, created_at: at, updated_at: at };
  const oldId = `${userId}:${Buffer.from(lineId).toString('hex')}`;
  await v0.cart_items!.insert({ id: oldId, ...line });
  await v0.close();

  const v1 = await createAppDatabase({ name: 'cart-key-test', storage, collections: ['cart_items'], multiInstance: false });
  const docs = (await v1.cart_items!.find().exec()).map((doc) => doc.toJSON());
  expect(docs).toEqual([{ id: cartItemId(userId, lineId), ...line }]);
  expect(docs[0]!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(await v1.cart_items!.findOne(oldId).exec()).toBeNull();
  await v1.remove();
});
