-- The device_events written by triggers (redeem_access_code writes its own, 20261127000300):
--   'code_created'   after a permission is inserted (created_at = the permission's created_at);
--   'code_revoked'   after a permission's is_active goes from true to false (a revoke, or a soft
--                    delete, which also deactivates the code: either way it stops opening the door);
--   'status_changed' after a device's status changes (previous_status → status).
-- user_id is always the device's owner. Plain `after update` with a when clause, not
-- `after update of <column>`: the guard trigger deactivates a soft-deleted code without the
-- column being in the statement's SET list, which `of is_active` would miss.
-- security definer: they fire as the customer's API role, which may not insert device_events.

create function private.log_permission_event()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.device_events (user_id, device_id, permission_id, kind, access_code, created_at)
  select d.user_id, new.device_id, new.id,
    case when tg_op = 'INSERT' then 'code_created' else 'code_revoked' end,
    new.access_code,
    case when tg_op = 'INSERT' then new.created_at else now() end
  from public.devices d
  where d.id = new.device_id;
  return null;
end
$$;

create function private.log_device_status_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.device_events (user_id, device_id, kind, previous_status, status)
  values (new.user_id, new.id, 'status_changed', old.status::text, new.status::text);
  return null;
end
$$;

revoke all on function private.log_permission_event(), private.log_device_status_change()
  from public, anon, authenticated, service_role;

create trigger log_code_created after insert on public.access_permissions
  for each row execute function private.log_permission_event();
create trigger log_code_revoked after update on public.access_permissions
  for each row when (old.is_active and not new.is_active) execute function private.log_permission_event();
create trigger log_status_changed after update on public.devices
  for each row when (old.status is distinct from new.status) execute function private.log_device_status_change();
