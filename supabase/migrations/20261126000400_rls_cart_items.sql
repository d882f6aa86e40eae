-- RLS on cart_items: a cart is private to its owner, staff included (no one serves a customer
-- through their cart). The owner reads, adds and changes their own lines, tombstones included
-- (the replication pull must see them). Removing a line is a soft delete (update _deleted), so
-- there is no delete grant; anon has no policy and sees nothing.

alter table public.cart_items enable row level security;

create policy "Users can read their own cart lines"
  on public.cart_items for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can add lines to their own cart"
  on public.cart_items for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Users can change their own cart lines"
  on public.cart_items for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

revoke delete, truncate on public.cart_items from anon, authenticated;
