/**
 * No request can hang the data layer: a push or pull left unanswered, or a read-back after a push,
 * ends at its deadline and is retried after the backoff, with nothing lost and nothing
 * duplicated; an attempt whose request ignores its deadline is given up by the watchdog; "Sync
 * now" starts a stuck attempt again at once; and a push made while the session has no token is
 * neither sent as anon nor set aside as refused. The deadlines here are short (the app's is 15 s).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { syncStatus } from '@/db/sync/status.ts';
import { describeEngines, startTestStack, type TestStack } from '../support/stack.ts';
import { CUSTOMER, simDevice, waitUntil, type SimDevice, type SimDeviceOptions } from './support/device.ts';

const DEADLINE_MS = 600;
const RETRY_S = 0.3;
/** Room for a loaded machine (CI runs engines and files side by side) to answer the retry. */
const SLACK_MS = 5_000;
/** Deadline + backoff + slack. */
const RECOVERY_MS = DEADLINE_MS + RETRY_S * 1000 + SLACK_MS;

const now = () => new Date().toISOString();
function newDevice(name: string) {
  const at = now();
  return { id: crypto.randomUUID(), user_id: CUSTOMER, name, device_type: 'indoor_unit' as const, location: null, serial_number: null, status: 'offline' as const, firmware_version: null, last_seen: null, created_at: at, updated_at: at };
}

const isPost = (url: string, init?: RequestInit) => init?.method === 'POST' && url.includes('/rest/v1/devices');

describeEngines('deadlines: no request can hang the data layer', (engine) => {
  let t: TestStack;
  const open: SimDevice[] = [];
  beforeAll(async () => {
    t = await startTestStack({ engine });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    for (const device of open.splice(0)) await device.close();
  });

  async function device(options: Partial<SimDeviceOptions> = {}): Promise<SimDevice> {
    const d = await simDevice(t, { userId: CUSTOMER, collections: ['devices'], requestTimeoutMs: DEADLINE_MS, retryTime: RETRY_S, ...options });
    open.push(d);
    await d.data.syncNow();
    return d;
  }
  const rowsWithId = async (id: string) => (await t.db.query<{ name: string }>(`select name from public.devices where id = '${id}'`)).rows;
  /** Waits until both rows are on the server, once each, and the device holds no write; the time it took. */
  async function delivered(d: SimDevice, ids: string[], since: number, withinMs = RECOVERY_MS): Promise<number> {
    await waitUntil('delivered', async () => (await Promise.all(ids.map(rowsWithId))).every((rows) => rows.length === 1) && (await d.sync.pending.count()) === 0, withinMs);
    const took = Date.now() - since;
    for (const id of ids) expect(await rowsWithId(id)).toHaveLength(1);
    expect(await d.sync.conflicts.count()).toBe(0);
    return took;
  }

  describe('a hung push', () => {
    it('a POST never answered: that write and a later one are delivered after the deadline, once', async () => {
      const d = await device();
      d.hangs.push('request');
      const [first, second] = [newDevice('Hung push'), newDevice('After the hung push')];
      const since = Date.now();
      await d.data.db.devices!.insert(first);
      await waitUntil('the POST is hanging', () => d.hangs.length === 0);
      await d.data.db.devices!.insert(second);
      const took = await delivered(d, [first.id, second.id], since);
      console.info(`[deadlines ${engine}] hung POST: delivered after ${took} ms (deadline ${DEADLINE_MS} ms, retry ${RETRY_S * 1000} ms)`);
      expect(took).toBeGreaterThanOrEqual(DEADLINE_MS);
    });

    it('a POST the server committed whose answer never came: the retry adds no second row and reports no conflict', async () => {
      const d = await device();
      d.hangs.push('answer');
      const doc = newDevice('Committed, answer lost');
      const since = Date.now();
      await d.data.db.devices!.insert(doc);
      await waitUntil('committed on the server', async () => (await rowsWithId(doc.id)).length === 1);
      const took = await delivered(d, [doc.id], since);
      console.info(`[deadlines ${engine}] POST committed, answer hung: settled after ${took} ms`);
      const local = await d.data.db.devices!.findOne(doc.id).exec();
      expect(local?.name).toBe('Committed, answer lost');
    });

    it('a read-back after a push that hangs: the push is tried again and the missing row set aside', async () => {
      const d = await device();
      const doc = newDevice('Removed on the server');
      await d.data.db.devices!.insert(doc);
      await delivered(d, [doc.id], Date.now());
      // The row goes on the server; the device's rename then matches nothing and the guard asks
      // whether the row still exists: that question hangs once.
      await t.db.query(`delete from public.devices where id = '${doc.id}'`);
      let lookups = 0;
      d.holdRequest = (url, init) => {
        if ((init?.method ?? 'GET') !== 'GET' || !url.includes(`select=id&id=eq.${doc.id}`)) return undefined;
        lookups += 1;
        return lookups === 1 ? new Promise<void>(() => {}) : undefined;
      };
      const since = Date.now();
      await (await d.data.db.devices!.findOne(doc.id).exec())!.incrementalPatch({ name: 'Renamed' });
      await waitUntil('set aside as gone', async () => (await d.sync.pending.where('state').equals('failed').count()) === 1, RECOVERY_MS);
      console.info(`[deadlines ${engine}] hung read-back: settled after ${Date.now() - since} ms`);
      expect(lookups).toBeGreaterThanOrEqual(2);
      expect((await d.sync.pending.toArray())[0]).toMatchObject({ docId: doc.id, error: { code: 'PGRST116' } });
      const later = newDevice('After the hung read-back');
      await d.data.db.devices!.insert(later);
      await waitUntil('the collection still pushes', async () => (await rowsWithId(later.id)).length === 1, RECOVERY_MS);
    });
  });

  it('a hung pull: the server change arrives after the deadline, without another resync', async () => {
    const d = await device();
    const replication = d.data.replications.get('devices')!;
    const doc = newDevice('Added on the server');
    await t.db.query(`insert into public.devices (id, user_id, name, device_type) values ('${doc.id}', '${CUSTOMER}', '${doc.name}', 'indoor_unit')`);
    d.hangs.push('request');
    const since = Date.now();
    replication.reSync();
    await waitUntil('pulled', async () => (await d.data.db.devices!.findOne(doc.id).exec()) !== null, RECOVERY_MS);
    const took = Date.now() - since;
    console.info(`[deadlines ${engine}] hung pull GET: change arrived after ${took} ms`);
    expect(took).toBeGreaterThanOrEqual(DEADLINE_MS);
    expect(await d.data.db.devices!.count({ selector: { id: doc.id } }).exec()).toBe(1);
  });

  it('a request that ignores its deadline: the watchdog gives the attempt up and the write is delivered', async () => {
    const d = await device();
    d.ignoreAbort = true;
    d.hangs.push('request');
    const doc = newDevice('Behind a deaf request');
    const since = Date.now();
    await d.data.db.devices!.insert(doc);
    const took = await delivered(d, [doc.id], since, 2 * DEADLINE_MS + RETRY_S * 1000 + SLACK_MS);
    console.info(`[deadlines ${engine}] request ignoring its deadline: delivered after ${took} ms (watchdog ${2 * DEADLINE_MS} ms)`);
    expect(took).toBeGreaterThanOrEqual(2 * DEADLINE_MS);
  });

  it('"Sync now" starts a stuck push again at once, long before its deadline', async () => {
    const d = await device({ requestTimeoutMs: 60_000 });
    let heldSince = 0;
    d.holdRequest = (url, init) => {
      if (!isPost(url, init) || heldSince) return undefined;
      heldSince = Date.now();
      return new Promise<void>(() => {});
    };
    const doc = newDevice('Sent again by Sync now');
    await d.data.db.devices!.insert(doc);
    await waitUntil('stuck for 2 s', () => heldSince > 0 && Date.now() - heldSince >= 2_000, 10_000);
    const since = Date.now();
    await d.data.syncNow(10_000);
    const took = await delivered(d, [doc.id], since);
    console.info(`[deadlines ${engine}] Sync now on a stuck push: delivered ${took} ms after the click`);
    expect(took).toBeLessThan(5_000);
  });

  it('a dropped Realtime socket: realtime-js reconnects and rejoins, and the rejoin pulls what was committed meanwhile', async () => {
    const d = await device({ live: true });
    const replication = d.data.replications.get('devices')!;
    await waitUntil('subscription live', () => replication.isLive(), 10_000);
    // As a connection lost without a close frame (ws in Node: terminate).
    const socket = (d.client!.realtime as unknown as { socketAdapter: { getSocket(): { conn: { terminate(): void } | null } } }).socketAdapter.getSocket();
    socket.conn!.terminate();
    await waitUntil('no longer live', () => !replication.isLive(), 5_000);
    const doc = newDevice('Committed while the socket was down');
    await t.db.query(`insert into public.devices (id, user_id, name, device_type) values ('${doc.id}', '${CUSTOMER}', '${doc.name}', 'indoor_unit')`);
    await waitUntil('pulled after the rejoin', async () => (await d.data.db.devices!.findOne(doc.id).exec()) !== null, 10_000);
    expect(replication.isLive()).toBe(true);
  });

  it('a server that never answers: past the deadline the indicator says what failed, not "syncing", while the retry waits', async () => {
    const d = await device({ retryTime: 3 });
    d.holdRequest = (url, init) => (isPost(url, init) ? new Promise<void>(() => {}) : undefined);
    const doc = newDevice('Waiting for a server that hangs');
    await d.data.db.devices!.insert(doc);
    await waitUntil('syncing', () => syncStatus.getState().active);
    await waitUntil('failed at the deadline, waiting to retry', () => !syncStatus.getState().active && syncStatus.getState().lastError !== null, 2_500);
    expect(syncStatus.getState().lastError).toMatch(/no answer within/);
    expect(await d.sync.pending.toArray()).toMatchObject([{ docId: doc.id, state: 'pending' }]);
    d.holdRequest = undefined;
    await d.data.syncNow(5_000);
    await delivered(d, [doc.id], Date.now());
    await waitUntil('up to date', () => !syncStatus.getState().active && syncStatus.getState().lastError === null);
  });

  it('a push while the session has no token is neither sent nor set aside, and is delivered once a token is back', async () => {
    const d = await device();
    const replication = d.data.replications.get('devices')!;
    const token = d.token;
    d.token = null;
    const posts: string[] = [];
    d.holdRequest = (url, init) => {
      if (isPost(url, init)) posts.push(url);
      return undefined;
    };
    let failures = 0;
    const counting = replication.error$.subscribe(() => (failures += 1));
    const doc = newDevice('Written while the token expired');
    await d.data.db.devices!.insert(doc);
    await waitUntil('tried three times', () => failures >= 3, 10_000);
    counting.unsubscribe();
    expect(posts).toEqual([]);
    expect(await d.sync.pending.toArray()).toMatchObject([{ docId: doc.id, state: 'pending' }]);
    d.token = token;
    await delivered(d, [doc.id], Date.now());
    expect(posts).toHaveLength(1);
  });
});
