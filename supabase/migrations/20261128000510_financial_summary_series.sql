-- financial_summary(p_period) gains 'series': revenue and expenses per bucket of the period, for
-- the Financial page's chart (per hour for today, per month for this year, per day otherwise;
-- every bucket of the period present, 0 when empty; the buckets sum to the period's revenue and
-- expenses). The four figures, periods and rules are unchanged. security definer for the reason
-- given when the function was created; the admin check comes first and the function only reads.

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
  v_series jsonb;
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

  select
    coalesce(sum(t.amount) filter (where t.transaction_type in ('sale', 'revenue')), 0) as revenue,
    coalesce(sum(t.amount) filter (where t.transaction_type in ('expense', 'refund')), 0) as expenses,
    count(*) filter (where t.transaction_type = 'sale') as sales,
    count(*) as transactions
  into f
  from public.financial_transactions t
  where t.processed_at >= v_from and t.processed_at < v_to;

  v_unit := case p_period when 'today' then 'hour' when 'this_year' then 'month' else 'day' end;
  v_step := ('1 ' || v_unit)::interval;
  select coalesce(jsonb_agg(jsonb_build_object('start', b.start, 'revenue', coalesce(s.revenue, 0),
    'expenses', coalesce(s.expenses, 0)) order by b.start), '[]')
  into v_series
  from generate_series(v_from, v_to - v_step, v_step) as b(start)
  left join (
    select
      date_trunc(v_unit, t.processed_at) as start,
      sum(t.amount) filter (where t.transaction_type in ('sale', 'revenue')) as revenue,
      sum(t.amount) filter (where t.transaction_type in ('expense', 'refund')) as expenses
    from public.financial_transactions t
    where t.processed_at >= v_from and t.processed_at < v_to
    group by 1
  ) s on s.start = b.start;

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
    'series', v_series
  );
end
$$;

revoke all on function public.financial_summary(text) from public, anon, service_role;
grant execute on function public.financial_summary(text) to authenticated;
