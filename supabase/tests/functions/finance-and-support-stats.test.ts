import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../../../tests/integration/support/stack.ts';
import { createUser, one, type TestUser } from './helpers.ts';

// Period starts and ends written differently from the function (calendar arithmetic on
// current_date, not date_trunc), in the database's time zone.
const EDGES: Record<string, string> = {
  today: `select current_date::timestamptz as f, (current_date + 1)::timestamptz as t`,
  this_week: `select (current_date - (extract(isodow from current_date)::int - 1))::timestamptz as f,
    (current_date - (extract(isodow from current_date)::int - 1) + 7)::timestamptz as t`,
  this_month: `select make_date(extract(year from current_date)::int, extract(month from current_date)::int, 1)::timestamptz as f,
    (make_date(extract(year from current_date)::int, extract(month from current_date)::int, 1) + interval '1 month')::timestamptz as t`,
  last_month: `select (make_date(extract(year from current_date)::int, extract(month from current_date)::int, 1) - interval '1 month')::timestamptz as f,
    make_date(extract(year from current_date)::int, extract(month from current_date)::int, 1)::timestamptz as t`,
  this_quarter: `select make_date(extract(year from current_date)::int, ((extract(month from current_date)::int - 1) / 3) * 3 + 1, 1)::timestamptz as f,
    (make_date(extract(year from current_date)::int, ((extract(month from current_date)::int - 1) / 3) * 3 + 1, 1) + interval '3 months')::timestamptz as t`,
  this_year: `select make_date(extract(year from current_date)::int, 1, 1)::timestamptz as f,
    make_date(extract(year from current_date)::int + 1, 1, 1)::timestamptz as t`,
};

const CATEGORY = '7f000000-0000-4000-8000-000000000004';

describeEngines('financial_summary and support_stats', (engine) => {
  let t: TestStack;
  let admin: TestUser;
  let support: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    t = await startTestStack({ engine, fixtureSql: `insert into public.support_categories (id, name) values ('${CATEGORY}', 'Stats test');` });
    [admin, support, customer] = await Promise.all([createUser(t, 'admin'), createUser(t, 'support'), createUser(t)]);
  });
  afterAll(() => t?.close());

  describe('financial_summary', () => {
    for (const period of Object.keys(EDGES)) {
      it(`applies ${period}: rows at the period's first and last second count, rows just outside do not`, async () => {
        const edge = await one<{ f: string; t: string }>(t, `select f::text, t::text from (${EDGES[period]}) e`);
        await t.db.exec('delete from public.financial_transactions');
        const at = (type: string, amount: number, when: string) => t.db.query(
          `insert into public.financial_transactions (transaction_type, amount, processed_at) values ($1, $2, ${when})`, [type, amount]);
        await at('sale', 100, `'${edge.f}'::timestamptz`);
        await at('sale', 20, `'${edge.f}'::timestamptz + interval '1 minute'`);
        await at('revenue', 30, `'${edge.t}'::timestamptz - interval '1 second'`);
        await at('expense', 40, `'${edge.f}'::timestamptz`);
        await at('refund', 5, `'${edge.t}'::timestamptz - interval '1 second'`);
        await at('sale', 1000, `'${edge.f}'::timestamptz - interval '1 second'`);
        await at('expense', 1000, `'${edge.t}'::timestamptz`);
        const { data, error } = await admin.client.rpc('financial_summary', { p_period: period });
        expect(error).toBeNull();
        expect(data).toMatchObject({
          period, revenue: 150, expenses: 45, net_profit: 105, average_order_value: 75, sales_count: 2, transaction_count: 5, currency: 'USD',
        });
        expect([new Date(data.from).getTime(), new Date(data.to).getTime()]).toEqual([new Date(edge.f).getTime(), new Date(edge.t).getTime()]);
      });
    }

    it('answers a period without sales with zeros', async () => {
      await t.db.exec('delete from public.financial_transactions');
      const { data } = await admin.client.rpc('financial_summary', { p_period: 'today' });
      expect(data).toMatchObject({ revenue: 0, expenses: 0, net_profit: 0, average_order_value: 0, sales_count: 0 });
    });

    it('refuses an unknown period (400) and non-admins (403/401)', async () => {
      const bad = await admin.client.rpc('financial_summary', { p_period: 'last_decade' });
      expect([bad.status, bad.error?.code, bad.error?.message]).toEqual([400, '22023', 'Unknown period: last_decade']);
      for (const u of [support, customer]) {
        const r = await u.client.rpc('financial_summary', { p_period: 'today' });
        expect([r.status, r.error?.message]).toEqual([403, 'Access denied. Admin privileges required.']);
      }
      expect((await t.client().rpc('financial_summary', { p_period: 'today' })).status).toBe(401);
    });
  });

  describe('support_stats', () => {
    beforeAll(async () => {
      await t.db.exec('delete from public.support_tickets');
      const ticket = async (status: string, priority: string, age: string) => (await one<{ id: string }>(t,
        `insert into public.support_tickets (user_id, subject, description, category_id, status, priority, created_at)
         values ($1, 'Stats ' || $2, 'Something about the door.', $3, $2::public.ticket_status, $4::public.ticket_priority, now() - $5::interval) returning id`,
        [customer.id, status, CATEGORY, priority, age])).id;
      const message = (ticketId: string, userId: string, afterCreation: string, internal = false) => t.db.query(
        `insert into public.support_messages (ticket_id, user_id, message, is_internal, created_at)
         select id, $2, 'A message', $4, created_at + $3::interval from public.support_tickets where id = $1`,
        [ticketId, userId, afterCreation, internal]);
      const t1 = await ticket('open', 'urgent', '3 hours');
      await message(t1, customer.id, '5 minutes'); // the customer's own follow-up is no response
      await message(t1, support.id, '10 minutes', true); // an internal note is no response
      await message(t1, support.id, '30 minutes');
      await message(t1, admin.id, '50 minutes'); // only the first staff reply counts
      const t2 = await ticket('in_progress', 'high', '5 hours');
      await message(t2, admin.id, '90 minutes');
      await ticket('resolved', 'low', '2 days'); // resolved_at = now() by the ticket rules
      const t4 = await ticket('resolved', 'medium', '3 days');
      await t.db.query(`update public.support_tickets set resolved_at = date_trunc('day', now()) - interval '1 minute' where id = $1`, [t4]);
      await ticket('closed', 'urgent', '4 days');
    });

    it('counts tickets, resolved today, urgent, and the mean time to the first staff reply', async () => {
      for (const u of [support, admin]) {
        const { data, error } = await u.client.rpc('support_stats');
        expect(error).toBeNull();
        expect(data).toMatchObject({
          total: 5, open: 1, in_progress: 1, resolved: 2, closed: 1, resolved_today: 1, urgent: 2, urgent_open: 1,
          avg_first_response_minutes: 60, // (30 + 90) / 2
        });
      }
    });

    it('refuses customers (403) and anon (401)', async () => {
      const r = await customer.client.rpc('support_stats');
      expect([r.status, r.error?.message]).toEqual([403, 'Access denied. Admin or support privileges required.']);
      expect((await t.client().rpc('support_stats')).status).toBe(401);
    });
  });
});
