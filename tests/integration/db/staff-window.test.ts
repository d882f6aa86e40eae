/**
 * A staff device holds the help desk's working set, not its history (src/db/replication/
 * staff-window.ts): tickets open or in progress, assigned to the user, or changed in the last 30
 * days, with their messages. Tickets that age out leave the device without a write; a ticket that
 * comes back (a new message, reopened) returns with all its messages, live. Customers keep all
 * their own tickets.
 */
import { expect, it } from 'vitest';
import { QUEUE_FIRST_MS } from '@/db/session.ts';
import { describeEngines } from '../support/stack.ts';
import { ADMIN, CUSTOMER, SUPPORT, deviceSuite, simDevice, waitUntil, type SimDevice } from './support/device.ts';

const CATEGORY = `(select id from public.support_categories order by id limit 1)`;
// Old tickets of the seeded customer, loaded as an import would (no API caller: timestamps kept).
const OLD = {
  closed: '1a000000-0000-4000-8000-000000000001',
  assigned: '1a000000-0000-4000-8000-000000000002',
  open: '1a000000-0000-4000-8000-000000000003',
  ageing: '1a000000-0000-4000-8000-000000000004',
  archived: '1a000000-0000-4000-8000-000000000005',
};

function windowSql(user: string): string {
  return `status in ('open', 'in_progress') or assigned_to = '${user}' or updated_at > now() - interval '30 days'`;
}

describeEngines('data layer: the staff working set', (engine) => {
  const suite = deviceSuite(engine);
  const { device } = suite;
  const sorted = (rows: { id: string }[]) => rows.map((r) => r.id).sort();
  const local = async (d: SimDevice, name: 'support_tickets' | 'support_messages') => sorted(await d.data.db[name]!.find().exec());
  const messagesOf = async (d: SimDevice, ticket: string) => (await d.data.db.support_messages!.find({ selector: { ticket_id: ticket } }).exec()).length;
  const staffDevice = (user = SUPPORT, role: 'support' | 'admin' = 'support', live = false) =>
    device(user, ['support_tickets', 'support_messages'], live, role);

  it('loads the old tickets (setup)', async () => {
    const ticket = (id: string, status: string, assigned: boolean, age: string) =>
      `('${id}', '${CUSTOMER}', 'Old ${status} ticket', 'From the archive', ${CATEGORY}, 'low', '${status}', ${assigned ? `'${SUPPORT}'` : 'null'}, now() - interval '${age}', now() - interval '${age}')`;
    await suite.t.db.exec(`
      insert into public.support_tickets (id, user_id, subject, description, category_id, priority, status, assigned_to, created_at, updated_at) values
        ${ticket(OLD.closed, 'closed', false, '90 days')},
        ${ticket(OLD.assigned, 'resolved', true, '60 days')},
        ${ticket(OLD.open, 'open', false, '60 days')},
        ${ticket(OLD.ageing, 'closed', false, '20 days')},
        ${ticket(OLD.archived, 'resolved', false, '120 days')};
      insert into public.support_messages (ticket_id, user_id, message, is_internal, created_at)
      select t, u, m, i, now() - interval '60 days'
      from (values ('${OLD.closed}'::uuid, '${CUSTOMER}'::uuid, 'Thanks, that worked', false), ('${OLD.closed}', '${SUPPORT}', 'Customer happy', true),
                   ('${OLD.ageing}', '${CUSTOMER}', 'Any news?', false), ('${OLD.archived}', '${SUPPORT}', 'Replaced under warranty', false)) v(t, u, m, i);
    `);
    const { rows } = await suite.t.db.query<{ updated_at: Date }>(`select updated_at from public.support_tickets where id = '${OLD.closed}'`);
    expect(Date.now() - rows[0]!.updated_at.getTime()).toBeGreaterThan(89 * 86_400_000);
  });

  it("a support device pulls the window and each ticket's messages and notes; an admin's window has no one else's assignments", async () => {
    for (const [user, role] of [[SUPPORT, 'support'], [ADMIN, 'admin']] as const) {
      const staff = await staffDevice(user, role);
      const tickets = sorted((await suite.t.db.query<{ id: string }>(`select id from public.support_tickets where ${windowSql(user)}`)).rows);
      const all = (await suite.t.db.query<{ n: number }>('select count(*)::int as n from public.support_tickets')).rows[0]!.n;
      expect(tickets.length).toBeLessThan(all);
      expect(await local(staff, 'support_tickets')).toEqual(tickets);
      const messages = (await suite.t.db.query<{ id: string }>(`select m.id from public.support_messages m join public.support_tickets t on t.id = m.ticket_id where ${windowSql(user).replace(/(status|assigned_to|updated_at)/g, 't.$1')}`)).rows;
      expect(await local(staff, 'support_messages')).toEqual(sorted(messages));
      expect(tickets.includes(OLD.closed)).toBe(false);
      expect(tickets.includes(OLD.open)).toBe(true);
      expect(tickets.includes(OLD.assigned)).toBe(role === 'support');
    }
  });

  it('the customer still holds every ticket of their own, however old', async () => {
    const customer = await device(CUSTOMER, ['support_tickets'], false, 'customer');
    expect(await local(customer, 'support_tickets')).toEqual(sorted((await suite.t.db.query<{ id: string }>(`select id from public.support_tickets where user_id = '${CUSTOMER}'`)).rows));
  });

  it("a new message is activity on its ticket, from the API only", async () => {
    const before = (await suite.t.db.query<{ updated_at: Date }>(`select updated_at from public.support_tickets where id = '${OLD.assigned}'`)).rows[0]!.updated_at;
    await suite.t.db.exec(`insert into public.support_messages (ticket_id, user_id, message) values ('${OLD.assigned}', '${SUPPORT}', 'An imported note')`);
    const after = (await suite.t.db.query<{ updated_at: Date }>(`select updated_at from public.support_tickets where id = '${OLD.assigned}'`)).rows[0]!.updated_at;
    expect(after.getTime()).toBe(before.getTime());
  });

  it('an old ticket that gets a message comes back to the device, live, with all its messages', async () => {
    const staff = await staffDevice(SUPPORT, 'support', true);
    await waitUntil('live', () => staff.data.replications.get('support_tickets')!.isLive() && staff.data.replications.get('support_messages')!.isLive());
    expect(await staff.data.db.support_tickets!.findOne(OLD.closed).exec()).toBeNull();
    const before = staff.requests.total;
    // A colleague adds a note from their own device (a customer cannot reply on a closed ticket).
    const api = suite.t.client({ accessToken: await suite.t.userToken(SUPPORT) });
    const { error } = await api.from('support_messages').insert({ ticket_id: OLD.closed, user_id: SUPPORT, message: 'Customer called: it broke again', is_internal: true });
    expect(error).toBeNull();
    const touched = (await suite.t.db.query<{ updated_at: Date }>(`select updated_at from public.support_tickets where id = '${OLD.closed}'`)).rows[0]!.updated_at;
    expect(Date.now() - touched.getTime()).toBeLessThan(60_000);
    await waitUntil('back with its messages', async () => (await staff.data.db.support_tickets!.findOne(OLD.closed).exec()) !== null && (await messagesOf(staff, OLD.closed)) === 3);
    // Live: no pull ran; one request fetched the older messages. (How fast: tests/bench.)
    expect(staff.requests.total - before).toBe(1);
  });

  it('a ticket that ages out leaves the device at the next reconcile, with its messages, and nothing is written', async () => {
    const staff = await staffDevice();
    expect(await messagesOf(staff, OLD.ageing)).toBe(1);
    const stamp = async () => (await suite.t.db.query(`select _modified::text, updated_at from public.support_tickets where id = '${OLD.ageing}'`)).rows[0];
    const server = await stamp();
    // Time passes: the ticket, last changed 20 days ago, is outside a window of 15 days as it is
    // outside the 30 days ten days later. Nothing changes on the server.
    staff.staffWindowDays = 15;
    await staff.reload();
    await staff.data.syncNow();
    await staff.data.reconcile();
    await waitUntil('evicted', async () => (await staff.data.db.support_tickets!.findOne(OLD.ageing).exec()) === null && (await messagesOf(staff, OLD.ageing)) === 0);
    expect(await staff.sync.pending.count()).toBe(0);
    await staff.data.syncNow();
    expect(await stamp()).toEqual(server);
    // The tickets in the window stay.
    expect(await staff.data.db.support_tickets!.findOne(OLD.open).exec()).not.toBeNull();

    // Reopened on the server: back at the next pull, with its message.
    await suite.t.db.exec(`update public.support_tickets set status = 'open' where id = '${OLD.ageing}'`);
    await staff.data.syncNow();
    await waitUntil('reopened with its messages', async () => (await staff.data.db.support_tickets!.findOne(OLD.ageing).exec())?.status === 'open' && (await messagesOf(staff, OLD.ageing)) === 1);
  });

  it('an older ticket opened from the search comes with its messages and stays through the eviction, unchanged on the server', async () => {
    const staff = await staffDevice();
    expect(await staff.data.db.support_tickets!.findOne(OLD.archived).exec()).toBeNull();
    const server = (await suite.t.db.query(`select _modified::text, updated_at from public.support_tickets where id = '${OLD.archived}'`)).rows[0];
    await staff.data.openTicket(OLD.archived);
    expect((await staff.data.db.support_tickets!.findOne(OLD.archived).exec())?.subject).toBe('Old resolved ticket');
    await waitUntil('its message', async () => (await messagesOf(staff, OLD.archived)) === 1);
    await staff.data.reconcile();
    await staff.data.syncNow();
    expect(await staff.data.db.support_tickets!.findOne(OLD.archived).exec()).not.toBeNull();
    expect(await messagesOf(staff, OLD.archived)).toBe(1);
    expect(await staff.sync.pending.count()).toBe(0);
    expect((await suite.t.db.query(`select _modified::text, updated_at from public.support_tickets where id = '${OLD.archived}'`)).rows[0]).toEqual(server);
    await expect(staff.data.openTicket('1a000000-0000-4000-8000-0000000000ff')).rejects.toThrow('This ticket is no longer on the server');
  });

  it('a device opened again keeps its window and pulls only what changed', async () => {
    const staff = await staffDevice();
    const held = await local(staff, 'support_tickets');
    await staff.reload();
    await staff.data.syncNow();
    expect(await local(staff, 'support_tickets')).toEqual(held);
  });

  it('the queue comes first: the messages wait for the tickets, at most QUEUE_FIRST_MS when their pull never answers', async () => {
    let releaseTickets!: () => void;
    const ticketsHeld = new Promise<void>((resolve) => (releaseTickets = resolve));
    const pulls: Array<{ table: string; at: number }> = [];
    const staff = await simDevice(suite.t, {
      userId: SUPPORT,
      collections: ['support_tickets', 'support_messages'],
      role: 'support',
      // The tickets' pull never answers until released: a request that hangs.
      holdRequest: (url) => {
        const table = /\/rest\/v1\/(support_tickets|support_messages)\?/.exec(url)?.[1];
        if (table) pulls.push({ table, at: performance.now() });
        return table === 'support_tickets' ? ticketsHeld : undefined;
      },
    });
    const firstPull = (table: string) => pulls.find((pull) => pull.table === table);
    try {
      await waitUntil('the messages pulled', () => firstPull('support_messages') !== undefined, QUEUE_FIRST_MS + 10_000);
      // Not before the cap: while the tickets were not in, the messages waited for them.
      expect(firstPull('support_messages')!.at - firstPull('support_tickets')!.at).toBeGreaterThanOrEqual(QUEUE_FIRST_MS - 100);
      releaseTickets();
      await staff.data.syncNow();
      expect((await local(staff, 'support_messages')).length).toBeGreaterThan(0);
      expect((await local(staff, 'support_tickets')).length).toBeGreaterThan(0);
    } finally {
      releaseTickets();
      await staff.close();
    }
    // Once the tickets are in, the messages start at once, not at the cap.
    const opened = performance.now();
    const quick = await simDevice(suite.t, { userId: SUPPORT, collections: ['support_tickets', 'support_messages'], role: 'support' });
    try {
      await quick.data.syncNow();
      expect((await local(quick, 'support_messages')).length).toBeGreaterThan(0);
      expect(performance.now() - opened).toBeLessThan(QUEUE_FIRST_MS);
    } finally {
      await quick.close();
    }
  });
});
