-- The system writes the access log (beyond-the-spec: "sign-in success/failure, admin and staff
-- actions, with IP and user agent"):
-- 1. log_access_event(): the app logs a staff action it performs (e.g. 'report.export').
-- 2. A trigger on auth.audit_log_entries turns the auth server's 'login' and 'login_failed'
--    entries into 'login' / 'login_failed' rows. Hosted GoTrue records no failed sign-ins and
--    may be configured not to write this table at all; the local stack records both.
-- 3. Triggers on staff-managed tables log every write a staff member makes through the API
--    (action '<area>.create|update|delete', resource '<table>/<id>'), ticket status and
--    assignment changes, order status changes and role changes.

-- 1. Staff only (support or admin; admins need aal2 when they have a verified factor).
-- security definer: API roles cannot insert into access_logs; the row is always the caller's own.
create function public.log_access_event(p_action text, p_resource text, p_success boolean, p_error text default null)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null or not (private.is_staff() and private.admin_aal_satisfied()) then
    raise exception 'Access denied. Admin or support privileges required.' using errcode = '42501';
  end if;
  if p_action is null or btrim(p_action) = '' or char_length(p_action) > 100 then
    raise exception 'action must be 1 to 100 characters' using errcode = 'P0001';
  end if;
  if char_length(p_resource) > 200 then
    raise exception 'resource must be at most 200 characters' using errcode = 'P0001';
  end if;
  if char_length(p_error) > 1000 then
    raise exception 'error must be at most 1000 characters' using errcode = 'P0001';
  end if;
  if p_success is null then
    raise exception 'success is required' using errcode = 'P0001';
  end if;
  return private.write_access_log(auth.uid(), btrim(p_action), p_resource, p_success, p_error,
    private.request_ip(), private.request_user_agent());
end
$$;

revoke all on function public.log_access_event(text, text, boolean, text) from public, anon, service_role;
grant execute on function public.log_access_event(text, text, boolean, text) to authenticated;

-- 2. Sign-ins. The auth server's client address is the row's ip_address (GoTrue) or
-- traits.ip_address; the user agent is traits.user_agent. security definer: it fires as the auth
-- server's role. A logging failure must never block a sign-in, so errors become warnings.
create function private.log_auth_audit_entry()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_payload jsonb;
  v_action text;
  v_actor uuid;
  v_reason text;
begin
  v_payload := coalesce(new.payload::jsonb, '{}'::jsonb);
  v_action := v_payload ->> 'action';
  if v_action is null or v_action not in ('login', 'login_failed') then
    return null;
  end if;
  begin
    v_actor := (v_payload ->> 'actor_id')::uuid;
  exception when others then
    v_actor := null;
  end;
  v_reason := v_payload -> 'traits' ->> 'reason';
  perform private.write_access_log(
    v_actor,
    v_action,
    'auth/' || coalesce(nullif(v_payload ->> 'actor_username', ''), 'unknown'),
    v_action = 'login',
    case when v_action = 'login' then null
      when v_reason = 'invalid_credentials' then 'Invalid login credentials'
      when v_reason = 'email_not_confirmed' then 'Email not confirmed'
      else coalesce(v_reason, 'Sign-in failed') end,
    coalesce(private.to_inet(new.ip_address), private.to_inet(v_payload -> 'traits' ->> 'ip_address')),
    v_payload -> 'traits' ->> 'user_agent'
  );
  return null;
exception when others then
  raise warning 'access log for auth audit entry % not written: %', new.id, sqlerrm;
  return null;
end
$$;

revoke all on function private.log_auth_audit_entry() from public, anon, authenticated, service_role;

create trigger log_sign_in_to_access_logs after insert on auth.audit_log_entries
  for each row execute function private.log_auth_audit_entry();

-- 3. Staff writes through the API. security invoker on purpose: private.is_api_caller() must see
-- the writing role (an RPC running as the owner, the seed or service_role is not a staff action);
-- the row is written by the definer helper private.log_as_caller.
-- tg_argv[0] = action prefix (e.g. 'inventory'), tg_argv[1] = resource prefix (the table name).
create function private.log_staff_write()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_row jsonb;
begin
  if private.is_api_caller() and private.is_staff() then
    v_row := case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end;
    perform private.log_as_caller(
      tg_argv[0] || '.' || case tg_op when 'INSERT' then 'create' when 'UPDATE' then 'update' else 'delete' end,
      tg_argv[1] || '/' || coalesce(v_row ->> 'id', v_row ->> 'user_id', '')
    );
  end if;
  return null;
end
$$;

-- Status and assignment changes on tickets and orders made through the API, and role changes
-- (logged even when made outside the API, with a null user). One function per table: a record's
-- fields are resolved when the expression is prepared, so one body cannot serve all three.
create function private.log_ticket_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if private.is_api_caller() then
    if new.status is distinct from old.status then
      perform private.log_as_caller('ticket.status', 'support_tickets/' || new.id);
    end if;
    if new.assigned_to is distinct from old.assigned_to then
      perform private.log_as_caller('ticket.assign', 'support_tickets/' || new.id);
    end if;
  end if;
  return null;
end
$$;

create function private.log_order_status_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if private.is_api_caller() and new.status is distinct from old.status then
    perform private.log_as_caller('order.status', 'orders/' || new.id);
  end if;
  return null;
end
$$;

create function private.log_role_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.role is distinct from old.role then
    perform private.log_as_caller('profile.role', 'profiles/' || new.user_id);
  end if;
  return null;
end
$$;

revoke all on function private.log_staff_write(), private.log_ticket_change(), private.log_order_status_change(),
  private.log_role_change() from public, anon, authenticated, service_role;

create trigger log_staff_write after insert or update or delete on public.inventory
  for each row execute function private.log_staff_write('inventory', 'inventory');
create trigger log_staff_write after insert or update or delete on public.products
  for each row execute function private.log_staff_write('product', 'products');
create trigger log_staff_write after insert or update or delete on public.cms_content
  for each row execute function private.log_staff_write('cms', 'cms_content');
create trigger log_staff_write after insert or update or delete on public.kb_articles
  for each row execute function private.log_staff_write('kb_article', 'kb_articles');
create trigger log_staff_write after insert or update or delete on public.financial_transactions
  for each row execute function private.log_staff_write('financial', 'financial_transactions');
create trigger log_staff_write after insert or update or delete on public.support_categories
  for each row execute function private.log_staff_write('support_category', 'support_categories');

create trigger log_ticket_change after update of status, assigned_to on public.support_tickets
  for each row execute function private.log_ticket_change();
create trigger log_order_status_change after update of status on public.orders
  for each row execute function private.log_order_status_change();
create trigger log_role_change after update of role on public.profiles
  for each row execute function private.log_role_change();
