import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../../../tests/integration/support/stack.ts';
import { createUser, type TestUser } from './helpers.ts';

interface Alert { type: string; severity: string; title: string; message: string }
interface Report {
  revenue: { last_30_days: number; previous_30_days: number; change_percent: number };
  expenses: number; net_profit: number;
  orders: { today: number; last_30_days: number };
  average_order_value: { value: number; label: string; above_target: boolean };
  inventory: { total_items: number; in_stock: number; low_stock: number; out_of_stock: number; low_stock_items: { sku: string }[]; out_of_stock_items: { sku: string }[] };
  refunds: { total: number; count: number; refund_rate: number; refund_rate_warning: boolean; return_rate: number; return_rate_warning: boolean };
  complaints: { open: number; in_progress: number; total: number; critical: boolean };
  top_products: { product_id: number | null; name: string; units_sold: number; revenue: number }[];
  underperforming_products: { product_name: string; units_sold: number; days_since_last_sale: number | null }[];
  alerts: Alert[];
}

const CATEGORY = '7f000000-0000-4000-8000-000000000003';
const FIXTURE = `
insert into public.support_categories (id, name) values ('${CATEGORY}', 'MC test');
insert into public.products (id, name, slug, price, category, stock)
select 700 + g, 'MC product ' || g, 'mc-product-' || g, 10, 'accessories', 10 from unnest(array[1, 2, 3, 4, 5, 6, 7, 99]) g;
`;

describeEngines('mission_control', (engine) => {
  let t: TestStack;
  let admin: TestUser;
  let shopper: TestUser;

  const report = async (u: TestUser = admin) => {
    const { data, error } = await u.client.rpc('mission_control');
    expect(error).toBeNull();
    return data as Report;
  };
  const alertTypes = async () => (await report()).alerts.map((a) => `${a.severity}:${a.type}`);
  const sql = (text: string, params: unknown[] = []) => t.db.query(text, params);
  /** A ledger row `age` ago ('1 day', '45 days'). */
  const money = (type: string, amount: number, age = '1 hour') =>
    sql(`insert into public.financial_transactions (transaction_type, amount, processed_at) values ($1, $2, now() - $3::interval)`, [type, amount, age]);
  /** An order `age` ago with lines [product_id, name, quantity, price]. */
  const order = (age: string, lines: [number | null, string, number, number][] = [[1, 'Item', 1, 10]], status = 'processing') => {
    const items = lines.map(([product_id, name, quantity, price]) => ({ ...(product_id === null ? {} : { product_id }), name, quantity, price }));
    const subtotal = lines.reduce((s, l) => s + l[2] * l[3], 0);
    return sql(`insert into public.orders (user_id, status, items, subtotal, tax, total, created_at)
      values ($1, $2, $3::jsonb, $4, 0, $4, now() - $5::interval)`, [shopper.id, status, JSON.stringify(items), subtotal, age]);
  };
  const stockItem = (name: string, current: number, minimum: number, productId: number | null = null) =>
    sql(`insert into public.inventory (product_name, sku, current_stock, minimum_stock, unit_price, product_id) values ($1, $2, $3, $4, 10, $5)`,
      [name, `SKU-${randomUUID().slice(0, 8)}`, current, minimum, productId]);
  const tickets = (n: number, status: string) =>
    sql(`insert into public.support_tickets (user_id, subject, description, category_id, status)
      select $1, 'Ticket ' || g, 'A complaint about the door.', $2, $3::public.ticket_status from generate_series(1, $4::int) g`,
      [shopper.id, CATEGORY, status, n]);

  beforeAll(async () => {
    t = await startTestStack({ engine, fixtureSql: FIXTURE });
    [admin, shopper] = await Promise.all([createUser(t, 'admin'), createUser(t)]);
  });
  // Every test builds the whole picture it asserts: start from empty report tables (as the owner).
  beforeEach(async () => {
    await t.db.exec(`delete from public.financial_transactions; delete from public.orders; delete from public.inventory;
      delete from public.support_tickets;`);
  });
  afterAll(() => t?.close());

  describe('who may call it', () => {
    it('refuses anon (401), customers and support (403), and an admin with a verified factor at aal1', async () => {
      expect((await t.client().rpc('mission_control')).status).toBe(401);
      for (const u of [shopper, await createUser(t, 'support')]) {
        const { error, status } = await u.client.rpc('mission_control');
        expect(status).toBe(403);
        expect(error?.message).toBe('Access denied. Admin privileges required.');
      }
      const mfaAdmin = await createUser(t, 'admin');
      await sql(`insert into auth.mfa_factors (id, user_id, factor_type, status, created_at, updated_at) values ($1, $2, 'totp', 'verified', now(), now())`,
        [randomUUID(), mfaAdmin.id]);
      expect((await mfaAdmin.client.rpc('mission_control')).status).toBe(403);
      expect((await t.client({ accessToken: await t.userToken(mfaAdmin.id, { aal: 'aal2' }) }).rpc('mission_control')).error).toBeNull();
    });
  });

  it('reports zeros and no alerts on an empty shop', async () => {
    const r = await report();
    expect(r.revenue).toEqual({ last_30_days: 0, previous_30_days: 0, change_percent: 0 });
    expect(r.average_order_value).toEqual({ value: 0, label: 'Below target', above_target: false });
    expect(r.refunds).toMatchObject({ refund_rate: 0, return_rate: 0, refund_rate_warning: false, return_rate_warning: false });
    expect([r.top_products, r.underperforming_products, r.alerts]).toEqual([[], [], []]);
  });

  it('computes the figures with the spec formulas and windows', async () => {
    await money('sale', 600, '2 days');
    await money('revenue', 400, '29 days');
    await money('sale', 9999, '31 days'); // previous window, not current
    await money('sale', 1, '61 days'); // outside both windows
    await money('refund', 60, '3 days');
    await money('refund', 40, '4 days');
    await money('expense', 100, '5 days');
    for (let i = 0; i < 3; i++) await order('1 minute');
    for (let i = 0; i < 17; i++) await order('10 days');
    await order('40 days'); // outside the 30-day window
    await order('1 minute', [[1, 'Item', 1, 10]], 'cancelled'); // not a sale
    await tickets(2, 'open');
    await tickets(1, 'in_progress');
    await tickets(4, 'resolved');
    const r = await report();
    expect(r.revenue).toEqual({ last_30_days: 1000, previous_30_days: 9999, change_percent: -90 });
    expect(r.expenses).toBe(200);
    expect(r.net_profit).toBe(800);
    expect(r.orders).toEqual({ today: 3, last_30_days: 20 });
    expect(r.average_order_value).toEqual({ value: 50, label: 'Below target', above_target: false }); // 1000 / 20, not above 50
    expect(r.refunds).toEqual({ total: 100, count: 2, refund_rate: 10, refund_rate_warning: false, return_rate: 10, return_rate_warning: true });
    expect(r.complaints).toEqual({ open: 2, in_progress: 1, total: 3, critical: false });
  });

  it("labels an average order value above 50 'Above target'", async () => {
    await money('sale', 101);
    await order('1 hour');
    await order('2 hours');
    expect((await report()).average_order_value).toEqual({ value: 50.5, label: 'Above target', above_target: true });
  });

  it('classifies stock: out at 0, low above 0 and at or below minimum', async () => {
    await stockItem('Empty', 0, 5);
    await stockItem('At minimum', 5, 5);
    await stockItem('Below minimum', 2, 5);
    await stockItem('Fine', 6, 5);
    const inv = (await report()).inventory;
    expect(inv).toMatchObject({ total_items: 4, in_stock: 1, low_stock: 2, out_of_stock: 1 });
  });

  it('ranks the top 5 products by 30-day revenue and finds underperformers, lowest sales first', async () => {
    await order('1 day', [[701, 'Complete System', 10, 299], [702, 'Indoor Unit', 3, 149]]);
    await order('2 days', [[703, 'Solar Panel Kit', 1, 79], [704, 'Backup Battery', 2, 59]]);
    await order('3 days', [[705, 'Mount', 4, 20], [706, 'Sensor', 1, 15]]);
    await order('12 days', [[707, 'Old Seller', 6, 30]]);
    await order('45 days', [[701, 'Complete System', 100, 299]]); // outside the window
    await order('1 day', [[null, 'Cable', 2, 5]]); // a line without product id, matched by name
    const top = (await report()).top_products;
    expect(top.map((p) => [p.name, p.units_sold, p.revenue])).toEqual([
      ['Complete System', 10, 2990], ['Indoor Unit', 3, 447], ['Old Seller', 6, 180], ['Backup Battery', 2, 118], ['Mount', 4, 80]]);

    await stockItem('Complete System', 20, 5, 701); // 10 sold yesterday: performing
    await stockItem('Indoor Unit', 20, 5, 702); // 3 sold: under 5
    await stockItem('Old Seller', 20, 5, 707); // 6 sold, but 12 days ago: over 7 days
    await stockItem('Never Sold', 20, 5, 799);
    await stockItem('cable', 20, 5, null); // 2 sold, by name
    const under = (await report()).underperforming_products;
    expect(under.map((p) => [p.product_name, p.units_sold, p.days_since_last_sale])).toEqual([
      ['Never Sold', 0, null], ['cable', 2, 1], ['Indoor Unit', 3, 1], ['Old Seller', 6, 12]]);
  });

  describe('alerts (one threshold at a time, just below and just above)', () => {
    it('orders today over 10: medium', async () => {
      for (let i = 0; i < 10; i++) await order('1 minute');
      expect(await alertTypes()).toEqual([]);
      await order('1 minute');
      expect(await alertTypes()).toEqual(['medium:orders_today']);
    });

    it('revenue change over 20%: low', async () => {
      await money('sale', 100, '40 days');
      await money('sale', 120, '1 day');
      expect(await alertTypes()).toEqual([]);
      await money('sale', 1, '1 day');
      expect(await alertTypes()).toEqual(['low:revenue_change']);
    });

    it('any out of stock: high; any low stock: medium', async () => {
      await stockItem('Plenty', 9, 5);
      expect(await alertTypes()).toEqual([]);
      await stockItem('Low', 5, 5);
      expect(await alertTypes()).toEqual(['medium:low_stock']);
      await stockItem('Gone', 0, 5);
      expect(await alertTypes()).toEqual(['high:out_of_stock', 'medium:low_stock']);
    });

    it('complaints over 5 (open + in progress): high', async () => {
      await tickets(3, 'open');
      await tickets(2, 'in_progress');
      await tickets(3, 'closed');
      expect(await alertTypes()).toEqual([]);
      await tickets(1, 'in_progress');
      expect(await alertTypes()).toEqual(['high:complaints']);
      expect((await report()).complaints.critical).toBe(true);
    });

    it('refund rate over 10%: medium', async () => {
      await money('sale', 1000);
      await money('refund', 100);
      expect(await alertTypes()).toEqual([]);
      await money('refund', 0.5);
      expect(await alertTypes()).toEqual(['medium:refund_rate']);
      expect((await report()).refunds.refund_rate_warning).toBe(true);
    });

    it('negative net profit: critical', async () => {
      await money('sale', 100);
      await money('expense', 100);
      expect(await alertTypes()).toEqual([]);
      await money('expense', 0.01);
      expect(await alertTypes()).toEqual(['critical:net_profit']);
    });

    it('sorts all alerts critical, high, medium, low (at most 8)', async () => {
      await money('sale', 100, '40 days');
      await money('sale', 200, '1 day');
      await money('refund', 50, '1 day');
      await money('expense', 500, '1 day');
      for (let i = 0; i < 11; i++) await order('1 minute');
      await stockItem('Gone', 0, 5);
      await stockItem('Low', 1, 5);
      await tickets(6, 'open');
      const alerts = (await report()).alerts;
      expect(alerts.map((a) => `${a.severity}:${a.type}`)).toEqual([
        'critical:net_profit', 'high:out_of_stock', 'high:complaints', 'medium:orders_today', 'medium:low_stock', 'medium:refund_rate', 'low:revenue_change']);
      expect(alerts.length).toBeLessThanOrEqual(8);
      expect(alerts[0]).toEqual({ type: 'net_profit', severity: 'critical', title: 'Negative net profit', message: 'Expenses exceed revenue by $350.00 over the last 30 days' });
    });
  });
});
