/**
 * The demo seed (supabase/seed.sql) on both engines: it applies after the migrations, the demo
 * accounts sign in through /auth/v1 with the documented password and carry their roles, every
 * state the screens can show exists, and Mission Control raises every alert it knows. Also the
 * benchmark data generator (PostgreSQL only), at a small scale.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchUserEmail, benchUserId, generateLargeData } from '../../tests/bench/generate-large-data.ts';
import { enginesUnderTest } from '../../tests/integration/support/engines.ts';
import { describeEngines, startTestStack, type TestStack } from '../../tests/integration/support/stack.ts';

const PASSWORD = 'garage-demo-2026';
const ACCOUNTS = [
  { email: 'customer@example.com', role: 'customer', firstName: 'Casey' },
  { email: 'customer2@example.com', role: 'customer', firstName: 'Jordan' },
  { email: 'support@example.com', role: 'support', firstName: 'Sam' },
  { email: 'admin@example.com', role: 'admin', firstName: 'Alex' },
] as const;
const CASEY = '00000000-0000-4000-8000-000000000001';
const JORDAN = '00000000-0000-4000-8000-000000000002';
const ADMIN = '00000000-0000-4000-8000-000000000004';
const LEGAL_AND_SOLUTION_SLUGS = [
  'privacy', 'terms', 'warranty', 'returns',
  'solutions-homeowners', 'solutions-workshops', 'solutions-businesses', 'solutions-property-managers',
];
// Every alert of spec §9, by the type mission_control() gives it.
const ALERT_TYPES = ['net_profit', 'out_of_stock', 'complaints', 'orders_today', 'low_stock', 'refund_rate', 'revenue_change'];

describeEngines('demo seed', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await startTestStack({ engine });
  });
  afterAll(() => t?.close());

  /** Values of an enum that no row of `table` (optionally filtered) uses. */
  async function missing(enumType: string, table: string, column: string, where = 'true'): Promise<string[]> {
    const { rows } = await t.db.query<{ value: string }>(
      `select e::text as value from unnest(enum_range(null::public.${enumType})) e
       except select ${column}::text from public.${table} where ${where} order by 1`,
    );
    return rows.map((r) => r.value);
  }

  it('was applied as the seed of the fresh database', async () => {
    const { rows } = await t.db.query<{ path: string }>('select path from supabase_migrations.seed_files');
    expect(rows.map((r) => r.path)).toEqual(['supabase/seed.sql']);
  });

  it('lets every demo account sign in with the demo password and gives it its role', async () => {
    for (const account of ACCOUNTS) {
      const { data, error } = await t.client().auth.signInWithPassword({ email: account.email, password: PASSWORD });
      expect(error, account.email).toBeNull();
      expect(data.user?.email).toBe(account.email);
      expect(data.user?.user_metadata).toMatchObject({ first_name: account.firstName });
      const me = t.client({ accessToken: data.session!.access_token });
      const profile = await me.from('profiles').select('role, first_name').eq('user_id', data.user!.id).single();
      expect(profile.error).toBeNull();
      expect(profile.data).toEqual({ role: account.role, first_name: account.firstName });
    }
    const wrong = await t.client().auth.signInWithPassword({ email: 'admin@example.com', password: 'not-the-password' });
    expect(wrong.error?.code).toBe('invalid_credentials');
  });

  it('has tickets in every status and priority, with internal notes hidden from the customer', async () => {
    expect(await missing('ticket_status', 'support_tickets', 'status')).toEqual([]);
    expect(await missing('ticket_priority', 'support_tickets', 'priority')).toEqual([]);
    const { rows } = await t.db.query<{ complaints: number; resolved_today: number; internal: number }>(
      `select (select count(*)::int from public.support_tickets where status in ('open', 'in_progress')) as complaints,
              (select count(*)::int from public.support_tickets where resolved_at >= date_trunc('day', now())) as resolved_today,
              (select count(*)::int from public.support_messages where is_internal) as internal`,
    );
    expect(rows[0]!.complaints).toBeGreaterThan(5);
    expect(rows[0]!.resolved_today).toBeGreaterThanOrEqual(1);
    expect(rows[0]!.internal).toBeGreaterThanOrEqual(3);

    const casey = t.client({ accessToken: await t.userToken(CASEY) });
    const ticket = '10000000-0000-4000-8000-000000000002';
    const seen = await casey.from('support_messages').select('is_internal').eq('ticket_id', ticket);
    expect(seen.error).toBeNull();
    const all = await t.db.query<{ n: number }>('select count(*)::int as n from public.support_messages where ticket_id = $1', [ticket]);
    expect(seen.data!.length).toBeGreaterThan(0);
    expect(seen.data!.length).toBeLessThan(all.rows[0]!.n);
    expect(seen.data!.every((m) => m.is_internal === false)).toBe(true);
  });

  it('gives both demo customers a device in every status and access codes in every state', async () => {
    for (const user of [CASEY, JORDAN]) {
      expect(await missing('device_status', 'devices', 'status', `user_id = '${user}'`)).toEqual([]);
      // The card states of spec §4, checked in the spec's order.
      const { rows } = await t.db.query<{ state: string; code: string }>(
        `select access_code as code, case when expires_at < now() then 'expired'
           when max_usage is not null and usage_count >= max_usage then 'limit_reached'
           when not is_active then 'revoked' else 'active' end as state
         from public.access_permissions where user_id = $1`,
        [user],
      );
      expect(new Set(rows.map((r) => r.state))).toEqual(new Set(['active', 'expired', 'limit_reached', 'revoked']));
      expect(rows.every((r) => /^[A-Z0-9]{6}$/.test(r.code))).toBe(true);
    }
    const casey = t.client({ accessToken: await t.userToken(CASEY) });
    const devices = await casey.from('devices').select('user_id');
    expect(devices.error).toBeNull();
    expect(devices.data!.length).toBeGreaterThanOrEqual(4);
    expect(devices.data!.every((d) => d.user_id === CASEY)).toBe(true);
  });

  it("gives Casey a door log of every kind that only Casey reads, and Jordan one of their own", async () => {
    const { rows } = await t.db.query<{ kind: string; code: string | null; detail: string | null; change: string | null; ago: number }>(
      `select e.kind, e.access_code as code, e.detail, e.previous_status || '>' || e.status as change,
              extract(epoch from now() - e.created_at)::int / 3600 as ago
       from public.device_events e where e.user_id = $1 order by e.created_at`,
      [CASEY],
    );
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(['code_created', 'code_revoked', 'code_redeemed', 'code_refused', 'status_changed']));
    // Every seeded code logged its creation (the trigger); redemptions of the two active codes.
    expect(rows.filter((r) => r.kind === 'code_created').map((r) => r.code).sort()).toEqual(['D4LV9R', 'G2ZK8E', 'K7M2QX', 'P8HN3T', 'R9FJ1Y', 'T5WB6C']);
    const redeemed = rows.filter((r) => r.kind === 'code_redeemed').map((r) => r.code);
    expect(redeemed.filter((c) => c === 'K7M2QX').length).toBeGreaterThanOrEqual(2);
    expect(redeemed.filter((c) => c === 'D4LV9R').length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((r) => r.kind === 'code_refused').map((r) => `${r.code}:${r.detail}`)).toEqual(
      expect.arrayContaining(['T5WB6C:Expired', 'K7M2XQ:Invalid access code']));
    expect(rows.filter((r) => r.kind === 'code_revoked').map((r) => r.code)).toEqual(['R9FJ1Y']);
    expect(rows.filter((r) => r.kind === 'status_changed').map((r) => `${r.change}@${r.ago}h`)).toEqual(['online>error@5h', 'online>maintenance@3h']);
    // The expired code was refused after it expired.
    const refusedAfterExpiry = await t.db.query<{ ok: boolean }>(
      `select bool_and(e.created_at > p.expires_at) as ok from public.device_events e join public.access_permissions p on p.id = e.permission_id
       where e.kind = 'code_refused' and e.detail = 'Expired'`);
    expect(refusedAfterExpiry.rows[0]!.ok).toBe(true);

    const casey = t.client({ accessToken: await t.userToken(CASEY) });
    const seen = await casey.from('device_events').select('user_id');
    expect(seen.error).toBeNull();
    expect(seen.data!.length).toBe(rows.length);
    expect(seen.data!.every((e) => e.user_id === CASEY)).toBe(true);
    const jordan = await t.db.query<{ kind: string }>('select distinct kind from public.device_events where user_id = $1 order by 1', [JORDAN]);
    expect(jordan.rows.map((r) => r.kind)).toEqual(['code_created', 'code_redeemed', 'code_refused', 'code_revoked', 'status_changed']);
  });

  it('numbers the orders from 100001 in the order they were placed, each expected 5 days after it', async () => {
    const { rows } = await t.db.query<{ n: number; first: string; distinct_n: number; in_order: boolean; five_days: boolean }>(
      `select count(*)::int as n, min(order_number)::text as first, count(distinct order_number)::int as distinct_n,
              bool_and(order_number = 100000 + rn) as in_order,
              bool_and(expected_delivery_at = created_at + interval '5 days') as five_days
       from (select *, row_number() over (order by created_at, id) as rn from public.orders) o`,
    );
    expect(rows[0]).toMatchObject({ first: '100001', distinct_n: rows[0]!.n, in_order: true, five_days: true });
    // Casey's order notifications name the orders by number, as the trigger writes them.
    const notes = await t.db.query<{ body: string; number: string }>(
      `select n.body, o.order_number::text as number from public.notifications n
       join public.orders o on o.id = '60000000-0000-4000-8000-000000000004' where n.user_id = $1 and n.type = 'order_status' and n.body like '%Shipped.'`,
      [CASEY]);
    expect(notes.rows.map((r) => r.body)).toEqual([`Your order #${notes.rows[0]?.number} is now Shipped.`]);
  });

  it('has inventory in all three stock states and orders over more than 60 days', async () => {
    const { rows } = await t.db.query<{ state: string }>(
      `select distinct case when current_stock = 0 then 'out' when current_stock <= minimum_stock then 'low' else 'in' end as state
       from public.inventory order by 1`,
    );
    expect(rows.map((r) => r.state)).toEqual(['in', 'low', 'out']);
    const orders = await t.db.query<{ today: number; span_days: number }>(
      `select count(*) filter (where created_at >= date_trunc('day', now()))::int as today,
              extract(day from now() - min(created_at))::int as span_days from public.orders`,
    );
    expect(orders.rows[0]!.today).toBeGreaterThan(10);
    expect(orders.rows[0]!.span_days).toBeGreaterThanOrEqual(60);
    expect(await missing('order_status', 'orders', 'status')).toEqual([]);
    expect(await missing('transaction_type', 'financial_transactions', 'transaction_type')).toEqual([]);
  });

  it('publishes the legal and solutions pages, and has content in every type and status', async () => {
    expect(await missing('content_status', 'cms_content', 'status')).toEqual([]);
    expect(await missing('content_type', 'cms_content', 'content_type')).toEqual([]);
    const { data, error } = await t.client().from('cms_content').select('slug, content_type, status').in('slug', LEGAL_AND_SOLUTION_SLUGS);
    expect(error).toBeNull();
    expect(data!.map((p) => p.slug).sort()).toEqual([...LEGAL_AND_SOLUTION_SLUGS].sort());
    expect(data!.every((p) => p.content_type === 'page' && p.status === 'published')).toBe(true);
  });

  it('has at least 12 articles, three featured, and shows customers only the published ones', async () => {
    const { rows } = await t.db.query<{ total: number; published: number; featured: number; drafts: number }>(
      `select count(*)::int as total, count(*) filter (where is_published)::int as published,
              count(*) filter (where is_published and is_featured)::int as featured,
              count(*) filter (where not is_published)::int as drafts from public.kb_articles`,
    );
    expect(rows[0]!.total).toBeGreaterThanOrEqual(12);
    expect(rows[0]!.featured).toBe(3);
    expect(rows[0]!.drafts).toBeGreaterThan(0);
    const casey = t.client({ accessToken: await t.userToken(CASEY) });
    const visible = await casey.from('kb_articles').select('is_published');
    expect(visible.error).toBeNull();
    expect(visible.data!.length).toBe(rows[0]!.published);
  });

  it('has sign-in successes and failures with addresses, and read and unread notifications', async () => {
    const logs = await t.db.query<{ success: boolean; with_client: number }>(
      `select success, count(*) filter (where ip_address is not null and user_agent is not null)::int as with_client
       from public.access_logs where action in ('login', 'login_failed') group by success order by success`,
    );
    expect(logs.rows.map((r) => r.success)).toEqual([false, true]);
    expect(logs.rows.every((r) => r.with_client > 0)).toBe(true);
    const casey = t.client({ accessToken: await t.userToken(CASEY) });
    const notes = await casey.from('notifications').select('is_read');
    expect(notes.error).toBeNull();
    expect(new Set(notes.data!.map((n) => n.is_read))).toEqual(new Set([true, false]));
  });

  it('makes Mission Control raise every alert for an admin', async () => {
    const admin = t.client({ accessToken: await t.userToken(ADMIN) });
    const { data, error } = await admin.rpc('mission_control');
    expect(error).toBeNull();
    const alerts = (data as { alerts: { type: string }[] }).alerts.map((a) => a.type);
    expect(alerts).toEqual(expect.arrayContaining(ALERT_TYPES));
  });
});

// The generator writes PostgreSQL-only SQL for benchmarks; here at a small scale on top of the seed.
if (enginesUnderTest().includes('postgres')) {
  describe('large-data generator [postgres]', () => {
    let t: TestStack;
    beforeAll(async () => {
      t = await startTestStack({ engine: 'postgres' });
    });
    afterAll(() => t?.close());

    it('adds users, orders, ledger, tickets and logs that the stack serves like real ones', async () => {
      const sizes = { users: 200, staff: 10, orders: 1000, transactions: 5000, tickets: 500, accessLogs: 3000 };
      const { counts } = await generateLargeData(t.databaseUrl!, sizes);
      expect(counts['public.orders']).toBeGreaterThanOrEqual(sizes.orders);
      expect(counts['public.financial_transactions']).toBeGreaterThanOrEqual(sizes.transactions);
      expect(counts['public.support_tickets']).toBeGreaterThanOrEqual(sizes.tickets);
      expect(counts['public.access_logs']).toBeGreaterThanOrEqual(sizes.accessLogs);
      expect(counts['public.profiles']).toBe(counts['auth.users']);

      // Every generated order has its sale, for its total.
      const { rows } = await t.db.query<{ unmatched: number }>(
        `select count(*)::int as unmatched from public.orders o
         where o.email = 'customer@example.test'
           and not exists (select 1 from public.financial_transactions f
                           where f.order_id = o.id and f.transaction_type = 'sale' and f.amount = o.total)`,
      );
      expect(rows[0]!.unmatched).toBe(0);

      // A generated customer signs in with the demo password and sees exactly their own orders.
      const customer = 50;
      const { data, error } = await t.client().auth.signInWithPassword({ email: benchUserEmail(customer), password: PASSWORD });
      expect(error).toBeNull();
      expect(data.user?.id).toBe(benchUserId(customer));
      const mine = await t.client({ accessToken: data.session!.access_token }).from('orders').select('user_id');
      const owned = await t.db.query<{ n: number }>('select count(*)::int as n from public.orders where user_id = $1', [benchUserId(customer)]);
      expect(mine.error).toBeNull();
      expect(mine.data!.length).toBe(owned.rows[0]!.n);
      expect(mine.data!.every((o) => o.user_id === benchUserId(customer))).toBe(true);

      await expect(generateLargeData(t.databaseUrl!, sizes)).rejects.toThrow(/already has generated data/);
    });
  });
}
