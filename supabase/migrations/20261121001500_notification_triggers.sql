-- Notifications to customers, written only here (customers never insert notifications):
-- 'ticket_reply'  when a staff member adds a non-internal message to the customer's ticket;
-- 'ticket_status' when someone other than the customer changes the ticket's status;
-- 'order_status'  when an order's status changes.
-- security definer: they fire as the staff member's API role, which may not insert notifications.

create function private.ticket_status_label(p_status public.ticket_status)
returns text
language sql
immutable
set search_path = ''
as $$
  select initcap(replace(p_status::text, '_', ' '))
$$;

create function private.notify_ticket_reply()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_ticket record;
begin
  if new.is_internal or new._deleted then
    return null;
  end if;
  select t.id, t.user_id, t.subject into v_ticket from public.support_tickets t where t.id = new.ticket_id;
  -- Only a staff member's reply to someone else's ticket notifies (not the customer's own message).
  if v_ticket.user_id is null or v_ticket.user_id = new.user_id
     or not exists (select 1 from public.profiles p where p.user_id = new.user_id and p.role in ('support', 'admin')) then
    return null;
  end if;
  insert into public.notifications (user_id, type, title, body, link)
  values (
    v_ticket.user_id,
    'ticket_reply',
    'New reply on your support ticket',
    left(format('Re: %s — %s', v_ticket.subject, new.message), 2000),
    '/support?ticket=' || v_ticket.id
  );
  return null;
end
$$;

create function private.notify_ticket_status()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status is not distinct from old.status or auth.uid() is not distinct from new.user_id then
    return null;
  end if;
  insert into public.notifications (user_id, type, title, body, link)
  values (
    new.user_id,
    'ticket_status',
    'Ticket status updated',
    left(format('Your ticket "%s" is now %s.', new.subject, private.ticket_status_label(new.status)), 2000),
    '/support?ticket=' || new.id
  );
  return null;
end
$$;

create function private.notify_order_status()
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
    format('Your order #%s is now %s.', upper(left(new.id::text, 8)), initcap(new.status::text)),
    '/dashboard/orders'
  );
  return null;
end
$$;

revoke all on function private.ticket_status_label(public.ticket_status), private.notify_ticket_reply(),
  private.notify_ticket_status(), private.notify_order_status() from public, anon, authenticated, service_role;

create trigger notify_ticket_reply after insert on public.support_messages
  for each row execute function private.notify_ticket_reply();
create trigger notify_ticket_status after update of status on public.support_tickets
  for each row execute function private.notify_ticket_status();
create trigger notify_order_status after update of status on public.orders
  for each row execute function private.notify_order_status();
