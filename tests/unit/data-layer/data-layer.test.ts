/**
 * The app's data layer lifecycle (src/app/data/data-layer.ts) over real RxDB databases: nothing
 * opens before the first paint, another user's database is closed before theirs opens, sign-out
 * closes and removes, a sign-out while opening leaves nothing open, and a failed open can retry.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataLayer } from '@/app/data/data-layer.ts';
import { removeForUser } from '@/app/data/open.ts';
import { COLLECTIONS } from '@/db/collections/index.ts';
import { createAppDatabase, userDatabaseName } from '@/db/database.ts';
import type { UserData } from '@/db/session.ts';
import { userDataStore } from '@/db/user-data-store.ts';
import { expectConsoleError } from '../support/console.ts';
import { order, resetUserData } from './support.ts';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

// The app's real names and storage (Dexie over this test's global fake-indexeddb).
async function openReal(userId: string): Promise<UserData> {
  const db = await createAppDatabase({ name: userDatabaseName(userId), collections: ['orders'], multiInstance: false });
  return { db, userId, close: () => db.close().then(() => undefined) } as unknown as UserData;
}
const databases = async () => (await indexedDB.databases()).map((d) => d.name ?? '').filter((name) => name.startsWith('rxdb-dexie-garage-'));
const until = async (cond: () => boolean) => {
  for (let i = 0; i < 400 && !cond(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(cond()).toBe(true);
};

const layers: ReturnType<typeof createDataLayer>[] = [];

function layer(open: (userId: string) => Promise<UserData> = openReal) {
  const opened: UserData[] = [];
  const removed: string[] = [];
  const l = createDataLayer({
    open: async (userId) => {
      const data = await open(userId);
      opened.push(data);
      return data;
    },
    remove: async (userId) => {
      await removeForUser(userId);
      removed.push(userId);
    },
  });
  layers.push(l);
  return { l, opened, removed };
}

afterEach(async () => {
  // Each layer closes what it opened (as sign-out does) before the databases are deleted.
  for (const l of layers.splice(0)) await l.purge(null);
  resetUserData();
  for (const userId of [A, B]) await removeForUser(userId);
});

describe('data layer lifecycle', () => {
  it('says "opening" at sign-in but opens nothing before start (the first paint)', async () => {
    const { l, opened } = layer();
    l.want(A);
    expect(userDataStore.getState()).toMatchObject({ userId: A, status: 'opening', data: null });
    await new Promise((r) => setTimeout(r, 50));
    expect(opened).toHaveLength(0);
    l.start();
    await until(() => userDataStore.getState().status === 'ready');
    expect(userDataStore.getState().data?.userId).toBe(A);
  });

  it("closes one user's database before another user's opens", async () => {
    const { l, opened } = layer();
    l.start();
    l.want(A);
    await until(() => userDataStore.getState().status === 'ready');
    l.want(B);
    expect(userDataStore.getState()).toMatchObject({ userId: B, status: 'opening', data: null });
    await until(() => userDataStore.getState().status === 'ready');
    expect(opened.map((d) => d.userId)).toEqual([A, B]);
    expect(opened[0]!.db.closed).toBe(true);
    expect(opened[1]!.db.closed).toBe(false);
  });

  it('sign-out closes the database and removes it (and the IndexedDB databases named after the user) from the device', async () => {
    const { l, opened, removed } = layer();
    l.start();
    l.want(A);
    await until(() => userDataStore.getState().status === 'ready');
    await opened[0]!.db.orders!.insert(order(A));
    expect(await databases()).toContain(`rxdb-dexie-${userDatabaseName(A)}--${COLLECTIONS.orders.schema.version}--orders`);
    l.want(null);
    expect(userDataStore.getState()).toMatchObject({ userId: null, status: 'idle', data: null });
    await l.purge(A);
    expect(opened[0]!.db.closed).toBe(true);
    expect(removed).toEqual([A]);
    expect(await databases()).toEqual([]);
  });

  it('a second removal (supabase-js says "signed out" after the app has removed it) creates nothing of the user again', async () => {
    // RxDB's removal opens the database's internal store to list its collections: run again after
    // the IndexedDB databases were deleted, it made that store anew, and a page closed before the
    // deletion that follows left it on the device, named after the user (an e2e run caught it).
    const { l } = layer();
    l.start();
    l.want(A);
    await until(() => userDataStore.getState().status === 'ready');
    await l.purge(A);
    expect(await databases()).toEqual([]);
    const opened: string[] = [];
    const open = indexedDB.open.bind(indexedDB);
    const spy = vi.spyOn(indexedDB, 'open').mockImplementation((name: string, version?: number) => {
      opened.push(name);
      return open(name, version);
    });
    try {
      await l.purge(A);
      await removeForUser(A);
    } finally {
      spy.mockRestore();
    }
    expect(opened.filter((name) => name.includes(A))).toEqual([]);
    expect(await databases()).toEqual([]);
  });

  it('a sign-out while the database is still opening leaves nothing open or stored', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let opening = false;
    const { l, opened, removed } = layer(async (userId) => {
      opening = true;
      const data = await openReal(userId);
      await gate;
      return data;
    });
    l.start();
    l.want(A);
    await until(() => opening);
    const purged = l.purge(A);
    release();
    await purged;
    expect(opened[0]!.db.closed).toBe(true);
    expect(removed).toEqual([A]);
    expect(userDataStore.getState()).toMatchObject({ userId: null, status: 'idle', data: null });
    expect(await databases()).toEqual([]);
  });

  it('a failed open is reported with a retry that opens it again', async () => {
    const logged = expectConsoleError();
    let fail = true;
    const { l } = layer(async (userId) => {
      if (fail) throw new DOMException('The user denied permission to access the database.', 'UnknownError');
      return openReal(userId);
    });
    l.start();
    l.want(A);
    await until(() => userDataStore.getState().status === 'failed');
    expect(logged).toHaveBeenCalledWith('Opening the data on this device failed', expect.any(DOMException));
    fail = false;
    userDataStore.getState().retry!();
    expect(userDataStore.getState().status).toBe('opening');
    await until(() => userDataStore.getState().status === 'ready');
  });
});
