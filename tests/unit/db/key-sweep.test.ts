import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keySweep } from '@/db/key-sweep.ts';

// The key sweep answers getMany as Dexie would, row for row, with fewer requests: checked against
// plain Dexie on the same stored rows, with IndexedDB's own `get` counted.

let counter = 0;
const opened: Dexie[] = [];

async function tables(rows: Array<{ id: string; n: number }>) {
  const indexedDB = new IDBFactory();
  const name = `sweep-${++counter}`;
  const open = async (sweep: boolean) => {
    const db = new Dexie(name, { indexedDB, IDBKeyRange });
    if (sweep) db.use(keySweep);
    db.version(1).stores({ docs: 'id' });
    await db.open();
    opened.push(db);
    return db.table<{ id: string; n: number }, string>('docs');
  };
  const plain = await open(false);
  await plain.bulkPut(rows);
  return { plain, swept: await open(true) };
}

const ids = (count: number, prefix = '') => Array.from({ length: count }, (_, i) => `${prefix}${String(i * 7919 % count).padStart(5, '0')}`);
const gets = () => vi.spyOn(IDBObjectStore.prototype, 'get');

afterEach(() => {
  vi.restoreAllMocks();
  for (const db of opened.splice(0)) db.close();
});

describe('key sweep (getMany)', () => {
  it('answers a batch of keys none of which is stored without one get per key', async () => {
    const { swept } = await tables(ids(50, 'old-').map((id, n) => ({ id, n })));
    const spy = gets();
    const asked = ids(200, 'new-');
    expect(await swept.bulkGet(asked)).toEqual(asked.map(() => undefined));
    expect(spy).not.toHaveBeenCalled();
  });

  it('answers stored, missing and repeated keys in the order asked, as plain Dexie does, getting only the stored ones', async () => {
    const stored = ids(300).filter((_, i) => i % 3 !== 0).map((id, n) => ({ id, n }));
    const { plain, swept } = await tables(stored);
    const asked = [...ids(300).slice(0, 120), 'zzz-missing', ...ids(300).slice(0, 5)];
    const expected = await plain.bulkGet(asked);
    const spy = gets();
    expect(await swept.bulkGet(asked)).toEqual(expected);
    expect(expected.filter(Boolean).length).toBeGreaterThan(50);
    const storedIds = new Set(stored.map((row) => row.id));
    expect(spy).toHaveBeenCalledTimes(asked.filter((id) => storedIds.has(id)).length);
  });

  it('falls back to one get per key when the keys are spread over a much larger table, with the same answer', async () => {
    const stored = ids(2000).map((id, n) => ({ id, n }));
    const { plain, swept } = await tables(stored);
    // 40 keys from all over the table: their range holds far more than four keys per key asked.
    const asked = ids(2000).filter((_, i) => i % 50 === 0);
    const expected = await plain.bulkGet(asked);
    const spy = gets();
    expect(await swept.bulkGet(asked)).toEqual(expected);
    expect(spy).toHaveBeenCalledTimes(asked.length);
  });

  it('leaves a few keys to plain gets', async () => {
    const { swept } = await tables([{ id: 'a', n: 1 }]);
    const spy = gets();
    expect(await swept.bulkGet(['a', 'b'])).toEqual([{ id: 'a', n: 1 }, undefined]);
    expect(spy).toHaveBeenCalledTimes(2);
  });
});
