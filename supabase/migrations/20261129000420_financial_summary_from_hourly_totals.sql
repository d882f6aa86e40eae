-- financial_summary(p_period) reads the ledger's hourly totals (private.financial_hourly) instead
-- of every transaction of the period: a year is about 700,000 rows at production size and took
-- seconds; its totals are at most 8,784 hours x 4 types. Same periods, buckets, figures and rules:
-- revenue = sales + other revenue, expenses = expenses + refunds, the average order value over
-- the sales, every bucket present.
--
-- The totals are per UTC hour. Where every bucket boundary of the period (midnights, month starts
-- in the database's time zone) falls on a whole UTC hour (UTC, as on hosted Supabase, and every
-- whole-hour time zone) the hours add up to the buckets exactly; otherwise (a half-hour time zone)
-- the function reads the transactions as before. security definer for the reason given when the
-- function was created; the admin check comes first and the function only reads.

create or replace function public.financial_summary(p_period text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_from timestamptz;
  v_to timestamptz;
  f record;
  v_unit text;
  v_step interval;
  v_whole_hours boolean;
begin
  if not (private.is_admin() and private.admin_aal_satisfied()) then
    raise exception 'Access denied. Admin privileges required.' using errcode = '42501';
  end if;

  case p_period
    when 'today' then v_from := date_trunc('day', now()); v_to := v_from + interval '1 day';
    when 'this_week' then v_from := date_trunc('week', now()); v_to := v_from + interval '1 week';
    when 'this_month' then v_from := date_trunc('month', now()); v_to := v_from + interval '1 month';
    when 'last_month' then v_to := date_trunc('month', now()); v_from := v_to - interval '1 month';
    when 'this_quarter' then v_from := date_trunc('quarter', now()); v_to := v_from + interval '3 months';
    when 'this_year' then v_from := date_trunc('year', now()); v_to := v_from + interval '1 year';
    else
      raise exception 'Unknown period: %', coalesce(p_period, 'null') using errcode = '22023',
        hint = 'Use today, this_week, this_month, last_month, this_quarter or this_year.';
  end case;

  v_unit := case p_period when 'today' then 'hour' when 'this_year' then 'month' else 'day' end;
  v_step := ('1 ' || v_unit)::interval;
  select bool_and(date_bin('1 hour', b.start, timestamptz '2000-01-01 00:00:00+00') = b.start) into v_whole_hours
  from generate_series(v_from, v_to, v_step) as b(start);

  -- Per bucket: money in, money out, sales and transactions, from the hourly totals or (not whole
  -- hours) the transactions; the period's figures are the buckets' sums.
  with buckets as (
    select date_trunc(v_unit, h.hour) as start,
      sum(h.amount) filter (where h.transaction_type in ('sale', 'revenue')) as revenue,
      sum(h.amount) filter (where h.transaction_type in ('expense', 'refund')) as expenses,
      coalesce(sum(h.transactions) filter (where h.transaction_type = 'sale'), 0) as sales,
      sum(h.transactions) as transactions
    from private.financial_hourly h
    where v_whole_hours and h.hour >= v_from and h.hour < v_to
    group by 1
    union all
    select date_trunc(v_unit, t.processed_at),
      sum(t.amount) filter (where t.transaction_type in ('sale', 'revenue')),
      sum(t.amount) filter (where t.transaction_type in ('expense', 'refund')),
      count(*) filter (where t.transaction_type = 'sale'),
      count(*)
    from public.financial_transactions t
    where not v_whole_hours and t.processed_at >= v_from and t.processed_at < v_to
    group by 1
  )
  select
    coalesce((select sum(s.revenue) from buckets s), 0) as revenue,
    coalesce((select sum(s.expenses) from buckets s), 0) as expenses,
    coalesce((select sum(s.sales) from buckets s), 0) as sales,
    coalesce((select sum(s.transactions) from buckets s), 0) as transactions,
    (select coalesce(jsonb_agg(jsonb_build_object('start', b.start, 'revenue', coalesce(s.revenue, 0),
      'expenses', coalesce(s.expenses, 0)) order by b.start), '[]')
     from generate_series(v_from, v_to - v_step, v_step) as b(start)
     left join buckets s on s.start = b.start) as series
  into f;

  return jsonb_build_object(
    'period', p_period,
    'from', v_from,
    'to', v_to,
    'revenue', f.revenue,
    'expenses', f.expenses,
    'net_profit', f.revenue - f.expenses,
    'average_order_value', case when f.sales = 0 then 0 else round(f.revenue / f.sales, 2) end,
    'sales_count', f.sales,
    'transaction_count', f.transactions,
    'currency', 'USD',
    'unit', v_unit,
    'series', f.series
  );
end
$$;

revoke all on function public.financial_summary(text) from public, anon, service_role;
grant execute on function public.financial_summary(text) to authenticated;
