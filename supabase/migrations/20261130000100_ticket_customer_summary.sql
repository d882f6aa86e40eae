-- ticket_customer_summary(ticket): who a ticket's customer is, for the staff member answering it,
-- beside the conversation (help desks show the requester's context: their devices and recent
-- orders). Staff (support or admin, with the aal rule for admins) only; 42501 for anyone else.
-- The ticket is the reason to look: staff read the devices of a customer with a ticket through
-- this call only, not the devices table (its policy shows staff only devices named on tickets).
-- Returns null for a ticket that does not exist (or was deleted), else
--   {customer: {name, email, member_since},
--    devices: [{id, name, device_type, location, status, last_seen}] (at most 10, newest first),
--    device_count,
--    orders: [{id, order_number, status, total, created_at}] (the 5 latest), order_count}
-- No access codes, addresses or order lines: what a first answer needs, not the whole account.
-- security definer: it reads another user's devices, which RLS would hide from the caller.

create function public.ticket_customer_summary(p_ticket_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user uuid;
begin
  if not (private.is_staff() and private.admin_aal_satisfied()) then
    raise exception 'Access denied. Admin or support privileges required.' using errcode = '42501';
  end if;

  select t.user_id into v_user from public.support_tickets t where t.id = p_ticket_id and not t._deleted;
  if v_user is null then
    return null;
  end if;

  return jsonb_build_object(
    'customer', (
      select jsonb_build_object('name', nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), ''), 'email', p.email, 'member_since', p.created_at)
      from public.profiles p where p.user_id = v_user
    ),
    'devices', coalesce((
      select jsonb_agg(jsonb_build_object('id', d.id, 'name', d.name, 'device_type', d.device_type, 'location', d.location, 'status', d.status, 'last_seen', d.last_seen) order by d.created_at desc, d.id)
      from (select * from public.devices where user_id = v_user and not _deleted order by created_at desc, id limit 10) d
    ), '[]'::jsonb),
    'device_count', (select count(*) from public.devices where user_id = v_user and not _deleted),
    'orders', coalesce((
      select jsonb_agg(jsonb_build_object('id', o.id, 'order_number', o.order_number, 'status', o.status, 'total', o.total, 'created_at', o.created_at) order by o.created_at desc, o.id)
      from (select * from public.orders where user_id = v_user and not _deleted order by created_at desc, id limit 5) o
    ), '[]'::jsonb),
    'order_count', (select count(*) from public.orders where user_id = v_user and not _deleted)
  );
end
$$;

revoke all on function public.ticket_customer_summary(uuid) from public, anon, service_role;
grant execute on function public.ticket_customer_summary(uuid) to authenticated;
