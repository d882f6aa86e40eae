/**
 * Fills a migrated PostgreSQL database with two years of production-sized data for benchmarks:
 * 10,000 users with profiles, 100,000 orders (each with its sale in the ledger), 1,000,000
 * financial transactions, 100,000 support tickets with staff replies, and 1,000,000 access-log
 * rows, then ANALYZE. Everything is set-based (`insert … select … from generate_series`) and
 * seeded (`setseed`), so two runs produce the same data.
 *
 *   npx tsx tests/bench/generate-large-data.ts postgresql://postgres@127.0.0.1:5432/db
 *
 * The database must have the migrations applied and no earlier generated data. As a superuser
 * the inserts run with session_replication_role = replica: triggers and foreign-key checks are
 * skipped (the data is consistent by construction and profiles are inserted here), which halves
 * the time. Other roles (a hosted project's `postgres`) run the normal triggers instead: resolved
 * tickets then get resolved_at = now() and each staff reply also writes a notification.
 * Measured on 2 cores with PostgreSQL 15: about 2 minutes, 820 MB.
 */
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

export interface LargeDataOptions {
  users?: number;
  /** The first `staff` users are support staff (the last 5 of them admins); they answer tickets. */
  staff?: number;
  orders?: number;
  /** Total ledger rows, including one sale per order. */
  transactions?: number;
  tickets?: number;
  accessLogs?: number;
  /** How far back the data goes. */
  days?: number;
  log?: (line: string) => void;
}

export interface LargeDataResult {
  counts: Record<string, number>;
  durationMs: number;
  /** Whether triggers were skipped (superuser) or fired for every row. */
  triggers: 'skipped' | 'fired';
}

const DEFAULTS = { users: 10_000, staff: 25, orders: 100_000, transactions: 1_000_000, tickets: 100_000, accessLogs: 1_000_000, days: 730 };
/** bcrypt of garage-demo-2026, the demo password (supabase/seed.sql), so benchmarks can sign in. */
const PASSWORD_HASH = '$2b$10$jwwZgYkzemGAYf.lDhJxe.0IGjPhkyxdHc/23mhSXDKl7V8Z.pMfC';

/** The id of generated user i (1-based), as SQL computes it: md5('bench-user-' || i)::uuid. */
export function benchUserId(i: number): string {
  const h = createHash('md5').update(`bench-user-${i}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
export const benchUserEmail = (i: number) => `bench-user-${i}@example.test`;

// SQL fragments. :users, :staff, :days are substituted as integers before running.
const RANDOM_CUSTOMER = `md5('bench-user-' || (:staff + 1 + floor(random() * (:users - :staff)))::int)::uuid`;
const RANDOM_STAFF = `md5('bench-user-' || (1 + floor(random() * :staff))::int)::uuid`;
// Skewed towards the present (the business grows): sqrt(random()) is near 1 more often.
const RECENT_DATE = `now() - (1 - sqrt(random())) * :days * interval '1 day'`;
const pick = (values: string[]) => `(array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}])[1 + floor(random() * ${values.length})::int]`;

const USER_AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0',
];
const IP = `(${pick(['203.0.113.', '198.51.100.', '192.0.2.'])} || (1 + floor(random() * 254))::int)::inet`;

const STEPS: { table: string; sql: string }[] = [
  {
    table: 'auth.users',
    sql: `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
        confirmation_token, recovery_token, email_change_token_new, email_change, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
      select '00000000-0000-0000-0000-000000000000', md5('bench-user-' || i)::uuid, 'authenticated', 'authenticated',
        'bench-user-' || i || '@example.test', '${PASSWORD_HASH}', now(), '', '', '', '',
        '{"provider":"email","providers":["email"]}', jsonb_build_object('first_name', 'User', 'last_name', i::text),
        now() - (:days + 30 - i * :days / :users) * interval '1 day', now()
      from generate_series(1, :users) i`,
  },
  {
    table: 'auth.identities',
    sql: `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
      select u.id::text, u.id, jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true), 'email', u.created_at, u.created_at
      from auth.users u where u.email like 'bench-user-%@example.test'`,
  },
  {
    // The signup trigger does this when triggers fire; then this insert does nothing.
    table: 'public.profiles',
    sql: `insert into public.profiles (user_id, first_name, last_name, email, role, created_at, updated_at)
      select u.id, 'User', split_part(split_part(u.email, '@', 1), '-', 3), u.email, 'customer', u.created_at, u.created_at
      from auth.users u where u.email like 'bench-user-%@example.test'
      on conflict (user_id) do nothing;
      update public.profiles set role = case when split_part(split_part(email, '@', 1), '-', 3)::int > :staff - 5 then 'admin' else 'support' end::public.user_role
      where email like 'bench-user-%@example.test' and split_part(split_part(email, '@', 1), '-', 3)::int <= :staff`,
  },
  {
    table: 'public.orders',
    sql: `insert into public.orders (id, user_id, status, items, subtotal, tax, shipping, total, email, shipping_name,
        shipping_address, shipping_city, shipping_state, shipping_zip, expected_delivery_at, created_at, updated_at)
      select md5('bench-order-' || i)::uuid, o.user_id,
        (case when random() < 0.05 then 'cancelled' when o.at > now() - interval '1 day' then 'processing'
          when o.at > now() - interval '7 days' then 'shipped' else 'delivered' end)::public.order_status,
        c.items, c.subtotal, round(c.subtotal * 0.10, 2), 0, round(c.subtotal * 1.10, 2),
        'customer@example.test', 'Bench Customer', '1 Main St', ${pick(['Austin', 'Denver', 'Seattle', 'Atlanta', 'Phoenix', 'Tampa'])}, 'TX', '78701',
        o.at + interval '5 days', o.at, o.at
      from (select i, ${RANDOM_CUSTOMER} as user_id, ${RECENT_DATE} as at, floor(random() * 6)::int as combo
            from generate_series(1, :orders) i) o
      join (values
        (0, 299.00, '[{"product_id":1,"name":"Complete System","quantity":1,"price":299}]'::jsonb),
        (1, 149.00, '[{"product_id":2,"name":"Indoor Unit Standalone","quantity":1,"price":149}]'),
        (2, 378.00, '[{"product_id":1,"name":"Complete System","quantity":1,"price":299},{"product_id":3,"name":"Solar Panel Kit","quantity":1,"price":79}]'),
        (3, 118.00, '[{"product_id":4,"name":"Backup Battery Pack","quantity":2,"price":59}]'),
        (4, 358.00, '[{"product_id":1,"name":"Complete System","quantity":1,"price":299},{"product_id":4,"name":"Backup Battery Pack","quantity":1,"price":59}]'),
        (5, 79.00, '[{"product_id":3,"name":"Solar Panel Kit","quantity":1,"price":79}]')
      ) as c(n, subtotal, items) on c.n = o.combo`,
  },
  {
    // One sale per order, then the rest of the ledger: 60 % sales (retail partners), 15 % other
    // revenue, 20 % expenses, 5 % refunds.
    table: 'public.financial_transactions',
    sql: `insert into public.financial_transactions (transaction_type, amount, description, category, order_id, processed_at, created_at)
      select 'sale', o.total, 'Order ' || upper(left(o.id::text, 8)), 'Product Sales', o.id, o.created_at, o.created_at
      from public.orders o where o.email = 'customer@example.test';
      insert into public.financial_transactions (transaction_type, amount, description, category, processed_at, created_at)
      select t.type, t.amount, t.type || ' ' || i, t.category, t.at, t.at
      from (select i, x.type::public.transaction_type as type, x.at,
              round((case x.type when 'sale' then 59 + random() * 360 when 'revenue' then 40 + random() * 1500
                when 'expense' then 50 + power(random(), 3) * 15000 else 59 + random() * 360 end)::numeric, 2) as amount,
              case x.type when 'sale' then 'Retail Partners' when 'revenue' then ${pick(['Services', 'Contracts'])}
                when 'expense' then ${pick(['Inventory', 'Payroll', 'Marketing', 'Shipping', 'Infrastructure', 'Facilities'])} else 'Returns' end as category
            from generate_series(1, greatest(:transactions - :orders, 0)) i
            cross join lateral (select case when r < 0.60 then 'sale' when r < 0.75 then 'revenue' when r < 0.95 then 'expense' else 'refund' end as type,
              ${RECENT_DATE} as at from (select random() + i * 0 as r) rr) x) t`,
  },
  {
    table: 'public.support_tickets',
    sql: `insert into public.support_tickets (id, user_id, subject, description, category_id, priority, status, assigned_to, resolved_at, created_at, updated_at)
      select md5('bench-ticket-' || i)::uuid, t.user_id, t.subject || ' (#' || i || ')',
        'Customer report #' || i || ': ' || t.subject || '. Please help me sort this out.',
        cats.ids[1 + floor(random() * array_length(cats.ids, 1))::int],
        (case when random() < 0.3 then 'low' when random() < 0.6 then 'medium' when random() < 0.8 then 'high' else 'urgent' end)::public.ticket_priority,
        t.status::public.ticket_status,
        case when t.status <> 'open' then ${RANDOM_STAFF} end,
        case when t.status in ('resolved', 'closed') then least(t.at + random() * interval '5 days', now()) end,
        t.at, t.at
      from (select a.*, now() - a.age * interval '1 day' as at,
              ${pick(['Door will not open', 'Camera offline', 'Access code not working', 'Refund request', 'Wi-Fi keeps dropping', 'How do I add a second door', 'Battery not charging', 'App sign-in problem'])} as subject,
              case when a.age < 3 then ${pick(['open', 'open', 'in_progress', 'resolved'])}
                when a.age < 30 then ${pick(['open', 'in_progress', 'resolved', 'resolved', 'closed'])}
                else case when random() < 0.02 then 'open' when random() < 0.45 then 'resolved' else 'closed' end end as status
            from (select i, ${RANDOM_CUSTOMER} as user_id, (1 - sqrt(random())) * :days as age
                  from generate_series(1, :tickets) i) a) t
      cross join (select array_agg(id) as ids from public.support_categories) cats`,
  },
  {
    // A staff reply on most tickets (5 minutes to 2 days later), plus internal notes on some.
    table: 'public.support_messages',
    sql: `insert into public.support_messages (ticket_id, user_id, message, is_internal, created_at)
      select t.id, ${RANDOM_STAFF}, case when n = 1 then 'Thanks for reaching out. Here is what to try next.' else 'Internal: escalated to engineering.' end,
        n = 2, least(t.created_at + (5 + random() * 2880) * interval '1 minute', now())
      from public.support_tickets t
      cross join generate_series(1, 2) n
      where t.subject like '%(#%)' and t.description like 'Customer report #%'
        and ((n = 1 and (t.status <> 'open' or random() < 0.5)) or (n = 2 and random() < 0.15))`,
  },
  {
    // 85 % sign-ins, 5 % failed sign-ins, 10 % staff actions.
    table: 'public.access_logs',
    sql: `insert into public.access_logs (user_id, action, resource, ip_address, user_agent, success, error_message, created_at)
      select l.user_id, l.action, l.resource, ${IP}, ${pick(USER_AGENTS)}, l.action <> 'login_failed',
        case when l.action = 'login_failed' then 'Invalid login credentials' end, l.at
      from (select x.*, case when x.action like 'login%' then 'auth/bench-user-' || x.n || '@example.test'
                else split_part(x.action, '.', 1) || '/' || md5(i::text)::uuid end as resource
            from generate_series(1, :accessLogs) i
            cross join lateral (select r, case when r < 0.85 then 'login' when r < 0.90 then 'login_failed'
                else ${pick(['ticket.status', 'kb_article.update', 'cms.update', 'inventory.update', 'order.status'])} end as action,
                case when r < 0.90 then :staff + 1 + floor(random() * (:users - :staff))::int else 1 + floor(random() * :staff)::int end as n,
                ${RECENT_DATE} as at from (select random() + i * 0 as r) rr) y
            cross join lateral (select y.action, y.at, y.n, md5('bench-user-' || y.n)::uuid as user_id) x) l`,
  },
];

const COUNTED = ['auth.users', 'public.profiles', 'public.orders', 'public.financial_transactions', 'public.support_tickets', 'public.support_messages', 'public.access_logs'];

/** Generates the data into the database at `pgUrl` (PostgreSQL with the migrations applied). */
export async function generateLargeData(pgUrl: string, options: LargeDataOptions = {}): Promise<LargeDataResult> {
  const o = { ...DEFAULTS, ...options };
  const log = options.log ?? (() => {});
  if (o.staff < 5 || o.users <= o.staff) throw new Error('need at least 5 staff and more users than staff');
  const params: Record<string, number> = { users: o.users, staff: o.staff, orders: o.orders, transactions: o.transactions, tickets: o.tickets, accessLogs: o.accessLogs, days: o.days };
  const bind = (sql: string) => sql.replace(/:([a-zA-Z]+)/g, (m, name: string) => (name in params ? String(Math.trunc(params[name]!)) : m));
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  const started = Date.now();
  try {
    const ready = await client.query<{ ok: boolean; done: boolean; superuser: boolean }>(
      `select to_regclass('public.orders') is not null as ok,
         exists (select 1 from auth.users where email = 'bench-user-1@example.test') as done,
         (select rolsuper from pg_roles where rolname = current_user) as superuser`,
    );
    const state = ready.rows[0]!;
    if (!state.ok) throw new Error('public.orders is missing: apply the migrations first (start the stack once with DATABASE_URL=…)');
    if (state.done) throw new Error('this database already has generated data (bench-user-1@example.test exists)');
    await client.query("set synchronous_commit = off; set work_mem = '64MB'; select setseed(0.42)");
    if (state.superuser) await client.query('set session_replication_role = replica');
    const categories = await client.query<{ n: number }>('select count(*)::int as n from public.support_categories');
    if (categories.rows[0]!.n === 0) {
      await client.query(`insert into public.support_categories (name) values ('Getting Started'), ('Technical Support'),
        ('Account & Billing'), ('Installation'), ('Troubleshooting'), ('Security'), ('FAQs'), ('Product Information')`);
    }
    for (const step of STEPS) {
      const t0 = Date.now();
      await client.query(bind(step.sql));
      log(`${step.table.padEnd(30)} ${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s`);
    }
    const t0 = Date.now();
    await client.query('set session_replication_role = origin');
    await client.query('analyze');
    log(`${'analyze'.padEnd(30)} ${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s`);
    const counts: Record<string, number> = {};
    for (const table of COUNTED) {
      counts[table] = (await client.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
    }
    return { counts, durationMs: Date.now() - started, triggers: state.superuser ? 'skipped' : 'fired' };
  } finally {
    await client.end();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = process.argv[2] ?? process.env.DATABASE_URL;
  if (!url) {
    console.error('usage: npx tsx tests/bench/generate-large-data.ts <postgres-url>');
    process.exit(2);
  }
  generateLargeData(url, { log: (line) => console.log(line) }).then(
    (result) => {
      for (const [table, n] of Object.entries(result.counts)) console.log(`${table.padEnd(30)} ${n.toLocaleString('en-US').padStart(12)} rows`);
      console.log(`done in ${(result.durationMs / 1000).toFixed(1)} s (triggers ${result.triggers})`);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
