/**
 * The data layer's replication against the real stack: pulls scoped by RLS, offline writes pushed
 * on reconnect, a write the server refuses set aside while the rest sync, and the server winning
 * conflicts field by field.
 */
import { createRevision, getChangedDocumentsSince, getLastCheckpointDoc, normalizeMangoQuery, now as rxNow, prepareQuery } from 'rxdb';
import { filter, firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { describeEngines } from '../support/stack.ts';
import { CUSTOMER, CUSTOMER_2, SUPPORT, deviceSuite, simDevice, waitUntil, type SimDevice } from './support/device.ts';

const now = () => new Date().toISOString();

function newDevice(userId: string, name: string) {
  const at = now();
  return { id: crypto.randomUUID(), user_id: userId, name, device_type: 'indoor_unit' as const, location: null, serial_number: null, status: 'offline' as const, firmware_version: null, last_seen: null, created_at: at, updated_at: at };
}

/** The replication's records stored for a collection (rows' records and checkpoints alike). */
async function storedRecords(device: SimDevice, name: 'kb_articles' | 'devices') {
  const meta = device.data.replications.get(name)!.metaInstance!;
  return (await meta.query(prepareQuery(meta.schema, normalizeMangoQuery(meta.schema, {})))).documents;
}

/**
 * Deletes the replication's records of the rows the server holds, and its push checkpoint, as
 * when a page closed after RxDB wrote pulled rows but before it wrote their records (two separate
 * writes). The pull checkpoint stays, so the next load meets those rows on the push side first.
 */
async function forgetReplicationRecords(device: SimDevice, name: 'kb_articles'): Promise<string[]> {
  const meta = device.data.replications.get(name)!.metaInstance!;
  const forgotten = (await storedRecords(device, name)).filter((row) => row.isCheckpoint === '0' || row.itemId === 'up');
  await meta.bulkWrite(
    forgotten.map((previous) => ({ previous, document: { ...previous, _deleted: true, _rev: createRevision(device.data.db.token, previous), _meta: { lwt: rxNow() } } })),
    'test-forget-records',
  );
  // RxDB reads a deleted record as a record; purge them, as if never written.
  await meta.cleanup(0);
  return forgotten.map((row) => row.itemId);
}

describeEngines('data layer replication', (engine) => {
  const suite = deviceSuite(engine);
  const device = (userId: string, collections: Parameters<typeof suite.device>[1] = ['devices', 'access_permissions']) => suite.device(userId, collections);

  it("pulls exactly the customer's own devices", async () => {
    const a = await device(CUSTOMER);
    const mine = await suite.t.db.query<{ id: string }>(`select id from public.devices where user_id = '${CUSTOMER}' and not _deleted order by id`);
    const local = await a.data.db.devices!.find({ sort: [{ id: 'asc' }] }).exec();
    expect(local.map((d) => d.id)).toEqual(mine.rows.map((r) => r.id));
    expect(local.every((d) => d.user_id === CUSTOMER)).toBe(true);
  });

  it('pushes a write made offline once the device is back online', async () => {
    const a = await device(CUSTOMER);
    a.online = false;
    const doc = newDevice(CUSTOMER, 'Offline garage');
    await a.data.db.devices!.insert(doc);
    await waitUntil('pending entry', async () => (await a.sync.pending.count()) === 1);
    expect((await a.sync.pending.toArray())[0]).toMatchObject({ state: 'pending', op: 'insert', label: "Device 'Offline garage'" });
    await new Promise((r) => setTimeout(r, 500));
    a.online = true;
    await a.data.syncNow();
    await waitUntil('server row', async () => (await suite.t.db.query(`select 1 from public.devices where id = '${doc.id}'`)).rows.length === 1);
    await waitUntil('settled', async () => (await a.sync.pending.count()) === 0);
  });

  it('sets a refused write aside within 10 s and keeps syncing the others', async () => {
    const a = await device(CUSTOMER);
    const started = Date.now();
    // The check constraint refuses an access code that is not 6 upper-case letters/digits.
    const [existing] = await a.data.db.devices!.find().exec();
    const at = now();
    await a.data.db.access_permissions!.insert({ id: crypto.randomUUID(), user_id: CUSTOMER, device_id: existing!.id, permission_type: 'guest', access_code: 'bad', granted_to_name: null, granted_to_email: null, expires_at: null, max_usage: null, usage_count: 0, is_active: true, created_at: at, updated_at: at });
    const good = newDevice(CUSTOMER, 'After the refused one');
    await a.data.db.devices!.insert(good);
    await waitUntil('refused recorded', async () => (await a.sync.pending.where('state').equals('failed').count()) === 1);
    expect(Date.now() - started).toBeLessThan(10_000);
    const [failed] = await a.sync.pending.where('state').equals('failed').toArray();
    expect(failed).toMatchObject({ collection: 'access_permissions', op: 'insert', error: { code: '23514' } });
    await waitUntil('good row', async () => (await suite.t.db.query(`select 1 from public.devices where id = '${good.id}'`)).rows.length === 1);
    // Discard: the document the server never had leaves the device.
    await a.data.discardWrite(failed!);
    await waitUntil('discarded locally', async () => (await a.data.db.access_permissions!.findOne(failed!.docId).exec()) === null);
    await waitUntil('nothing pending', async () => (await a.sync.pending.count()) === 0);
  });

  it("cannot write another customer's device, and says so", async () => {
    const b = await device(CUSTOMER_2);
    const doc = { ...newDevice(CUSTOMER, 'Not mine') };
    await b.data.db.devices!.insert(doc);
    await waitUntil('refused', async () => (await b.sync.pending.where('state').equals('failed').count()) === 1);
    expect((await suite.t.db.query(`select 1 from public.devices where id = '${doc.id}'`)).rows).toHaveLength(0);
  });

  it('staff edit an article (a text[] column) and the write settles', async () => {
    const staff = await device(SUPPORT, ['kb_articles']);
    const [article] = await staff.data.db.kb_articles!.find().exec();
    await article!.incrementalPatch({ title: 'Edited on a tablet', tags: ['door', 'say "hi", {braces}'] });
    await waitUntil('on the server', async () => {
      const row = (await suite.t.db.query<{ title: string; tags: string[] }>(`select title, tags from public.kb_articles where id = '${article!.id}'`)).rows[0];
      return row?.title === 'Edited on a tablet' && row.tags.length === 2 && row.tags[1] === 'say "hi", {braces}';
    });
    await waitUntil('settled', async () => (await staff.sync.pending.count()) === 0);
    // A second edit right after is not mistaken for a conflict.
    await article!.getLatest().incrementalPatch({ title: 'Edited twice' });
    await waitUntil('second edit', async () => (await suite.t.db.query<{ title: string }>(`select title from public.kb_articles where id = '${article!.id}'`)).rows[0]?.title === 'Edited twice');
    expect(await staff.sync.conflicts.count()).toBe(0);
  });

  it('a pulled row whose replication record was lost is not pushed back as a refused write after a reload', async () => {
    const a = await device(CUSTOMER, ['kb_articles']);
    const articles = await a.data.db.kb_articles!.count().exec();
    expect(articles).toBeGreaterThan(0);
    // The rows' records are read off the rows themselves (derived-records.ts): after a first sync
    // only the push checkpoint is stored, and it is what gets lost here.
    expect(await forgetReplicationRecords(a, 'kb_articles')).toEqual(['up']);
    await a.reload();
    await a.data.syncNow();
    // Customers may not insert articles: the push of each row, refused, must settle as a
    // conflict against the server's equal row, with nothing failed, pending or replaced.
    await waitUntil('nothing held', async () => (await a.sync.pending.count()) === 0);
    expect(await a.sync.conflicts.toArray()).toEqual([]);
    expect(await a.data.db.kb_articles!.count().exec()).toBe(articles);
  });

  it("a row pushed while a pull passed over it gets the server's values, also when the page closes before they are read back", async () => {
    const a = await device(CUSTOMER);
    const replication = a.data.replications.get('devices')!;
    const gate = () => {
      let open!: () => void;
      const closed = new Promise<void>((resolve) => (open = resolve));
      return { closed, open, reached: false };
    };
    const [pull, push] = [gate(), gate()];
    // A pull starts, and reaches the server only after the insert has: it returns the row while
    // the device's copy is still unpushed, so it skips it and its checkpoint moves past.
    a.holdRequest = (url, init) => {
      if ((init?.method ?? 'GET') !== 'GET' || !url.includes('/rest/v1/devices?') || !url.includes('or=') || pull.reached) return undefined;
      pull.reached = true;
      return pull.closed;
    };
    a.holdAnswer = (url, init) => {
      if (init?.method !== 'POST' || !url.includes('/rest/v1/devices')) return undefined;
      push.reached = true;
      return push.closed;
    };
    replication.reSync();
    await waitUntil('pull started', () => pull.reached);
    const doc = newDevice(CUSTOMER, 'Pushed during a pull');
    await a.data.db.devices!.insert(doc);
    await waitUntil('insert applied, its answer held', () => push.reached);
    pull.open();
    await waitUntil('pull passed the row', () => (replication.internalReplicationState?.lastCheckpointDoc.down?.checkpointData as { id?: string } | undefined)?.id === doc.id);
    const pushed = firstValueFrom(replication.sent$.pipe(filter((sent) => (sent as unknown as { id: string }).id === doc.id)));
    push.open();
    await pushed;
    await replication.internalReplicationState!.streamQueue.up;
    // Closed before the row is read back (as a reload straight after a write does).
    await a.reload();
    const server = (await suite.t.db.query<{ created_at: string; updated_at: string }>(`select to_json(created_at) #>> '{}' as created_at, to_json(updated_at) #>> '{}' as updated_at from public.devices where id = '${doc.id}'`)).rows[0]!;
    expect(server.created_at).not.toBe(doc.created_at);
    await waitUntil('server values on the device', async () => {
      const local = await a.data.db.devices!.findOne(doc.id).exec();
      return local?.created_at === server.created_at && local.updated_at === server.updated_at;
    });
    await waitUntil('settled', async () => (await a.sync.pending.count()) === 0);
  });

  it('a read-back older than a later push of the same row does not bring the row back (removed right after it was added)', async () => {
    const a = await device(CUSTOMER);
    const replication = a.data.replications.get('devices')!;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reached = false;
    // The read-back of the insert reaches the server before the removal does; its answer (the
    // row as added) arrives after the removal was pushed.
    a.holdAnswer = (url, init) => {
      if ((init?.method ?? 'GET') !== 'GET' || !url.includes('/rest/v1/devices?select=*&id=in.') || reached) return undefined;
      reached = true;
      return held;
    };
    const doc = newDevice(CUSTOMER, 'Added, then removed at once');
    const added = await a.data.db.devices!.insert(doc);
    await waitUntil('read-back answered by the server, answer held', () => reached);
    const removalPushed = firstValueFrom(replication.sent$.pipe(filter((sent) => (sent as unknown as { id: string; _deleted?: boolean }).id === doc.id && Boolean((sent as { _deleted?: boolean })._deleted))));
    await added.remove();
    await removalPushed;
    // Not even for a moment: a page closed then would keep the row, as the server's.
    const back: string[] = [];
    const changes = a.data.db.devices!.$.subscribe((event) => {
      // (Storing the server's copy of the removal is a DELETE event too.)
      if (event.documentId === doc.id && event.operation !== 'DELETE') back.push(event.operation);
    });
    release();
    await waitUntil('settled', async () => (await a.sync.pending.count()) === 0);
    await replication.internalReplicationState!.streamQueue.down;
    changes.unsubscribe();
    expect(back).toEqual([]);
    expect(await a.data.db.devices!.findOne(doc.id).exec()).toBeNull();
    await a.data.syncNow();
    expect(await a.data.db.devices!.findOne(doc.id).exec()).toBeNull();
    expect((await suite.t.db.query(`select _deleted from public.devices where id = '${doc.id}'`)).rows).toEqual([{ _deleted: true }]);
  });

  it('a resync asked for during the first sync starts no second pull round; one asked for afterwards pulls', async () => {
    // The first pull of the devices is held at the server's door while resyncs are asked for (as
    // the plugin does after its start, and on a Realtime SUBSCRIBED; RxDB would then also scan
    // every pulled document again for local changes).
    const pulls: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const a = await simDevice(suite.t, {
      userId: CUSTOMER,
      collections: ['devices'],
      holdRequest: (url, init) => {
        if ((init?.method ?? 'GET') !== 'GET' || !url.includes('/rest/v1/devices?')) return undefined;
        pulls.push(url);
        return pulls.length === 1 ? held : undefined;
      },
    });
    try {
      const replication = a.data.replications.get('devices')!;
      await waitUntil('first pull sent', () => pulls.length === 1);
      replication.reSync();
      replication.reSync();
      release();
      await replication.awaitInitialReplication();
      await replication.awaitInSync();
      await new Promise((r) => setTimeout(r, 300));
      expect(pulls).toHaveLength(1);

      const later = newDevice(CUSTOMER, 'Added after the first sync');
      await suite.t.db.query(`insert into public.devices (id, user_id, name, device_type) values ('${later.id}', '${CUSTOMER}', '${later.name}', 'indoor_unit')`);
      replication.reSync();
      await waitUntil('pulled by the later resync', async () => (await a.data.db.devices!.findOne(later.id).exec()) !== null);
      expect(pulls.length).toBeGreaterThan(1);
    } finally {
      await a.close();
    }
  });

  it('after a large first sync, a resync has no pulled row left to scan for local changes', async () => {
    // The pull stores each page in one write, all its rows with one time stamp. RxDB's push side
    // remembers where it got to as the last row of each write as written, which is not the last by
    // id; the rows after it by id then counted as unchecked, and the next resync read them again,
    // 20 at a time (3 to 68 s for 10,000 rows in the browser bench, a local write waiting behind).
    const db = suite.t.db;
    await db.query(`insert into public.devices (user_id, name, device_type)
      select '${CUSTOMER_2}', 'Checkpoint ' || g, 'indoor_unit' from generate_series(1, 450) g`);
    const a = await simDevice(suite.t, { userId: CUSTOMER_2, collections: ['devices'] });
    try {
      const replication = a.data.replications.get('devices')!;
      await replication.awaitInitialReplication();
      await replication.awaitInSync();
      const state = replication.internalReplicationState!;
      await waitUntil('push side idle', () => !state.events.active.up.getValue());
      const fork = a.data.db.devices!.storageInstance;
      const unchecked = async () => (await getChangedDocumentsSince(fork, 1000, (await getLastCheckpointDoc(state, 'up')) as never)).documents.length;
      expect(await a.data.db.devices!.count().exec()).toBeGreaterThanOrEqual(450);
      expect(await unchecked()).toBe(0);

      // A local change after it is pushed, and the push side's place moves past it.
      const mine = newDevice(CUSTOMER_2, 'Added here');
      a.online = false;
      await a.data.db.devices!.insert(mine);
      a.online = true;
      await a.data.syncNow();
      await waitUntil('server row', async () => (await db.query(`select 1 from public.devices where id = '${mine.id}'`)).rows.length === 1);
      await replication.awaitInSync();
      await waitUntil('nothing left unchecked', async () => (await unchecked()) === 0);
    } finally {
      await a.close();
      await db.query(`delete from public.devices where user_id = '${CUSTOMER_2}' and (name like 'Checkpoint %' or name = 'Added here')`);
    }
  });

  it('a large first sync asks for larger pages while they answer fast, up to max_rows, and stores every row', async () => {
    const db = suite.t.db;
    await db.query(`insert into public.devices (user_id, name, device_type)
      select '${CUSTOMER_2}', 'Paged ' || g, 'indoor_unit' from generate_series(1, 2300) g`);
    const limits: number[] = [];
    const a = await simDevice(suite.t, {
      userId: CUSTOMER_2,
      collections: ['devices'],
      holdRequest: (url) => {
        const { pathname, searchParams } = new URL(url);
        if (pathname.endsWith('/rest/v1/devices') && searchParams.has('limit')) limits.push(Number(searchParams.get('limit')));
        return undefined;
      },
    });
    try {
      const replication = a.data.replications.get('devices')!;
      await replication.awaitInitialReplication();
      const total = Number((await db.query<{ n: string }>(`select count(*) as n from public.devices where user_id = '${CUSTOMER_2}'`)).rows[0]!.n);
      expect(await a.data.db.devices!.count().exec()).toBe(total);
      // 200, 400, 800, 1,000 rows, then the rest, when every page answers within a second (pages
      // of 200 would take 12 requests); a slower page holds the size, so only the bounds are exact.
      expect(limits[0]).toBe(200);
      expect(Math.max(...limits)).toBe(1000);
      expect(limits.every((limit, i) => limit === 200 || limit <= 2 * limits[i - 1]!)).toBe(true);
      expect(limits.length).toBeLessThanOrEqual(8);
    } finally {
      await a.close();
      await db.query(`delete from public.devices where user_id = '${CUSTOMER_2}' and name like 'Paged %'`);
    }
  });

  it('a row committed after the join but before the subscription was in place is pulled once it is', async () => {
    // The server's setup of the subscription (its read of the publication) is held after it has
    // answered the join: the channel reports SUBSCRIBED, and a row committed now reaches no channel.
    const db = suite.t.db;
    const query = db.query;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let setups = 0;
    db.query = (async (sql: string, params?: unknown[]) => {
      if (sql.includes('pg_publication_tables')) {
        setups += 1;
        await held;
      }
      return query.call(db, sql, params);
    }) as typeof db.query;
    let a: SimDevice | undefined;
    try {
      a = await simDevice(suite.t, { userId: CUSTOMER, collections: ['devices'], live: true });
      const replication = a.data.replications.get('devices')!;
      await replication.awaitInitialReplication();
      await waitUntil('joined, its setup held', () => setups > 0 && a!.client!.getChannels().some((c) => c.state === 'joined'));
      await replication.awaitInSync();
      expect(replication.isLive()).toBe(false);

      const row = newDevice(CUSTOMER, 'Committed before the subscription');
      await db.query(`insert into public.devices (id, user_id, name, device_type) values ('${row.id}', '${CUSTOMER}', '${row.name}', 'indoor_unit')`);
      await suite.t.stack.realtime.idle();
      release();
      await waitUntil('live', () => replication.isLive(), 5000);
      // No reSync() here, and the interval resync is a minute away: the device pulls it because
      // the subscription went live after its last pull.
      await waitUntil('the row', async () => (await a!.data.db.devices!.findOne(row.id).exec()) !== null, 5000);
    } finally {
      release();
      db.query = query;
      await a?.close();
    }
  });

  it('a push refused while Retry puts the row back does not set the write aside again', async () => {
    const a = await device(CUSTOMER);
    const doc = newDevice(CUSTOMER, 'Retried garage');
    await a.data.db.devices!.insert(doc);
    await waitUntil('on the server', async () => (await suite.t.db.query(`select 1 from public.devices where id = '${doc.id}'`)).rows.length === 1);
    await waitUntil('settled', async () => (await a.sync.pending.count()) === 0);
    await suite.t.db.exec(`delete from public.devices where id = '${doc.id}'`);
    const local = () => a.data.db.devices!.findOne(doc.id).exec().then((d) => d!);
    await (await local()).incrementalPatch({ name: 'Renamed once' });
    await waitUntil('set aside', async () => (await a.sync.pending.get(`devices:${doc.id}`))?.state === 'failed');

    // The next push of the document has asked whether the row exists, and the server's "no" is
    // held until the user's Retry has put the row back and settled the entry.
    let open!: () => void;
    const answer = new Promise<void>((resolve) => (open = resolve));
    let reached = false;
    a.holdAnswer = (url, init) => {
      if ((init?.method ?? 'GET') !== 'GET' || !url.includes(`/rest/v1/devices?select=id&id=eq.${doc.id}`) || reached) return undefined;
      reached = true;
      return answer;
    };
    await (await local()).incrementalPatch({ name: 'Renamed twice' });
    await waitUntil('lookup answered, held', () => reached);
    await a.data.retryWrite((await a.sync.pending.get(`devices:${doc.id}`))!);
    expect(await a.sync.pending.count()).toBe(0);
    open();
    await a.data.replications.get('devices')!.awaitInSync();
    await new Promise((r) => setTimeout(r, 300));
    expect(await a.sync.pending.toArray()).toEqual([]);
    expect((await suite.t.db.query<{ name: string }>(`select name from public.devices where id = '${doc.id}'`)).rows).toEqual([{ name: 'Renamed twice' }]);
  });

  it('after a Retry, a later change refused is set aside, even when its entry went before the refusal came', async () => {
    const a = await device(CUSTOMER);
    const doc = newDevice(CUSTOMER, 'Retried, then changed');
    await a.data.db.devices!.insert(doc);
    await waitUntil('settled', async () => (await a.sync.pending.count()) === 0);
    await suite.t.db.exec(`delete from public.devices where id = '${doc.id}'`);
    const local = () => a.data.db.devices!.findOne(doc.id).exec().then((d) => d!);
    await (await local()).incrementalPatch({ name: 'Renamed once' });
    await waitUntil('set aside', async () => (await a.sync.pending.get(`devices:${doc.id}`))?.state === 'failed');
    await a.data.retryWrite((await a.sync.pending.get(`devices:${doc.id}`))!);
    expect(await a.sync.pending.count()).toBe(0);

    // The row goes again; offline, the device changes it once more. Its entry is gone before the
    // push is refused (as when a read-back of the refused push settled it first): the refusal
    // answers a state the Retry never sent, so it is a new failure, not a stale answer.
    await suite.t.db.exec(`delete from public.devices where id = '${doc.id}'`);
    a.online = false;
    await (await local()).incrementalPatch({ name: 'Renamed twice' });
    await waitUntil('pending entry', async () => (await a.sync.pending.count()) === 1);
    await a.sync.pending.clear();
    a.online = true;
    await a.data.syncNow();
    await waitUntil('refused', async () => (await a.sync.pending.get(`devices:${doc.id}`))?.state === 'failed');
    expect((await a.sync.pending.get(`devices:${doc.id}`))?.doc).toMatchObject({ name: 'Renamed twice' });
  });

  it('writes whose sync-center entries were never stored (the page closed first) are listed again on the next load, offline, and settle once pushed', async () => {
    const a = await device(CUSTOMER);
    const [existing] = await a.data.db.devices!.find().exec();
    a.online = false;
    const doc = newDevice(CUSTOMER, 'Written as the page closed');
    await a.data.db.devices!.insert(doc);
    await existing!.incrementalPatch({ name: 'Renamed as the page closed' });
    await waitUntil('pending entries', async () => (await a.sync.pending.count()) === 2);
    // The entries are a second write, after the rows': the page died between them.
    await a.sync.pending.clear();
    await a.reload();
    await waitUntil('entries listed again', async () => (await a.sync.pending.count()) === 2);
    const entries = await a.sync.pending.bulkGet([`devices:${doc.id}`, `devices:${existing!.id}`]);
    expect(entries.map((entry) => entry && { op: entry.op, label: entry.label, state: entry.state })).toEqual([
      { op: 'insert', label: "Device 'Written as the page closed'", state: 'pending' },
      { op: 'update', label: "Device 'Renamed as the page closed'", state: 'pending' },
    ]);
    a.online = true;
    await a.data.syncNow();
    await waitUntil('settled', async () => (await a.sync.pending.count()) === 0);
    const rows = await suite.t.db.query<{ id: string; name: string }>(`select id, name from public.devices where id in ('${doc.id}', '${existing!.id}') order by name`);
    expect(rows.rows.map((row) => row.name)).toEqual(['Renamed as the page closed', 'Written as the page closed']);
  });

  it('a refused write whose entry was never stored (the page closed first) is still set aside', async () => {
    const b = await device(CUSTOMER_2);
    b.online = false;
    const doc = newDevice(CUSTOMER, 'Not mine either');
    await b.data.db.devices!.insert(doc);
    await waitUntil('pending entry', async () => (await b.sync.pending.count()) === 1);
    await b.sync.pending.clear();
    b.online = true;
    await b.data.syncNow();
    await waitUntil('refused', async () => (await b.sync.pending.get(`devices:${doc.id}`))?.state === 'failed');
    expect((await suite.t.db.query(`select 1 from public.devices where id = '${doc.id}'`)).rows).toHaveLength(0);
  });

  describe('conflicts', () => {
    it("rows pulled in the first sync keep no stored record, yet edits push against the server's version: two edits, a reload, a server change", async () => {
      const a = await device(CUSTOMER);
      const stored = async () => (await storedRecords(a, 'devices')).filter((row) => row.isCheckpoint === '0');
      expect(await stored()).toEqual([]);
      const [target] = await a.data.db.devices!.find().exec();
      const local = () => a.data.db.devices!.findOne(target!.id).exec().then((d) => d!);
      a.online = false;
      // The second edit's `previous` comes from RxDB's document cache, the third from storage.
      await (await local()).incrementalPatch({ name: 'Mine' });
      await (await local()).incrementalPatch({ location: 'Left bay' });
      await a.reload();
      await (await local()).incrementalPatch({ name: 'Mine, after a reload' });
      await suite.t.db.exec(`update public.devices set status = 'maintenance' where id = '${target!.id}'`);
      a.online = true;
      await a.data.syncNow();
      // Pushed as an update of the row as pulled: the server's own change is kept beside it, and
      // nothing is a conflict (without that base the push meets the server's row as a rival).
      await waitUntil('merged on server', async () => {
        const row = (await suite.t.db.query<Record<string, string>>(`select name, location, status from public.devices where id = '${target!.id}'`)).rows[0];
        return row?.name === 'Mine, after a reload' && row.location === 'Left bay' && row.status === 'maintenance';
      });
      await waitUntil('settled', async () => (await a.sync.pending.count()) === 0);
      expect(await a.sync.conflicts.toArray()).toEqual([]);
      await waitUntil('server change stored here', async () => (await local()).status === 'maintenance');
      // The push stored its record, as RxDB does.
      expect((await stored()).map((row) => row.itemId)).toEqual([target!.id]);
    });

    it('keeps fields only this device changed and reports the one the server changed too', async () => {
      const a = await device(CUSTOMER);
      const [target] = await a.data.db.devices!.find().exec();
      a.online = false;
      await target!.incrementalPatch({ name: 'Mine', location: 'Left bay' });
      await suite.t.db.exec(`update public.devices set name = 'Theirs' where id = '${target!.id}'`);
      a.online = true;
      await a.data.syncNow();
      await waitUntil('merged on server', async () => {
        const row = (await suite.t.db.query<{ name: string; location: string }>(`select name, location from public.devices where id = '${target!.id}'`)).rows[0];
        return row?.name === 'Theirs' && row.location === 'Left bay';
      });
      await waitUntil('conflict recorded', async () => (await a.sync.conflicts.count()) === 1);
      expect((await a.sync.conflicts.toArray())[0]).toMatchObject({ collection: 'devices', mine: { name: 'Mine' }, theirs: { name: 'Theirs' } });
    });

    it("a change pushed with its answer lost is this device's own, not a rival, when the next change is pushed after a reload", async () => {
      const a = await device(CUSTOMER);
      const [target] = await a.data.db.devices!.find().exec();
      const local = () => a.data.db.devices!.findOne(target!.id).exec().then((d) => d!);
      const serverName = async () => (await suite.t.db.query<{ name: string }>(`select name from public.devices where id = '${target!.id}'`)).rows[0]?.name;
      // The first rename reaches the server; its answer never comes back (the signal went, or
      // the tab closed), so the device never records the server as holding it.
      let reached = false;
      a.holdAnswer = (url, init) => {
        if (init?.method !== 'PATCH' || !url.includes('/rest/v1/devices?')) return undefined;
        reached = true;
        return new Promise<void>(() => {});
      };
      await (await local()).incrementalPatch({ name: 'Renamed once' });
      await waitUntil('first rename applied, its answer held', async () => reached && (await serverName()) === 'Renamed once');
      await (await local()).incrementalPatch({ name: 'Renamed twice' });
      a.holdAnswer = undefined;
      // The next load pushes the second rename against the row as it was before the first: the
      // server's row differs from that, but only by what this device sent itself.
      await a.reload();
      await a.data.syncNow();
      await waitUntil('second rename on the server', async () => (await serverName()) === 'Renamed twice');
      await waitUntil('settled', async () => (await a.sync.pending.count()) === 0);
      expect((await local()).name).toBe('Renamed twice');
      expect(await a.sync.conflicts.toArray()).toEqual([]);
    });
  });
});
