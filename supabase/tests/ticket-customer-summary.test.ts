/**
 * ticket_customer_summary(ticket): staff answering a ticket see its customer's devices and latest
 * orders (no codes, no addresses); customers (the ticket's owner too) and anonymous callers are
 * refused with 42501; a missing or deleted ticket answers null.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../../tests/integration/support/stack.ts';
import { createUser, one, type TestUser } from './functions/helpers.ts';

interface Summary {
  customer: { name: string | null; email: string; member_since: string };
  devices: Array<Record<string, unknown>>;
  device_count: number;
  orders: Array<Record<string, unknown>>;
  order_count: number;
}

describeEngines('ticket customer summary', (engine) => {
  let t: TestStack;
  let owner: TestUser;
  let other: TestUser;
  let support: TestUser;
  let admin: TestUser;
  let ticketId: string;

  beforeAll(async () => {
    t = await startTestStack({ engine });
    [owner, other, support, admin] = [await createUser(t), await createUser(t), await createUser(t, 'support'), await createUser(t, 'admin')];
    await t.db.query(`update public.profiles set first_name = 'Dana', last_name = 'Owner' where user_id = $1`, [owner.id]);
    // 12 devices (one deleted), 7 orders (one deleted), and a device and an order of another customer.
    await t.db.query(`insert into public.devices (user_id, name, status, created_at, _deleted)
      select $1, 'Door ' || g, 'online', now() - g * interval '1 hour', g = 12 from generate_series(1, 12) g`, [owner.id]);
    await t.db.query(`insert into public.devices (user_id, name) values ($1, 'Not theirs')`, [other.id]);
    await t.db.query(`insert into public.orders (user_id, items, subtotal, total, shipping_address, created_at, _deleted)
      select $1, '[]', 10 * g, 10 * g, '1 Private Lane', now() - g * interval '1 day', g = 7 from generate_series(1, 7) g`, [owner.id]);
    await t.db.query(`insert into public.orders (user_id, items, subtotal, total) values ($1, '[]', 1, 1)`, [other.id]);
    const category = (await one<{ id: string }>(t, 'select id from public.support_categories where is_active limit 1')).id;
    const { data, error } = await owner.client.from('support_tickets').insert({ subject: 'Door will not open', description: 'It stays locked since this morning.', category_id: category }).select('id').single();
    expect(error).toBeNull();
    ticketId = data!.id;
  });
  afterAll(() => t?.close());

  it('gives staff the customer, their newest 10 devices and 5 latest orders, with the counts, and nothing private', async () => {
    for (const staff of [support, admin]) {
      const { data, error } = await staff.client.rpc('ticket_customer_summary', { p_ticket_id: ticketId });
      expect(error).toBeNull();
      const summary = data as Summary;
      expect(summary.customer).toMatchObject({ name: 'Dana Owner', email: owner.email });
      expect(summary.devices.map((d) => d.name)).toEqual(['Door 1', 'Door 2', 'Door 3', 'Door 4', 'Door 5', 'Door 6', 'Door 7', 'Door 8', 'Door 9', 'Door 10']);
      expect(summary.device_count).toBe(11);
      expect(Object.keys(summary.devices[0]!).sort()).toEqual(['device_type', 'id', 'last_seen', 'location', 'name', 'status']);
      expect(summary.orders.map((o) => Number(o.total))).toEqual([10, 20, 30, 40, 50]);
      expect(summary.order_count).toBe(6);
      expect(JSON.stringify(summary)).not.toContain('Private Lane');
    }
  });

  it('refuses customers (the owner too) and anonymous callers', async () => {
    for (const caller of [owner, other]) {
      const { data, error } = await caller.client.rpc('ticket_customer_summary', { p_ticket_id: ticketId });
      expect(data).toBeNull();
      expect(error?.code).toBe('42501');
    }
    const { error } = await t.client().rpc('ticket_customer_summary', { p_ticket_id: ticketId });
    expect(error?.code).toBe('42501');
  });

  it('answers null for a ticket that does not exist or was deleted', async () => {
    expect((await support.client.rpc('ticket_customer_summary', { p_ticket_id: randomUUID() })).data).toBeNull();
    await t.db.query('update public.support_tickets set _deleted = true where id = $1', [ticketId]);
    expect((await support.client.rpc('ticket_customer_summary', { p_ticket_id: ticketId })).data).toBeNull();
    await t.db.query('update public.support_tickets set _deleted = false where id = $1', [ticketId]);
  });
});
