import {
  getHeightOfRevision,
  getPrimaryFieldOfPrimaryKey,
  META_INSTANCE_SCHEMA_TITLE,
  writeDocToDocState,
  type BulkWriteRow,
  type RxDocumentData,
  type RxStorage,
  type RxStorageBulkWriteResponse,
  type RxStorageInstance,
  type RxStorageInstanceCreationParams,
} from 'rxdb';

/**
 * A replication keeps, per row, the server's version it last saw (RxDB's "assumed master state",
 * a record in the replication's own store). It is what tells a local edit from a server change,
 * and what a push sends as the edit's base. A first sync writes every pulled row twice, once as the
 * row and once inside that record: 20,000 IndexedDB writes for 10,000 devices, a third of the sync.
 *
 * Until the device edits it, a pulled row *is* the server's version. So the record of a row a pull
 * *inserted* is not stored; it is read off the row:
 * - each row a pull writes is marked with the revision it got (`_meta.pulled`); while the row keeps
 *   that revision, the record is the row (RxDB's own mark, `_meta.o`, is dropped on inserts);
 * - the first local write to such a row keeps that version in the row itself (`_meta.server`), in
 *   the same write, in whichever tab makes it; later local writes carry it on.
 * A stored record always wins. Records for anything else (a pull's update of a row, every push,
 * conflict resolutions, checkpoints) are stored as before, so what is derived is exactly what
 * RxDB would have stored, and nothing it stores is lost. A migration copies rows with their `_meta`
 * and revision (keepMeta), so the records read off them survive a schema version too.
 */

/** The context RxDB gives the rows a pull writes (`replication-downstream-<checkpoint key>`). */
const PULL_WRITE = 'replication-downstream-';
/** The context of the records written after them. */
const PULL_RECORDS = 'replication-down-write-meta';
/** The app's replications; a migration's own records ('rx-migration-state-meta-…') are left alone. */
const RECORDS_PREFIX = 'rx-replication-meta-';
/** A record made up from its row has no stored revision; RxDB only reads a revision's height. */
const DERIVED_REV = '1-derived';

type Row = RxDocumentData<Record<string, unknown>>;
type Instance = RxStorageInstance<Row, unknown, unknown>;
type ServerState = Record<string, unknown>;

interface RecordDoc extends Row {
  id: string;
  itemId: string;
  isCheckpoint: '0' | '1';
  docData?: ServerState;
}

interface Fork {
  instance: Instance;
  /** Rows the last pull write inserted: their records need not be stored. */
  inserted: Set<string>;
}

/** Records made up here: a write that names one as `previous` is an insert to the store. */
const derived = new WeakSet<object>();

export function withDerivedReplicationRecords<Internals, Options>(storage: RxStorage<Internals, Options>): RxStorage<Internals, Options> {
  // Per database: the collections' instances by schema, which is all a record store is told of them.
  const forks = new Map<string, Map<string, Fork[]>>();
  return Object.assign({}, storage, {
    async createStorageInstance(params: RxStorageInstanceCreationParams<unknown, Options>) {
      const instance = (await storage.createStorageInstance(params)) as unknown as Instance;
      const byKey = forks.get(params.databaseName) ?? new Map<string, Fork[]>();
      forks.set(params.databaseName, byKey);
      if (params.schema.title === META_INSTANCE_SCHEMA_TITLE) {
        const docData = (params.schema.properties as Record<string, { properties?: unknown }>).docData;
        const candidates = byKey.get(schemaKey(params.schema.version, docData?.properties)) ?? [];
        // Two collections of one shape, or none found: the records are all stored, as RxDB does.
        const fork = candidates.length === 1 ? candidates[0] : undefined;
        return params.collectionName.startsWith(RECORDS_PREFIX) && fork ? recordStore(instance, fork) : instance;
      }
      // RxDB's own stores (`_rxdb_internal`, a migration's records) hold no pulled rows.
      if (params.collectionName.startsWith('_rxdb') || params.collectionName.startsWith('rx-')) return instance;
      const fork: Fork = { instance, inserted: new Set() };
      const key = schemaKey(params.schema.version, params.schema.properties);
      byKey.set(key, [...(byKey.get(key) ?? []), fork]);
      const [write, close, remove] = [instance.bulkWrite.bind(instance), instance.close.bind(instance), instance.remove.bind(instance)];
      const forget = () => byKey.set(key, (byKey.get(key) ?? []).filter((entry) => entry !== fork));
      return Object.assign(instance, {
        bulkWrite: (rows: BulkWriteRow<Row>[], context: string) => forkWrite(fork, write, rows, context),
        close: () => (forget(), close()),
        remove: () => (forget(), remove()),
      });
    },
  }) as RxStorage<Internals, Options>;
}

function schemaKey(version: number, properties: unknown): string {
  return `${version}:${JSON.stringify(properties)}`;
}

/** The server's version a row stands for, where the row knows it. */
function serverState(row: Row): ServerState | undefined {
  if (row._meta.pulled === getHeightOfRevision(row._rev)) return writeDocToDocState(row, false, false);
  return row._meta.server as ServerState | undefined;
}

/** A pulled row, marked as the server's version at the revision it is written with. */
function markPulled(row: BulkWriteRow<Row>): BulkWriteRow<Row> {
  const { document } = row;
  return { ...row, document: { ...document, _meta: { ...document._meta, pulled: getHeightOfRevision(document._rev) } } };
}

async function forkWrite(fork: Fork, write: Instance['bulkWrite'], rows: BulkWriteRow<Row>[], context: string): Promise<RxStorageBulkWriteResponse<Row>> {
  const primaryPath = getPrimaryFieldOfPrimaryKey(fork.instance.schema.primaryKey) as string;
  const idOf = (row: BulkWriteRow<Row>) => row.document[primaryPath] as string;
  if (context.startsWith(PULL_WRITE)) {
    fork.inserted.clear();
    const result = await write(rows.map(markPulled), context);
    const failed = new Set(result.error.map((error) => error.documentId));
    for (const row of rows) if (!row.previous && !failed.has(idOf(row))) fork.inserted.add(idOf(row));
    return result;
  }
  for (const row of rows) fork.inserted.delete(idOf(row));
  // RxDB's caches may hand over a `previous` without the marks this storage added: the stored row
  // has them (and a write whose `previous` is not the stored revision fails as a conflict anyway).
  const unknown = rows.filter((row) => row.previous && !serverState(row.previous)).map(idOf);
  const stored = new Map((unknown.length > 0 ? await fork.instance.findDocumentsById(unknown, true) : []).map((row) => [row[primaryPath] as string, row]));
  return write(rows.map((row) => keepServerState(row, stored.get(idOf(row)))), context);
}

/** A local write to a row keeps the server's version the row stood for (see above). */
function keepServerState(row: BulkWriteRow<Row>, stored: Row | undefined): BulkWriteRow<Row> {
  const { previous, document } = row;
  if (!previous) return row;
  const kept = serverState(previous) ?? (stored?._rev === previous._rev ? serverState(stored) : undefined);
  if (!kept || document._meta.server === kept) return row;
  return { ...row, document: { ...document, _meta: { ...document._meta, server: kept as never } } };
}

function recordStore(records: Instance, fork: Fork): Instance {
  const find = records.findDocumentsById.bind(records);
  const write = records.bulkWrite.bind(records);
  return Object.assign(records, {
    async findDocumentsById(ids: string[], withDeleted: boolean): Promise<Row[]> {
      const stored = (await find(ids, withDeleted)) as RecordDoc[];
      const found = new Set(stored.map((record) => record.id));
      const missing = ids.filter((id) => !found.has(id) && id.endsWith('|0')).map((id) => id.slice(0, -2));
      if (missing.length === 0) return stored;
      const rows = await fork.instance.findDocumentsById(missing, true);
      const primaryPath = getPrimaryFieldOfPrimaryKey(fork.instance.schema.primaryKey) as string;
      for (const row of rows) {
        const docData = serverState(row);
        if (docData) stored.push(derivedRecord(row[primaryPath] as string, docData, row._meta.lwt));
      }
      return stored;
    },
    async bulkWrite(rows: BulkWriteRow<RecordDoc>[], context: string): Promise<RxStorageBulkWriteResponse<Row>> {
      const inserted = context === PULL_RECORDS ? new Set(fork.inserted) : new Set<string>();
      if (context === PULL_RECORDS) fork.inserted.clear();
      const kept = rows
        .filter((row) => !(row.document.isCheckpoint === '0' && (!row.previous || derived.has(row.previous)) && inserted.has(row.document.itemId)))
        .map((row) => (row.previous && derived.has(row.previous) ? { document: row.document } : row));
      return kept.length > 0 ? write(kept as BulkWriteRow<Row>[], context) : { error: [] };
    },
  });
}

function derivedRecord(itemId: string, docData: ServerState, lwt: number): RecordDoc {
  const record: RecordDoc = {
    id: `${itemId}|0`,
    itemId,
    isCheckpoint: '0',
    docData,
    _deleted: false,
    _rev: DERIVED_REV,
    _meta: { lwt },
    _attachments: {},
  };
  derived.add(record);
  return record;
}
