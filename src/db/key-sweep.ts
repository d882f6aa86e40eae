import { cmp, type DBCore, type DBCoreGetManyRequest, type DBCoreRangeType, type DBCoreTable, type Middleware } from 'dexie';

/** Below this many keys, one `get` per key is cheap enough. */
const SWEEP_FROM = 32;
/** A sweep reads at most this many keys per key asked for, then gives up (see below). */
const SWEEP_SPAN = 4;
// DBCoreRangeType.Range: a const enum, which isolated modules cannot read from Dexie's types.
const RANGE = 2 as DBCoreRangeType;

/**
 * Dexie's getMany asks IndexedDB for one row per key: a request and a success event each. RxDB
 * reads every row of a write that way four times (the pulled rows in the collection and in the
 * replication's records, then again as each of the two writes starts), and on a first sync all of
 * them miss. This reads the keys between the smallest and the greatest asked for in one request
 * (keys only, no rows), then `get`s only the keys that are there: a first sync of 10,000 rows makes
 * a few dozen key reads instead of 40,000 gets.
 *
 * The sweep is bounded: where the range holds more than SWEEP_SPAN keys per key asked for (a few
 * changed rows of a large table, spread over its whole key range), it stops there and the keys are
 * read one by one as before, at the cost of that bounded key read.
 */
export const keySweep: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'garage-key-sweep',
  create: (down) => ({
    ...down,
    table: (name) => {
      const table = down.table(name);
      return { ...table, getMany: (request) => sweepingGetMany(table, request) };
    },
  }),
};

async function sweepingGetMany(table: DBCoreTable, request: DBCoreGetManyRequest): Promise<unknown[]> {
  const { keys } = request;
  if (keys.length < SWEEP_FROM || table.schema.primaryKey.compound || !keys.every((key) => typeof key === 'string')) return table.getMany(request);
  const sorted = [...(keys as string[])].sort(cmp);
  const limit = keys.length * SWEEP_SPAN;
  const { result: stored } = await table.query({
    trans: request.trans,
    values: false,
    limit,
    query: { index: table.schema.primaryKey, range: { type: RANGE, lower: sorted[0], upper: sorted[sorted.length - 1] } },
  });
  if (stored.length >= limit) return table.getMany(request);
  const present = new Set(stored as string[]);
  const found = keys.filter((key) => present.has(key as string));
  if (found.length === 0) return keys.map(() => undefined);
  const rows = await table.getMany({ ...request, keys: found });
  const byKey = new Map(found.map((key, index) => [key, rows[index]]));
  return keys.map((key) => byKey.get(key));
}
