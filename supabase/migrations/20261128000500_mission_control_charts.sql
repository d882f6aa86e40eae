-- mission_control() gains the two series its charts draw, in the same single call: revenue per
-- day over the last 30 days (every day present, 0 when nothing sold; the days sum to
-- revenue.last_30_days) and the stock of every inventory item. Everything else is unchanged: same
-- admin and aal rule, same windows, formulas, thresholds and alerts. security definer for the
-- reason given when the function was created: it aggregates every customer's orders and the whole
-- ledger; the admin check comes first and the function only reads.

create or replace function public.mission_control()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_now timestamptz := now();
  v_today timestamptz := date_trunc('day', now());
  v_30 timestamptz := now() - interval '30 days';
  v_60 timestamptz := now() - interval '60 days';
  f record;       -- money figures
  o record;       -- order counts
  inv record;     -- inventory figures
  c record;       -- complaints
  v_change numeric;
  v_aov numeric;
  v_net numeric;
  v_refund_rate numeric;
  v_return_rate numeric;
  v_top jsonb;
  v_under jsonb;
  v_alerts jsonb;
  v_revenue_by_day jsonb;
  v_stock_by_product jsonb;
begin
  if not (private.is_admin() and private.admin_aal_satisfied()) then
    raise exception 'Access denied. Admin privileges required.' using errcode = '42501';
  end if;

  select
    coalesce(sum(t.amount) filter (where t.processed_at >= v_30 and t.transaction_type in ('sale', 'revenue')), 0) as revenue,
    coalesce(sum(t.amount) filter (where t.processed_at < v_30 and t.transaction_type in ('sale', 'revenue')), 0) as previous_revenue,
    coalesce(sum(t.amount) filter (where t.processed_at >= v_30 and t.transaction_type in ('expense', 'refund')), 0) as expenses,
    coalesce(sum(t.amount) filter (where t.processed_at >= v_30 and t.transaction_type = 'refund'), 0) as refund_total,
    count(*) filter (where t.processed_at >= v_30 and t.transaction_type = 'refund') as refund_count
  into f
  from public.financial_transactions t
  where t.processed_at >= v_60;

  select
    count(*) filter (where r.created_at >= v_today) as today,
    count(*) filter (where r.created_at >= v_30) as last_30_days
  into o
  from public.orders r
  where r.created_at >= least(v_today, v_30) and not r._deleted and r.status <> 'cancelled';

  select
    count(*) as total_items,
    coalesce(sum(i.current_stock), 0) as total_units,
    coalesce(sum(i.current_stock * i.unit_price), 0) as stock_value,
    count(*) filter (where i.current_stock > i.minimum_stock) as in_stock,
    count(*) filter (where i.current_stock > 0 and i.current_stock <= i.minimum_stock) as low_stock,
    count(*) filter (where i.current_stock = 0) as out_of_stock,
    coalesce(jsonb_agg(jsonb_build_object('id', i.id, 'product_name', i.product_name, 'sku', i.sku,
      'current_stock', i.current_stock, 'minimum_stock', i.minimum_stock) order by i.current_stock, i.product_name)
      filter (where i.current_stock > 0 and i.current_stock <= i.minimum_stock), '[]') as low_stock_items,
    coalesce(jsonb_agg(jsonb_build_object('id', i.id, 'product_name', i.product_name, 'sku', i.sku,
      'current_stock', i.current_stock, 'minimum_stock', i.minimum_stock) order by i.product_name)
      filter (where i.current_stock = 0), '[]') as out_of_stock_items
  into inv
  from public.inventory i;

  select
    count(*) filter (where s.status = 'open') as open,
    count(*) filter (where s.status = 'in_progress') as in_progress
  into c
  from public.support_tickets s
  where s.status in ('open', 'in_progress') and not s._deleted;

  -- Unrounded here (thresholds compare these); rounded to one decimal in the result.
  v_change := case when f.previous_revenue = 0 then 0
    else (f.revenue - f.previous_revenue) / f.previous_revenue * 100 end;
  v_aov := case when o.last_30_days = 0 then 0 else round(f.revenue / o.last_30_days, 2) end;
  v_net := f.revenue - f.expenses;
  v_refund_rate := case when f.revenue = 0 then 0 else f.refund_total / f.revenue * 100 end;
  v_return_rate := case when o.last_30_days = 0 then 0 else f.refund_count::numeric / o.last_30_days * 100 end;

  -- Product sales of the last 30 days from the order lines (name or product_name, quantity, price).
  with lines as (
    select
      nullif(l ->> 'product_id', '')::integer as product_id,
      coalesce(l ->> 'name', l ->> 'product_name') as name,
      coalesce((l ->> 'quantity')::numeric, 0) as quantity,
      coalesce((l ->> 'price')::numeric, 0) as price,
      r.created_at
    from public.orders r
    cross join lateral jsonb_array_elements(r.items) l
    where r.created_at >= v_30 and not r._deleted and r.status <> 'cancelled'
  ),
  sales as (
    select
      min(product_id) as product_id,
      max(name) as name,
      sum(quantity) as units_sold,
      sum(quantity * price) as revenue,
      max(created_at) as last_sale_at
    from lines
    group by coalesce(product_id::text, 'name:' || lower(name))
  ),
  top as (
    select s.* from sales s order by s.revenue desc, s.name limit 5
  ),
  -- Underperforming: inventory items (the admin's product list) with their sales, matched by
  -- product id, else by name.
  stock_sales as (
    select
      i.id,
      i.product_name,
      i.sku,
      coalesce(s.units_sold, 0) as units_sold,
      s.last_sale_at
    from public.inventory i
    left join lateral (
      select sum(x.units_sold) as units_sold, max(x.last_sale_at) as last_sale_at
      from sales x
      where (i.product_id is not null and x.product_id = i.product_id)
         or (i.product_id is null and lower(x.name) = lower(i.product_name))
    ) s on true
  ),
  under as (
    select * from stock_sales ss
    where ss.units_sold < 5 or ss.last_sale_at is null or ss.last_sale_at < v_now - interval '7 days'
    order by ss.units_sold, ss.product_name
    limit 5
  )
  select
    (select coalesce(jsonb_agg(jsonb_build_object('product_id', t.product_id, 'name', t.name,
      'units_sold', t.units_sold, 'revenue', round(t.revenue, 2)) order by t.revenue desc, t.name), '[]') from top t),
    (select coalesce(jsonb_agg(jsonb_build_object('id', u.id, 'product_name', u.product_name, 'sku', u.sku,
      'units_sold', u.units_sold, 'last_sale_at', u.last_sale_at,
      'days_since_last_sale', case when u.last_sale_at is null then null
        else floor(extract(epoch from (v_now - u.last_sale_at)) / 86400)::integer end)
      order by u.units_sold, u.product_name), '[]') from under u)
  into v_top, v_under;

  -- Alerts (spec §9): at most 8, critical first, then high, medium, low.
  select coalesce(jsonb_agg(a.alert order by a.rank, a.seq), '[]') into v_alerts
  from (
    select x.alert, x.rank, x.seq from (values
      (case when v_net < 0 then jsonb_build_object('type', 'net_profit', 'severity', 'critical', 'title', 'Negative net profit',
        'message', format('Expenses exceed revenue by $%s over the last 30 days', to_char(-v_net, 'FM999999999990.00'))) end, 0, 1),
      (case when inv.out_of_stock > 0 then jsonb_build_object('type', 'out_of_stock', 'severity', 'high', 'title', 'Out of stock',
        'message', format('%s item(s) out of stock', inv.out_of_stock)) end, 1, 2),
      (case when c.open + c.in_progress > 5 then jsonb_build_object('type', 'complaints', 'severity', 'high', 'title', 'High complaint volume',
        'message', format('%s open or in-progress support tickets', c.open + c.in_progress)) end, 1, 3),
      (case when o.today > 10 then jsonb_build_object('type', 'orders_today', 'severity', 'medium', 'title', 'High order volume',
        'message', format('%s orders placed today', o.today)) end, 2, 4),
      (case when inv.low_stock > 0 then jsonb_build_object('type', 'low_stock', 'severity', 'medium', 'title', 'Low stock',
        'message', format('%s item(s) at or below minimum stock', inv.low_stock)) end, 2, 5),
      (case when v_refund_rate > 10 then jsonb_build_object('type', 'refund_rate', 'severity', 'medium', 'title', 'High refund rate',
        'message', format('Refunds are %s%% of revenue', round(v_refund_rate, 1))) end, 2, 6),
      (case when v_change > 20 then jsonb_build_object('type', 'revenue_change', 'severity', 'low', 'title', 'Revenue up',
        'message', format('Revenue is up %s%% on the previous 30 days', round(v_change, 1))) end, 3, 7)
    ) as x(alert, rank, seq)
    where x.alert is not null
    order by x.rank, x.seq
    limit 8
  ) a;

  -- Revenue per calendar day (database time zone) of the 30-day window; the first day is partial.
  select coalesce(jsonb_agg(jsonb_build_object('day', to_char(d.day, 'YYYY-MM-DD'), 'revenue', coalesce(r.revenue, 0))
    order by d.day), '[]')
  into v_revenue_by_day
  from generate_series(date_trunc('day', v_30), v_today, interval '1 day') as d(day)
  left join (
    select date_trunc('day', t.processed_at) as day, sum(t.amount) as revenue
    from public.financial_transactions t
    where t.processed_at >= v_30 and t.transaction_type in ('sale', 'revenue')
    group by 1
  ) r on r.day = d.day;

  select coalesce(jsonb_agg(jsonb_build_object('product_name', i.product_name, 'sku', i.sku,
    'current_stock', i.current_stock, 'minimum_stock', i.minimum_stock) order by i.product_name, i.sku), '[]')
  into v_stock_by_product
  from public.inventory i;

  return jsonb_build_object(
    'generated_at', v_now,
    'revenue', jsonb_build_object('last_30_days', f.revenue, 'previous_30_days', f.previous_revenue, 'change_percent', round(v_change, 1)),
    'expenses', f.expenses,
    'net_profit', v_net,
    'profit_margin', case when f.revenue = 0 then 0 else round(v_net / f.revenue * 100, 1) end,
    'orders', jsonb_build_object('today', o.today, 'last_30_days', o.last_30_days),
    'average_order_value', jsonb_build_object('value', v_aov, 'above_target', v_aov > 50,
      'label', case when v_aov > 50 then 'Above target' else 'Below target' end),
    'inventory', jsonb_build_object('total_items', inv.total_items, 'total_units', inv.total_units,
      'stock_value', inv.stock_value, 'in_stock', inv.in_stock, 'low_stock', inv.low_stock,
      'out_of_stock', inv.out_of_stock, 'low_stock_items', inv.low_stock_items,
      'out_of_stock_items', inv.out_of_stock_items),
    'refunds', jsonb_build_object('total', f.refund_total, 'count', f.refund_count,
      'refund_rate', round(v_refund_rate, 1), 'refund_rate_warning', v_refund_rate > 10,
      'return_rate', round(v_return_rate, 1), 'return_rate_warning', v_return_rate > 5),
    'complaints', jsonb_build_object('open', c.open, 'in_progress', c.in_progress,
      'total', c.open + c.in_progress, 'critical', c.open + c.in_progress > 5),
    'top_products', v_top,
    'underperforming_products', v_under,
    'alerts', v_alerts,
    'revenue_by_day', v_revenue_by_day,
    'stock_by_product', v_stock_by_product
  );
end
$$;

revoke all on function public.mission_control() from public, anon, service_role;
grant execute on function public.mission_control() to authenticated;
