-- One price figure, kept like the stock (20261128000610): a product's price is the unit_price of
-- the inventory row linked to it, the figure an admin edits in Inventory. products.price stays as
-- a copy written in the same transaction, because the shop and place_order read products (the shop
-- anonymously; inventory is admin only). A write of products.price that disagrees with the linked
-- row is refused, so the two cannot drift. A product with no inventory row keeps its own price.
-- A product on sale needs a price above 0; a price of 0 is allowed only for an inactive product
-- (Inventory's Add Product without a price creates the product hidden from the shop).

alter table public.products drop constraint products_price_check;
alter table public.products add constraint products_price_check check (price >= 0 and (price > 0 or not is_active));

-- The seed's rows already agree; a database that drifted takes the price the shop was charging.
update public.inventory i
set unit_price = p.price
from public.products p
where p.id = i.product_id and i.unit_price <> p.price;

-- security definer, as copy_stock_to_product: the copy is the database's own bookkeeping and must
-- not depend on whether the caller's RLS rules happen to match on both tables.
create function private.copy_price_to_product()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.product_id is not null then
    update public.products p set price = new.unit_price
    where p.id = new.product_id and p.price is distinct from new.unit_price;
  end if;
  return null;
end
$$;

revoke all on function private.copy_price_to_product() from public, anon, authenticated, service_role;

create trigger copy_price_to_product after insert or update of unit_price, product_id on public.inventory
  for each row execute function private.copy_price_to_product();

-- Definer for the same reason as guard_product_stock: the check must see the row whatever the
-- caller may read.
create function private.guard_product_price()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_sku text;
  v_price numeric;
begin
  select i.sku, i.unit_price into v_sku, v_price from public.inventory i where i.product_id = new.id;
  if found and v_price is distinct from new.price then
    raise exception 'The price of this product is kept in inventory' using errcode = 'P0001',
      detail = format('product_id=%s sku=%s', new.id, v_sku),
      hint = 'Change unit_price of the inventory row instead.';
  end if;
  return new;
end
$$;

revoke all on function private.guard_product_price() from public, anon, authenticated, service_role;

create trigger guard_product_price before update of price on public.products
  for each row execute function private.guard_product_price();

comment on column public.products.price is
  'Copy of inventory.unit_price of the linked inventory row (kept by trigger; write the inventory row).';
comment on column public.inventory.unit_price is
  'The price figure: the shop and place_order read its copy, products.price.';
