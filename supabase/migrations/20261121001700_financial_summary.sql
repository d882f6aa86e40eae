-- financial_summary(p_period): the Financial page's four metric cards for the chosen period, with
-- every period applied (the spec's page ignored it). Periods are calendar periods in the database
-- time zone, [from, to): today, this_week (ISO week, from Monday), this_month, last_month,
-- this_quarter, this_year. Spec §9: revenue = sale + revenue amounts; expenses = expense + refund
-- amounts; net profit = revenue − expenses; average order value = revenue / number of sales.
-- Admin only, with the aal rule. security definer for the same reason as mission_control; the
-- admin check comes first and the function only reads.

create function public.financial_summary(p_period text)
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
    'currency', 'USD'
  );
end
$$;

revoke all on function public.financial_summary(text) from public, anon, service_role;
grant execute on function public.financial_summary(text) to authenticated;
