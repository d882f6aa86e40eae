-- RLS on devices and access_permissions: customers only, their own rows. Deleting is a soft
-- delete (update _deleted = true) so other replicas learn of it; there is no hard-delete policy.
-- The owner can read their soft-deleted rows: the replication pull must see the tombstones.

alter table public.devices enable row level security;
alter table public.access_permissions enable row level security;

create policy "Customers can read their own devices"
  on public.devices for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Customers can add their own devices"
  on public.devices for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Customers can update their own devices"
  on public.devices for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Customers can read their own access permissions"
  on public.access_permissions for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Customers can create access permissions for their own devices"
  on public.access_permissions for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and exists (
      select 1 from public.devices d
      where d.id = device_id and d.user_id = (select auth.uid()) and not d._deleted
    )
  );

create policy "Customers can update access permissions of their own devices"
  on public.access_permissions for update to authenticated
  using (user_id = (select auth.uid()))
  with check (
    user_id = (select auth.uid())
    and exists (
      select 1 from public.devices d
      where d.id = device_id and d.user_id = (select auth.uid())
    )
  );

revoke delete, truncate on public.devices, public.access_permissions from anon, authenticated;
