/**
 * What each role's device pulls (RLS decides), that rows leaving a user's view leave the device,
 * that server changes arrive live over Realtime, and that rows committed out of `_modified` order
 * are not skipped by a device that pulled in between.
 */
import { expect, it } from 'vitest';
import { describeEngines } from '../support/stack.ts';
import { ADMIN, CUSTOMER, CUSTOMER_2, SUPPORT, deviceSuite, waitUntil, type SimDevice } from './support/device.ts';

describeEngines('data layer: what each device holds', (engine) => {
  const suite = deviceSuite(engine);
  const { device } = suite;
  const ids = async (rows: Promise<{ rows: { id: string }[] }>) => (await rows).rows.map((r) => r.id).sort();

  it('a customer pulls their own tickets and public replies only; staff pull every ticket and note', async () => {
    const customer = await device(CUSTOMER, ['support_tickets', 'support_messages', 'support_categories', 'kb_articles']);
    const staff = await device(SUPPORT, ['support_tickets', 'support_messages', 'support_categories', 'kb_articles']);
    const localIds = async (d: SimDevice, name: 'support_tickets' | 'support_messages' | 'kb_articles') =>
      (await d.data.db[name]!.find().exec()).map((doc) => doc.id).sort();

    expect(await localIds(customer, 'support_tickets')).toEqual(await ids(suite.t.db.query(`select id from public.support_tickets where user_id = '${CUSTOMER}'`)));
    expect(await localIds(staff, 'support_tickets')).toEqual(await ids(suite.t.db.query('select id from public.support_tickets')));
    const customerMessages = await customer.data.db.support_messages!.find().exec();
    expect(customerMessages.every((m) => !m.is_internal)).toBe(true);
    expect(customerMessages.map((m) => m.id).sort()).toEqual(
      await ids(suite.t.db.query(`select m.id from public.support_messages m join public.support_tickets s on s.id = m.ticket_id where s.user_id = '${CUSTOMER}' and not m.is_internal`)),
    );
    expect(await localIds(staff, 'support_messages')).toEqual(await ids(suite.t.db.query('select id from public.support_messages')));
    expect(await localIds(customer, 'kb_articles')).toEqual(await ids(suite.t.db.query('select id from public.kb_articles where is_published and not _deleted')));
    expect(await localIds(staff, 'kb_articles')).toEqual(await ids(suite.t.db.query('select id from public.kb_articles where not _deleted')));
  });

  it("a customer pulls their own devices' events only (seeded history included); staff pull none", async () => {
    for (const user of [CUSTOMER, CUSTOMER_2]) {
      const d = await device(user, ['device_events']);
      const local = (await d.data.db.device_events!.find().exec()).map((doc) => doc.id).sort();
      const owned = await ids(suite.t.db.query(`select id from public.device_events where user_id = '${user}'`));
      expect(owned.length).toBeGreaterThan(3);
      expect(local).toEqual(owned);
    }
    for (const staff of [SUPPORT, ADMIN]) {
      const d = await device(staff, ['device_events']);
      expect(await d.data.db.device_events!.count().exec()).toBe(0);
    }
    // A redemption at the door reaches the owner's device at the next pull, with its detail.
    const customer = await device(CUSTOMER, ['device_events']);
    const api = suite.t.client({ accessToken: await suite.t.userToken(CUSTOMER) });
    const { data } = await api.rpc('redeem_access_code', { p_device_id: '20000000-0000-4000-8000-000000000003', p_code: 'T5WB6C' });
    expect(data).toMatchObject({ ok: false, message: 'Expired' });
    await customer.data.syncNow();
    const refused = await customer.data.db.device_events!.find({ selector: { kind: 'code_refused', access_code: 'T5WB6C' }, sort: [{ created_at: 'desc' }] }).exec();
    expect(refused[0]).toMatchObject({ user_id: CUSTOMER, permission_id: '50000000-0000-4000-8000-000000000004', detail: 'Expired' });
  });

  it("a new order reaches the customer's device with its order number and expected delivery", async () => {
    const customer = await device(CUSTOMER, ['orders']);
    const seeded = await customer.data.db.orders!.find().exec();
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded.every((o) => Number.isInteger(o.order_number) && o.order_number! > 100_000 && o.expected_delivery_at)).toBe(true);
    const api = suite.t.client({ accessToken: await suite.t.userToken(CUSTOMER) });
    const contact = { email: 'customer@example.com', first_name: 'Casey', last_name: 'Customer', address: '1208 Barton Springs Rd', city: 'Austin', state: 'TX', zip_code: '78704' };
    const placed = await api.rpc('place_order', { items: [{ product_id: 4, quantity: 1 }], contact });
    expect(placed.error).toBeNull();
    await customer.data.syncNow();
    const doc = await customer.data.db.orders!.findOne(placed.data.id).exec();
    expect(doc?.order_number).toBe(placed.data.order_number);
    expect(doc!.order_number).toBeGreaterThan(Math.max(...seeded.map((o) => o.order_number!)));
    expect(new Date(doc!.expected_delivery_at!).getTime()).toBe(new Date(placed.data.created_at).getTime() + 5 * 86_400_000);
  });

  it('an article unpublished on the server leaves a customer device at the next reconcile', async () => {
    // As the app opens it: a customer's device only pulls articles (RxDB then keeps no record of
    // what the server sent; every stored article came from it).
    const customer = await device(CUSTOMER, ['kb_articles'], false, 'customer');
    expect(customer.data.replications.get('kb_articles')!.push).toBeUndefined();
    const [article] = await customer.data.db.kb_articles!.find().exec();
    await suite.t.db.exec(`update public.kb_articles set is_published = false where id = '${article!.id}'`);
    await customer.data.syncNow();
    await customer.data.reconcile();
    await waitUntil('removed', async () => (await customer.data.db.kb_articles!.findOne(article!.id).exec()) === null);
    // Removing it here is not a write: nothing is pending and the server still has it.
    expect(await customer.sync.pending.count()).toBe(0);
    expect((await suite.t.db.query(`select _deleted from public.kb_articles where id = '${article!.id}'`)).rows[0]).toEqual({ _deleted: false });
    await suite.t.db.exec(`update public.kb_articles set is_published = true where id = '${article!.id}'`);
  });

  it("a customer's device pushes no staff-only table; a staff device does", async () => {
    // A stored article that differs from the server's copy: the app never edits one for a customer,
    // but RxDB takes a row stored from the server just before a reload for a local change, and
    // pushing it would end as a write RLS refuses (a failed write the customer never made).
    const sent = async (role: 'customer' | 'support') => {
      const d = await device(role === 'customer' ? CUSTOMER : SUPPORT, ['kb_articles'], false, role);
      const writes: string[] = [];
      d.holdRequest = (url, init) => {
        if (init?.method && init.method !== 'GET' && url.includes('/rest/v1/kb_articles')) writes.push(init.method);
        return undefined;
      };
      const article = await d.data.db.kb_articles!.findOne('30000000-0000-4000-8000-000000000001').exec();
      await article!.incrementalPatch({ view_count: article!.view_count + 1 });
      await d.data.syncNow();
      return writes;
    };
    expect(await sent('customer')).toEqual([]);
    expect(await sent('support')).not.toEqual([]);
  });

  it('a status change made on the server arrives live, without a pull', async () => {
    const customer = await device(CUSTOMER, ['devices'], true);
    // Joined is not enough: the server sets the subscription up after its reply to the join.
    await waitUntil('subscription live', () => customer.data.replications.get('devices')!.isLive());
    await customer.data.syncNow();
    const [unit] = await customer.data.db.devices!.find().exec();
    const before = customer.requests.total;
    const next = unit!.status === 'online' ? 'offline' : 'online';
    await suite.t.db.exec(`update public.devices set status = '${next}' where id = '${unit!.id}'`);
    await waitUntil('live status', async () => (await customer.data.db.devices!.findOne(unit!.id).exec())?.status === next, 5000);
    expect(customer.requests.total).toBe(before);
  });

  // Two overlapping transactions need two connections, which PGlite (one session) cannot give.
  if (engine === 'postgres') it('rows committed out of _modified order are not skipped', async () => {
    const customer = await device(CUSTOMER, ['devices']);
    const [a, b] = (await customer.data.db.devices!.find({ sort: [{ id: 'asc' }] }).exec()).map((d) => d.id);
    const pg = await import('pg');
    const first = new pg.default.Client({ connectionString: suite.t.databaseUrl });
    const second = new pg.default.Client({ connectionString: suite.t.databaseUrl });
    await Promise.all([first.connect(), second.connect()]);
    try {
      // T1 stamps A first and commits last; T2 stamps B and commits first.
      await first.query('begin');
      await first.query(`update public.devices set location = 'T1' where id = '${a}'`);
      await second.query('begin');
      const secondUpdate = second.query(`update public.devices set location = 'T2' where id = '${b}'`);
      const secondCommit = secondUpdate.then(() => second.query('commit'));
      await new Promise((r) => setTimeout(r, 200));
      // The device pulls while T1 is still open.
      await customer.data.syncNow();
      await first.query('commit');
      await secondCommit;
      await customer.data.syncNow();
      await waitUntil('both pulled', async () => {
        const docs = await customer.data.db.devices!.findByIds([a!, b!]).exec();
        return docs.get(a!)?.location === 'T1' && docs.get(b!)?.location === 'T2';
      });
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
  });
});
