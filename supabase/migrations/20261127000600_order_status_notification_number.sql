-- The order-status notification names the order by its order number ('Your order #100042 is now
-- Shipped.'), the number the dashboard shows and customers quote, instead of the first 8
-- characters of its id. Otherwise as in 20261121001500_notification_triggers.sql.
-- security definer: it fires as the staff member's API role, which may not insert notifications.

create or replace function private.notify_order_status()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status is not distinct from old.status then
    return null;
  end if;
  insert into public.notifications (user_id, type, title, body, link)
  values (
    new.user_id,
    'order_status',
    'Order status updated',
    format('Your order #%s is now %s.', new.order_number, initcap(new.status::text)),
    '/dashboard/orders'
  );
  return null;
end
$$;

revoke all on function private.notify_order_status() from public, anon, authenticated, service_role;
