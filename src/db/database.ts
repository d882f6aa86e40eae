import { addRxPlugin, createRxDatabase, type RxCollection, type RxConflictHandler, type RxDatabase, type RxStorage } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import {
  COLLECTIONS,
  COLLECTION_NAMES,
  type AccessPermission,
  type AppNotification,
  type CartItemDoc,
  type CollectionName,
  type Device,
  type DeviceEvent,
  type KbArticle,
  type Order,
  type SupportCategory,
  type SupportMessage,
  type SupportTicket,
} from './collections/index.ts';
import { withDerivedReplicationRecords } from './derived-records.ts';
import { keySweep } from './key-sweep.ts';
import { withLocalReplicationRecords } from './local-records.ts';
import { withOrderedCheckpoints } from './ordered-checkpoints.ts';

addRxPlugin(RxDBLeaderElectionPlugin);
addRxPlugin(RxDBMigrationSchemaPlugin);

export interface AppCollections {
  devices: RxCollection<Device>;
  access_permissions: RxCollection<AccessPermission>;
  device_events: RxCollection<DeviceEvent>;
  orders: RxCollection<Order>;
  notifications: RxCollection<AppNotification>;
  support_tickets: RxCollection<SupportTicket>;
  support_messages: RxCollection<SupportMessage>;
  kb_articles: RxCollection<KbArticle>;
  support_categories: RxCollection<SupportCategory>;
  cart_items: RxCollection<CartItemDoc>;
}

export type AppDatabase = RxDatabase<Partial<AppCollections>>;

export interface DatabaseOptions {
  name: string;
  /** Defaults to Dexie over the browser's IndexedDB; tests pass one over fake-indexeddb. */
  storage?: RxStorage<unknown, unknown>;
  /** Which collections to open (all by default); a test with several devices in one process opens few. */
  collections?: readonly CollectionName[];
  /** Tabs share one database and elect one leader to replicate; a test's simulated devices do not. */
  multiInstance?: boolean;
  conflictHandler?: (name: CollectionName) => RxConflictHandler<unknown> | undefined;
}

// Collections set up together when a database opens (see createAppDatabase).
const OPEN_GROUP = 3;

/** RxDB database names: lower-case letters, digits, `_`, `$`, `-`, starting with a letter. */
export function userDatabaseName(userId: string): string {
  return `garage-${userId.toLowerCase().replace(/[^a-z0-9-]/g, '')}`;
}

/** RxDB's Dexie storage as the app uses it: reading many rows by key in a few requests (key-sweep.ts). */
export function dexieStorage(settings: Parameters<typeof getRxStorageDexie>[0] = {}): RxStorage<unknown, unknown> {
  return getRxStorageDexie({ ...settings, onCreate: (db) => void db.use(keySweep) });
}

export async function createAppDatabase(options: DatabaseOptions): Promise<AppDatabase> {
  const storage = await developmentStorage(withOrderedCheckpoints(withDerivedReplicationRecords(withLocalReplicationRecords(options.storage ?? dexieStorage()))));
  const db: AppDatabase = await createRxDatabase<Partial<AppCollections>>({
    name: options.name,
    storage,
    multiInstance: options.multiInstance ?? true,
    // A second open of the same name in this process (sign-out and in again) closes the first.
    closeDuplicates: true,
  });
  const names = options.collections ?? COLLECTION_NAMES;
  const creator = (name: CollectionName) => {
    const spec = COLLECTIONS[name];
    const conflictHandler = options.conflictHandler?.(name);
    return [name, { schema: spec.schema, migrationStrategies: spec.migrationStrategies, ...(conflictHandler ? { conflictHandler } : {}) }] as const;
  };
  // A few collections at a time, each group in tasks of its own: RxDB finishes a group in one
  // chain of promise callbacks, and with all ten in one group that chain is a long task that blocks
  // the page (input, rendering) while it opens. One group after the other: groups opening side by
  // side finish in the same tasks again.
  for (let from = 0; from < names.length; from += OPEN_GROUP) {
    if (from > 0) await new Promise((resolve) => setTimeout(resolve, 0));
    await db.addCollections(Object.fromEntries(names.slice(from, from + OPEN_GROUP).map(creator)));
  }
  return db;
}

/**
 * In development the storage validates every document against its schema (RxDB's dev mode
 * requires it); production builds skip both, so ajv and the dev-mode checks never ship.
 */
async function developmentStorage(storage: RxStorage<unknown, unknown>): Promise<RxStorage<unknown, unknown>> {
  if (!import.meta.env.DEV) return storage;
  const [{ RxDBDevModePlugin, disableWarnings }, { wrappedValidateAjvStorage }] = await Promise.all([
    import('rxdb/plugins/dev-mode'),
    import('rxdb/plugins/validate-ajv'),
  ]);
  disableWarnings();
  addRxPlugin(RxDBDevModePlugin);
  return wrappedValidateAjvStorage({ storage });
}
