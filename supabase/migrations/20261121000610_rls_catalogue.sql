-- RLS on products (public catalogue, admin-managed) and inventory (admin only, aal rule).

alter table public.products enable row level security;
alter table public.inventory enable row level security;

create policy "Anyone can read active products"
  on public.products for select to anon
  using (is_active);

create policy "Users read active products, admins read all products"
  on public.products for select to authenticated
  using (is_active or ((select private.is_admin()) and (select private.admin_aal_satisfied())));

create policy "Admins can add products"
  on public.products for insert to authenticated
  with check ((select private.is_admin()) and (select private.admin_aal_satisfied()));

create policy "Admins can update products"
  on public.products for update to authenticated
  using ((select private.is_admin()) and (select private.admin_aal_satisfied()))
  with check ((select private.is_admin()) and (select private.admin_aal_satisfied()));

create policy "Admins can delete products"
  on public.products for delete to authenticated
  using ((select private.is_admin()) and (select private.admin_aal_satisfied()));

create policy "Admins can read inventory"
  on public.inventory for select to authenticated
  using ((select private.is_admin()) and (select private.admin_aal_satisfied()));

create policy "Admins can add inventory items"
  on public.inventory for insert to authenticated
  with check ((select private.is_admin()) and (select private.admin_aal_satisfied()));

create policy "Admins can update inventory items"
  on public.inventory for update to authenticated
  using ((select private.is_admin()) and (select private.admin_aal_satisfied()))
  with check ((select private.is_admin()) and (select private.admin_aal_satisfied()));

create policy "Admins can delete inventory items"
  on public.inventory for delete to authenticated
  using ((select private.is_admin()) and (select private.admin_aal_satisfied()));
