-- cart_items' key says nothing any more. It was `<owner>:<line key in hex>`, and Realtime sends a
-- removed row's key to every subscriber of the table (hosted Supabase does the same: a DELETE
-- event carries only the primary key, without RLS), so anyone subscribed learned who removed
-- which product variant from their cart.
-- The key is now a name-based UUID (version 5, SHA-1) of `<owner>:<line key>` in a namespace of our
-- own: still deterministic, so two devices that add the same line while apart still insert the
-- same key and the second gets the 409 it merges on; opaque, as a digest. Computed here and in the
-- app (src/db/collections/cart-items.ts, the `uuid` package) to the same text.
-- The stored lines are re-keyed here; the app re-keys the lines on each device when its collection
-- moves to version 1, and pulls these rows again.

-- Immutable and without data access: the check constraint calls it as the writing role.
create function private.cart_item_id(p_user_id uuid, p_line_id text)
returns text
language sql
immutable
set search_path = ''
as $$
  -- RFC 9562 §5.5: SHA-1 of namespace and name; the first 16 bytes, version 5, variant 10.
  select encode(set_byte(set_byte(h, 6, (get_byte(h, 6) & 15) | 80), 8, (get_byte(h, 8) & 63) | 128), 'hex')::uuid::text
  from (
    select substring(extensions.digest(
      decode('3f8c2d0e5b7a4c1e9a6d2e4f7b8c9d10', 'hex') || convert_to(p_user_id::text || ':' || p_line_id, 'UTF8'),
      'sha1') from 1 for 16) as h
  ) digest
$$;

revoke all on function private.cart_item_id(uuid, text) from public, anon;
grant execute on function private.cart_item_id(uuid, text) to authenticated, service_role;

alter table public.cart_items drop constraint cart_items_id_is_user_and_line;
update public.cart_items set id = private.cart_item_id(user_id, line_id);
alter table public.cart_items add constraint cart_items_id_is_line_uuid check (id = private.cart_item_id(user_id, line_id));
comment on constraint cart_items_id_is_line_uuid on public.cart_items is
  'The key is a version 5 UUID of owner and line key: the same line on two devices is one row, and the key says nothing.';
