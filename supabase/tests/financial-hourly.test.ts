/**
 * The ledger's hourly totals (private.financial_hourly, kept by statement triggers) and
 * financial_summary() reading them: the totals always equal the transactions grouped by UTC hour
 * and type, whatever was inserted, updated, deleted or truncated; and every period's figures and
 * series equal what the function computed from the transactions before (the reference query
 * below is that computation), in UTC and in a half-hour time zone (where it reads the rows).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../../tests/integration/support/stack.ts';
import { createUser, type TestUser } from './functions/helpers.ts';

const PERIODS = ['today', 'this_week', 'this_month', 'last_month', 'this_quarter', 'this_year'] as const;

/** financial_summary()'s answer as the function computed it from the transactions before. */
const REFERENCE = `
  with p as (
    select case $1::text
        when 'today' then date_trunc('day', now()) when 'this_week' then date_trunc('week', now())
        when 'this_month' then date_trunc('month', now()) when 'last_month' then date_trunc('month', now()) - interval '1 month'
        when 'this_quarter' then date_trunc('quarter', now()) else date_trunc('year', now()) end as v_from,
      case $1::text when 'today' then 'hour' when 'this_year' then 'month' else 'day' end as unit
  ), q as (
    select v_from, unit, v_from + case $1::text when 'today' then interval '1 day' when 'this_week' then interval '1 week'
      when 'this_quarter' then interval '3 months' when 'this_year' then interval '1 year' else interval '1 month' end as v_to,
      ('1 ' || unit)::interval as step from p
  ), f as (
    select coalesce(sum(t.amount) filter (where t.transaction_type in ('sale', 'revenue')), 0) as revenue,
      coalesce(sum(t.amount) filter (where t.transaction_type in ('expense', 'refund')), 0) as expenses,
      count(*) filter (where t.transaction_type = 'sale') as sales, count(*) as transactions
    from public.financial_transactions t, q where t.processed_at >= q.v_from and t.processed_at < q.v_to
  )
  select jsonb_build_object('period', $1::text, 'from', q.v_from, 'to', q.v_to, 'revenue', f.revenue, 'expenses', f.expenses,
    'net_profit', f.revenue - f.expenses, 'average_order_value', case when f.sales = 0 then 0 else round(f.revenue / f.sales, 2) end,
    'sales_count', f.sales, 'transaction_count', f.transactions, 'currency', 'USD', 'unit', q.unit,
    'series', (select coalesce(jsonb_agg(jsonb_build_object('start', b.start, 'revenue', coalesce(s.revenue, 0),
        'expenses', coalesce(s.expenses, 0)) order by b.start), '[]')
      from generate_series(q.v_from, q.v_to - q.step, q.step) as b(start)
      left join (select date_trunc(q.unit, t.processed_at) as start,
          sum(t.amount) filter (where t.transaction_type in ('sale', 'revenue')) as revenue,
          sum(t.amount) filter (where t.transaction_type in ('expense', 'refund')) as expenses
        from public.financial_transactions t where t.processed_at >= q.v_from and t.processed_at < q.v_to group by 1) s on s.start = b.start)
  ) as r
  from q, f`;

describeEngines('ledger hourly totals', (engine) => {
  let t: TestStack;
  let admin: TestUser;
  const sql = <R extends Record<string, unknown>>(text: string, params: unknown[] = []) => t.db.query<R>(text, params).then((r) => r.rows);
  const totals = () => sql(`select hour, transaction_type, amount::text, transactions::int from private.financial_hourly order by 1, 2`);
  const grouped = () => sql(`select date_bin('1 hour', processed_at, timestamptz '2000-01-01 00:00:00+00') as hour, transaction_type,
      sum(amount)::text as amount, count(*)::int as transactions from public.financial_transactions group by 1, 2 order by 1, 2`);

  beforeAll(async () => {
    t = await startTestStack({ engine });
    admin = await createUser(t, 'admin');
  });
  afterAll(() => t?.close());

  it('starts equal to the seeded ledger', async () => {
    expect(await totals()).toEqual(await grouped());
  });

  it('follows inserts, updates (amount, type, time), deletes and truncate, one statement at a time', async () => {
    await t.db.exec(`insert into public.financial_transactions (transaction_type, amount, processed_at)
      select (array['sale', 'revenue', 'expense', 'refund'])[1 + g % 4]::public.transaction_type, g + 0.25,
        now() - g * interval '37 minutes' from generate_series(1, 300) g`);
    expect(await totals()).toEqual(await grouped());
    await t.db.exec(`update public.financial_transactions set amount = amount + 1 where amount < 50`);
    await t.db.exec(`update public.financial_transactions set transaction_type = 'refund' where amount between 50 and 60`);
    await t.db.exec(`update public.financial_transactions set processed_at = processed_at - interval '3 hours' where amount between 60 and 80`);
    expect(await totals()).toEqual(await grouped());
    await t.db.exec(`delete from public.financial_transactions where amount > 250`);
    expect(await totals()).toEqual(await grouped());
    expect((await sql(`select count(*)::int as n from private.financial_hourly where transactions = 0`))[0]).toEqual({ n: 0 });
    // An admin writing through the API (RLS, no rights on private) keeps them too.
    const { error } = await admin.client.from('financial_transactions').insert({ transaction_type: 'sale', amount: 12.34 });
    expect(error).toBeNull();
    expect(await totals()).toEqual(await grouped());
  });

  it('gives every period the figures and series computed from the transactions', async () => {
    for (const period of PERIODS) {
      const { data, error } = await admin.client.rpc('financial_summary', { p_period: period });
      expect(error).toBeNull();
      const [expected] = await sql<{ r: unknown }>(REFERENCE, [period]);
      expect(data, period).toEqual(expected!.r);
    }
  });

  it('reads the transactions in a half-hour time zone, with the same answer as before', async () => {
    const claims = JSON.stringify({ sub: admin.id, role: 'authenticated', aal: 'aal1' });
    for (const period of PERIODS) {
      const [row] = await sql<{ got: unknown; expected: unknown }>(`with c as materialized (
          select set_config('timezone', 'Asia/Kolkata', true), set_config('request.jwt.claims', $2, true))
        select public.financial_summary($1) as got, (${REFERENCE}) as expected from c`, [period, claims]);
      expect(row!.got, period).toEqual(row!.expected);
      expect((row!.got as { from: string }).from).toMatch(/T00:00:00\+05:30$/);
    }
  });

  it('empties with the ledger on truncate', async () => {
    await t.db.exec('truncate public.financial_transactions');
    expect(await totals()).toEqual([]);
  });
});
