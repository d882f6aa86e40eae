-- add_product refuses a price that is not a finite number (NaN, Infinity) before writing anything,
-- with invalid_parameter_value (22023, HTTP 400 through /rest/v1/rpc) and a message naming the
-- field, rather than leaving it to the tables' checks (20261129000500_money_is_finite.sql).
-- Otherwise the function of 20261129000120 unchanged; its grants stay as they were.

create or replace function public.add_product(
  p_name text,
  p_sku text,
  p_category text default null,
  p_current_stock integer default 0,
  p_minimum_stock integer default 0,
  p_unit_price numeric default 0,
  p_cost_price numeric default null,
  p_supplier text default null,
  p_description text default null
)
returns public.inventory
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_name text := btrim(coalesce(p_name, ''));
  v_sku text := btrim(coalesce(p_sku, ''));
  v_base text;
  v_slug text;
  v_n integer := 1;
  v_id integer;
  v_row public.inventory;
begin
  if not (private.is_admin() and private.admin_aal_satisfied()) then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  if v_name = '' or v_sku = '' then
    raise exception 'Product name and SKU are required' using errcode = 'P0001';
  end if;
  if p_category is not null and p_category not in ('bundle', 'indoor', 'outdoor', 'accessories') then
    raise exception 'Unknown category: %', p_category using errcode = 'P0001';
  end if;
  -- numeric accepts 'NaN' and 'Infinity'; neither is a price.
  if p_unit_price = 'NaN' or p_unit_price in ('Infinity', '-Infinity') then
    raise exception 'Unit price must be a finite number' using errcode = '22023';
  end if;
  if p_cost_price = 'NaN' or p_cost_price in ('Infinity', '-Infinity') then
    raise exception 'Cost price must be a finite number' using errcode = '22023';
  end if;

  -- Ids and slugs are handed out one caller at a time.
  perform pg_advisory_xact_lock(hashtextextended('public.add_product', 0));
  select coalesce(max(p.id), 0) + 1 into v_id from public.products p;

  v_base := coalesce(nullif(btrim(regexp_replace(lower(v_name), '[^a-z0-9]+', '-', 'g'), '-'), ''), 'product');
  v_base := btrim(left(v_base, 80), '-');
  v_slug := v_base;
  while exists (select 1 from public.products p where p.slug = v_slug) loop
    v_n := v_n + 1;
    v_slug := v_base || '-' || v_n;
  end loop;

  insert into public.products (id, name, slug, description, price, category, stock, is_active)
  values (v_id, v_name, v_slug, coalesce(btrim(p_description), ''), coalesce(p_unit_price, 0),
    coalesce(p_category, 'accessories'), coalesce(p_current_stock, 0), coalesce(p_unit_price, 0) > 0);

  insert into public.inventory (product_id, product_name, sku, category, current_stock, minimum_stock,
    unit_price, cost_price, supplier, description)
  values (v_id, v_name, v_sku, p_category, coalesce(p_current_stock, 0), coalesce(p_minimum_stock, 0),
    coalesce(p_unit_price, 0), p_cost_price, nullif(btrim(p_supplier), ''), nullif(btrim(p_description), ''))
  returning * into v_row;

  return v_row;
end
$$;
