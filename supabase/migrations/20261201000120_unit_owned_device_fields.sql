-- What only the unit knows: its status, firmware, when it was last seen and where its door is.
-- The unit reports them through the unit_* functions (security definer); an API write by anyone
-- else (the owner, staff) that changes one is refused. A new device starts as the app creates it:
-- offline, no firmware, never seen, no door state. Refused, not silently kept, as the owner
-- column guard does; sending the unchanged values is fine (the replication repeats every column,
-- and its field-wise merge takes the unit's latest values before a push is retried).

create function private.guard_unit_owned_fields()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.status is distinct from 'offline' or new.firmware_version is not null or new.last_seen is not null
       or new.door_state is not null or new.door_state_at is not null then
      raise exception 'Only the unit reports its status, firmware, last seen and door state' using errcode = '42501',
        hint = 'A new device starts offline, with no firmware, never seen and no door state.';
    end if;
  elsif (new.status, new.firmware_version, new.last_seen, new.door_state, new.door_state_at)
        is distinct from (old.status, old.firmware_version, old.last_seen, old.door_state, old.door_state_at) then
    raise exception 'Only the unit reports its status, firmware, last seen and door state' using errcode = '42501';
  end if;
  return new;
end
$$;

revoke all on function private.guard_unit_owned_fields() from public, anon, authenticated, service_role;

create trigger guard_unit_owned_fields before insert or update on public.devices
  for each row when (private.is_api_caller()) execute function private.guard_unit_owned_fields();
