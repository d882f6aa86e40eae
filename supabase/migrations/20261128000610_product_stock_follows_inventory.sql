-- One source of truth for stock: a product's stock is the current_stock of the inventory row
-- linked to it (inventory.product_id). products.stock stays, as a copy written in the same
-- transaction, because the shop reads price and stock from /rest/v1/products (anonymous, and
-- inventory is admin only). Nobody writes the copy directly: a write that disagrees with the
-- inventory row is refused, so the two cannot drift.
-- A product with no inventory row (none in the catalogue; test fixtures) keeps its own
-- products.stock until a row is linked to it; unlinking or deleting the row leaves the product
-- with the last figure copied.

-- security definer: the copy is the database's own bookkeeping. Whoever was allowed to change the
-- inventory row (an admin through RLS, place_order) changes the product's copy with it; running
-- as the caller, an RLS rule that one day differed between the two tables would skip the copy
-- silently and bring the drift back.
create function private.copy_stock_to_product()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.product_id is not null then
    update public.products p set stock = new.current_stock
    where p.id = new.product_id and p.stock is distinct from new.current_stock;
  end if;
  return null;
end
$$;

revoke all on function private.copy_stock_to_product() from public, anon, authenticated, service_role;

create trigger copy_stock_to_product after insert or update of current_stock, product_id on public.inventory
  for each row execute function private.copy_stock_to_product();

-- Refuses a products.stock that differs from the product's inventory row: the stock is changed in
-- inventory. Definer for the same reason: the check must see the row whatever the caller may read.
create function private.guard_product_stock()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_sku text;
  v_stock integer;
begin
  select i.sku, i.current_stock into v_sku, v_stock from public.inventory i where i.product_id = new.id;
  if found and v_stock is distinct from new.stock then
    raise exception 'The stock of this product is kept in inventory' using errcode = 'P0001',
      detail = format('product_id=%s sku=%s', new.id, v_sku),
      hint = 'Change current_stock of the inventory row instead.';
  end if;
  return new;
end
$$;

revoke all on function private.guard_product_stock() from public, anon, authenticated, service_role;

create trigger guard_product_stock before update of stock on public.products
  for each row execute function private.guard_product_stock();

comment on column public.products.stock is
  'Copy of inventory.current_stock of the linked inventory row (kept by trigger; write the inventory row).';
comment on column public.inventory.current_stock is
  'The stock figure: place_order lowers it; products.stock is its copy for the shop.';
