-- Staff see the live status of a device a customer named on a ticket, and no other device: least
-- privilege. Read only; staff never write devices. One permissive select policy per role, so the
-- customer's own-devices rule moves into this policy unchanged (owner reads own rows, tombstones
-- included, for the replication pull).

drop policy "Customers can read their own devices" on public.devices;

create policy "Customers read own devices; staff read devices named on tickets"
  on public.devices for select to authenticated
  using (
    user_id = (select auth.uid())
    or (
      (select private.is_staff())
      and (select private.admin_aal_satisfied())
      and exists (select 1 from public.support_tickets t where t.device_id = devices.id)
    )
  );
