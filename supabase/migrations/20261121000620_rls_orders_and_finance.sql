-- RLS on orders (customers read their own, staff read all, admins change status; created only by
-- place_order) and financial_transactions (admin only, aal rule).

alter table public.orders enable row level security;
alter table public.financial_transactions enable row level security;

create policy "Customers read their own orders, staff read all orders"
  on public.orders for select to authenticated
  using (
    user_id = (select auth.uid())
    or ((select private.is_staff()) and (select private.admin_aal_satisfied()))
  );

create policy "Admins can update the status of orders"
  on public.orders for update to authenticated
  using ((select private.is_admin()) and (select private.admin_aal_satisfied()))
  with check ((select private.is_admin()) and (select private.admin_aal_satisfied()));

revoke insert, delete, truncate on public.orders from anon, authenticated;

create policy "Admins can read financial transactions"
  on public.financial_transactions for select to authenticated
  using ((select private.is_admin()) and (select private.admin_aal_satisfied()));

create policy "Admins can record financial transactions"
  on public.financial_transactions for insert to authenticated
  with check ((select private.is_admin()) and (select private.admin_aal_satisfied()));

create policy "Admins can update financial transactions"
  on public.financial_transactions for update to authenticated
  using ((select private.is_admin()) and (select private.admin_aal_satisfied()))
  with check ((select private.is_admin()) and (select private.admin_aal_satisfied()));

create policy "Admins can delete financial transactions"
  on public.financial_transactions for delete to authenticated
  using ((select private.is_admin()) and (select private.admin_aal_satisfied()));
