-- cart_items: a signed-in user's cart lines, replicated to each of their devices (a guest's cart
-- never leaves the device). One row per user and cart line:
--   id is derived from the owner and the line key, so two devices that add the same line while
--   offline both insert the same primary key; the second gets a 409 and the client merges the
--   quantities instead of creating a duplicate line. The line key is hex-encoded so the id is
--   plain [0-9a-f:-] and safe inside PostgREST `or=(…)` filters, which the checkpoint pull uses.
--   line_id is the cart's own key: the product id, then the variant (`1`, `1:Color=Black`). At
--   most 200 bytes of UTF-8, so an id stays within 437 characters (the device's key allows 500).
--   name, price and image are copies for showing the cart offline. place_order reads only product
--   ids and quantities and prices every line from products: a client-written price is never
--   charged.
--   quantity is 1..99: the devices cap a line at 99 (also when merging two devices' lines); a
--   line of more than 99 openers or remotes is a trade order, not a shop cart.
--   added_at orders the lines as the customer added them; the client sets it (it knows when the
--   line was added offline), so it is not a server timestamp.
-- A removed line is soft-deleted (_deleted) so the user's other devices learn of it. Deleting a
-- product takes it out of every cart (a line for a product that no longer exists cannot be
-- ordered); devices drop the line when their pull no longer returns it.

create table public.cart_items (
  id text primary key,
  user_id uuid not null default auth.uid() references public.profiles (user_id) on delete cascade,
  line_id text not null check (char_length(line_id) >= 1 and octet_length(line_id) <= 200),
  product_id integer not null references public.products (id) on delete cascade,
  variant text check (char_length(variant) <= 200),
  name text not null check (char_length(name) between 1 and 200),
  price numeric(10, 2) not null check (price >= 0),
  image text check (char_length(image) <= 500),
  quantity integer not null check (quantity between 1 and 99),
  added_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _deleted boolean not null default false,
  _modified timestamptz not null default clock_timestamp(),
  constraint cart_items_id_is_user_and_line
    check (id = user_id::text || ':' || encode(convert_to(line_id, 'UTF8'), 'hex')),
  constraint cart_items_line_is_for_product
    check (split_part(line_id, ':', 1) = product_id::text)
);

create index cart_items_user_id_idx on public.cart_items (user_id);
create index cart_items_product_id_idx on public.cart_items (product_id);
create index cart_items_modified_id_idx on public.cart_items (_modified, id);

-- Server columns first (timestamps, owner), then updated_at for other writers, then the stamp.
create trigger a_set_server_timestamps before insert or update on public.cart_items
  for each row when (private.is_api_caller()) execute function private.set_server_timestamps();
create trigger a_guard_owner_column before insert or update on public.cart_items
  for each row when (private.is_api_caller()) execute function private.guard_owner_column('user_id');
create trigger set_updated_at before update on public.cart_items
  for each row execute function private.set_updated_at();
create trigger lock_replication_order before insert or update on public.cart_items
  for each statement execute function private.lock_replication_order();
create trigger set_modified before insert or update on public.cart_items
  for each row execute function private.set_modified();
