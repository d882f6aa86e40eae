/**
 * The admin pages' reads: mission_control()'s chart series (revenue per day over the 30-day
 * window, stock per inventory item), financial_summary()'s series per period bucket, and the
 * access logs as the Access Logs page reads them through /rest/v1 (staff only; filters, keyset
 * pages and head counts applied in SQL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../../tests/integration/support/stack.ts';
import { createUser, one, type TestUser } from './functions/helpers.ts';

interface Bucket { start: string; revenue: number; expenses: number }

describeEngines('admin reports', (engine) => {
  let t: TestStack;
  let admin: TestUser;
  let support: TestUser;
  let customer: TestUser;
  const sql = (text: string, params: unknown[] = []) => t.db.query(text, params);
  const money = (type: string, amount: number, when: string) =>
    sql(`insert into public.financial_transactions (transaction_type, amount, processed_at) values ($1, $2, ${when})`, [type, amount]);

  beforeAll(async () => {
    t = await startTestStack({ engine });
    [admin, support, customer] = await Promise.all([createUser(t, 'admin'), createUser(t, 'support'), createUser(t)]);
    await t.db.exec('delete from public.financial_transactions; delete from public.inventory; delete from public.access_logs;');
  });
  afterAll(() => t?.close());

  describe('mission_control chart series', () => {
    it('gives every day of the window, summing to the 30-day revenue, and the stock of every item', async () => {
      await t.db.exec('delete from public.financial_transactions; delete from public.inventory;');
      await money('sale', 100, `now() - interval '1 minute'`);
      await money('revenue', 50, `now() - interval '1 minute'`);
      await money('sale', 70, `now() - interval '10 days'`);
      await money('expense', 999, `now() - interval '2 days'`); // not revenue
      await money('refund', 5, `now() - interval '3 days'`); // not revenue
      await money('sale', 1000, `now() - interval '31 days'`); // previous window
      await sql(`insert into public.inventory (product_name, sku, current_stock, minimum_stock, unit_price)
        values ('Beta unit', 'T-B', 0, 5, 10), ('Alpha unit', 'T-A', 12, 5, 10)`);
      const { data, error } = await admin.client.rpc('mission_control');
      expect(error).toBeNull();
      const days = data.revenue_by_day as { day: string; revenue: number }[];
      expect(days).toHaveLength(31); // the partial first day through today
      const today = await one<{ d: string; ten: string }>(t, `select to_char(now(), 'YYYY-MM-DD') d, to_char(now() - interval '10 days', 'YYYY-MM-DD') ten`);
      expect(days.at(-1)).toEqual({ day: today.d, revenue: 150 });
      expect(days.find((d) => d.day === today.ten)?.revenue).toBe(70);
      expect(days.reduce((sum, d) => sum + d.revenue, 0)).toBe(data.revenue.last_30_days);
      expect(new Set(days.map((d) => d.day)).size).toBe(31);
      expect(data.stock_by_product).toEqual([
        { product_name: 'Alpha unit', sku: 'T-A', current_stock: 12, minimum_stock: 5 },
        { product_name: 'Beta unit', sku: 'T-B', current_stock: 0, minimum_stock: 5 },
      ]);
    });

    it('is still refused to support and customers', async () => {
      for (const u of [support, customer]) expect((await u.client.rpc('mission_control')).status).toBe(403);
    });
  });

  describe('financial_summary series', () => {
    const summary = async (period: string) => {
      const { data, error } = await admin.client.rpc('financial_summary', { p_period: period });
      expect(error).toBeNull();
      return data as { from: string; to: string; revenue: number; expenses: number; unit: string; series: Bucket[] };
    };

    it('buckets each period by hour, day or month, covering it exactly and summing to its figures', async () => {
      await t.db.exec('delete from public.financial_transactions');
      await money('sale', 40, 'now()');
      await money('expense', 15, 'now()');
      await money('refund', 5, `date_trunc('month', now()) - interval '1 second'`); // last month
      await money('revenue', 60, `date_trunc('year', now())`);
      const expected = { today: ['hour', 24], this_week: ['day', 7], this_year: ['month', 12] } as const;
      for (const period of ['today', 'this_week', 'this_month', 'last_month', 'this_quarter', 'this_year']) {
        const s = await summary(period);
        const [unit, length] = period in expected ? expected[period as keyof typeof expected] : ['day', undefined];
        expect(s.unit).toBe(unit);
        if (length) expect(s.series).toHaveLength(length);
        expect(new Date(s.series[0]!.start).getTime()).toBe(new Date(s.from).getTime());
        expect(s.series.reduce((sum, b) => sum + b.revenue, 0)).toBe(s.revenue);
        expect(s.series.reduce((sum, b) => sum + b.expenses, 0)).toBe(s.expenses);
      }
      const month = await summary('this_month');
      const days = await one<{ n: number }>(t, `select extract(day from date_trunc('month', now()) + interval '1 month' - interval '1 day')::int n`);
      expect(month.series).toHaveLength(days.n);
      const last = await summary('last_month');
      expect(last.series.at(-1)).toMatchObject({ revenue: 0, expenses: 5 });
    });

    it('is still refused to support and customers', async () => {
      for (const u of [support, customer]) expect((await u.client.rpc('financial_summary', { p_period: 'today' })).status).toBe(403);
    });
  });

  describe('access logs as the page reads them', () => {
    beforeAll(async () => {
      await t.db.exec('delete from public.access_logs');
      await sql(`insert into public.access_logs (action, resource, user_agent, success, error_message, created_at)
        select case when g % 3 = 0 then 'login_failed' else 'login' end, 'auth/user' || g || '@example.com',
          case when g % 2 = 0 then 'Firefox/132.0' else 'Chrome/131.0' end, g % 3 <> 0,
          case when g % 3 = 0 then 'Invalid login credentials' end, now() - g * interval '1 hour'
        from generate_series(1, 60) g`);
    });

    it('support and admin read the logs, customers and anon read none', async () => {
      for (const u of [admin, support]) {
        const { data, error } = await u.client.from('access_logs').select('id').limit(5);
        expect(error).toBeNull();
        expect(data).toHaveLength(5);
      }
      expect((await customer.client.from('access_logs').select('id')).data).toEqual([]);
      expect((await t.client().from('access_logs').select('id')).data ?? []).toEqual([]);
    });

    it('counts with head requests: total, failed, today', async () => {
      const total = await support.client.from('access_logs').select('*', { count: 'exact', head: true });
      const failed = await support.client.from('access_logs').select('*', { count: 'exact', head: true }).eq('success', false);
      const midnight = await one<{ d: string }>(t, `select date_trunc('day', now())::text d`);
      const today = await support.client.from('access_logs').select('*', { count: 'exact', head: true }).gte('created_at', midnight.d);
      const expectedToday = await one<{ n: number }>(t, `select count(*)::int n from public.access_logs where created_at >= date_trunc('day', now())`);
      expect([total.count, failed.count, today.count]).toEqual([60, 20, expectedToday.n]);
    });

    it('applies the text, action and result filters and pages by (created_at, id)', async () => {
      const text = await support.client.from('access_logs').select('id, user_agent')
        .or('action.ilike.*firefox*,resource.ilike.*firefox*,user_agent.ilike.*firefox*,error_message.ilike.*firefox*');
      expect(text.error).toBeNull();
      expect(text.data).toHaveLength(30);
      const failures = await support.client.from('access_logs').select('id').eq('action', 'login_failed').eq('success', false);
      expect(failures.data).toHaveLength(20);
      const first = await support.client.from('access_logs').select('id, created_at').order('created_at', { ascending: false }).order('id', { ascending: false }).limit(25);
      const cursor = first.data!.at(-1)!;
      const next = await support.client.from('access_logs').select('id, created_at')
        .or(`created_at.lt.${cursor.created_at},and(created_at.eq.${cursor.created_at},id.lt.${cursor.id})`)
        .order('created_at', { ascending: false }).order('id', { ascending: false }).limit(50);
      expect(next.error).toBeNull();
      expect(next.data).toHaveLength(35);
      expect(new Set([...first.data!, ...next.data!].map((r) => r.id)).size).toBe(60);
    });
  });
});
