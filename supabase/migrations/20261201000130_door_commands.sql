-- Opening and closing the door from the app, and the unit's side of the protocol.
--
-- The app calls command_door(device, 'open' | 'close'): only the device's owner, only while the
-- unit is online (it reported within the last 90 seconds) and only one command at a time. The
-- command is a door_commands row, valid for 10 seconds; the unit hears of it over Realtime
-- (Postgres Changes, INSERT, filter device_id=eq.<its device>) or in its next heartbeat's answer,
-- and acknowledges it with unit_ack_command. An acknowledgement after the deadline is refused and
-- logged ('command_expired'), so a late one never moves the door. Commands are never queued on
-- the phone: the app sends them only when online, and the deadline holds on the server.
--
-- The unit (signed in with its own credential, 20261201000110) calls:
--   unit_heartbeat(status, firmware)  every 30 s: status, firmware, last seen; answers with the
--                                     commands still waiting for it;
--   unit_ack_command(command)         {ok, action} or {ok: false, reason: 'expired' | 'done'};
--   unit_report_door(state, detail)   each change of its door, logged in the door log.

create table public.door_commands (
  id uuid primary key default gen_random_uuid(),
  device_id uuid not null references public.devices (id) on delete cascade,
  -- the device's owner: who reads the command
  user_id uuid not null references public.profiles (user_id) on delete cascade,
  action text not null check (action in ('open', 'close')),
  status text not null default 'sent' check (status in ('sent', 'acknowledged', 'expired')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  acknowledged_at timestamptz
);

create index door_commands_device_id_created_at_idx on public.door_commands (device_id, created_at desc);
create index door_commands_user_id_idx on public.door_commands (user_id);

alter table public.door_commands enable row level security;

-- One permissive policy per role and action: the owner reads their devices' commands, a unit
-- those sent to its own device (Realtime checks this for each command it delivers).
create policy "Owners and their devices' units read door commands"
  on public.door_commands for select to authenticated
  using (user_id = (select auth.uid()) or device_id = (select private.current_unit_device()));

-- Commands are written only by command_door and unit_ack_command. The shared guards every table
-- with server timestamps or an owner column carries keep the schema's rules uniform.
revoke insert, update, delete, truncate on public.door_commands from anon, authenticated;
create trigger a_set_server_timestamps before insert or update on public.door_commands
  for each row when (private.is_api_caller()) execute function private.set_server_timestamps();
create trigger a_guard_owner_column before insert or update on public.door_commands
  for each row when (private.is_api_caller()) execute function private.guard_owner_column('user_id');

do $$
begin
  if not exists (
    select 1 from pg_catalog.pg_publication_tables
    where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'door_commands'
  ) then
    alter publication supabase_realtime add table public.door_commands;
  end if;
end
$$;

create function public.command_door(p_device_id uuid, p_action text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_device public.devices;
  v_command public.door_commands;
  v_name text;
begin
  if p_action is null or p_action not in ('open', 'close') then
    raise exception 'The action must be open or close' using errcode = '22023';
  end if;
  -- Locked: two taps (or two phones) at once queue here, and the second sees the first's command.
  select * into v_device from public.devices d where d.id = p_device_id and not d._deleted for update;
  if not found or v_uid is null or v_device.user_id is distinct from v_uid then
    raise exception 'Only the owner of this device can open or close its door' using errcode = '42501',
      detail = format('device_id=%s', p_device_id);
  end if;
  if v_device.device_type <> 'indoor_unit' then
    raise exception 'This device has no door to open or close' using errcode = '22023';
  end if;
  if v_device.status in ('maintenance', 'error') then
    raise exception '%', case v_device.status when 'maintenance' then 'The unit is in maintenance mode' else 'The unit reports an error' end
      using errcode = 'P0001', detail = 'unit_unavailable';
  end if;
  if not exists (select 1 from private.unit_credentials c where c.device_id = p_device_id)
     or v_device.status <> 'online' or v_device.last_seen is null or v_device.last_seen < now() - interval '90 seconds' then
    raise exception 'The unit is offline' using errcode = 'P0001', detail = 'unit_offline';
  end if;
  if exists (select 1 from public.door_commands c
             where c.device_id = p_device_id and c.status = 'sent' and c.expires_at > now()) then
    raise exception 'Another command is on its way to the unit' using errcode = 'P0001', detail = 'command_pending';
  end if;
  if (select count(*) from public.door_commands c
      where c.device_id = p_device_id and c.created_at > now() - interval '1 minute') >= 20 then
    raise exception 'Too many commands; wait a minute' using errcode = 'P0001', detail = 'too_many_commands';
  end if;
  if p_action = 'open' and v_device.door_state in ('open', 'opening') then
    raise exception 'The door is already open' using errcode = 'P0001', detail = 'already_open';
  end if;
  if p_action = 'close' and v_device.door_state in ('closed', 'closing', 'closing_soon') then
    raise exception 'The door is already closed' using errcode = 'P0001', detail = 'already_closed';
  end if;

  insert into public.door_commands (device_id, user_id, action, expires_at)
  values (p_device_id, v_uid, p_action, now() + interval '10 seconds')
  returning * into v_command;

  select coalesce(nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), ''), p.email) into v_name
  from public.profiles p where p.user_id = v_uid;
  insert into public.device_events (user_id, device_id, kind, status, detail)
  values (v_device.user_id, p_device_id, 'door_command', p_action, left(v_name, 200));
  perform private.write_access_log(v_uid, 'door.' || p_action, 'devices/' || p_device_id::text, true, null,
    private.request_ip(), private.request_user_agent());

  return jsonb_build_object('command_id', v_command.id, 'action', p_action, 'expires_at', v_command.expires_at);
end
$$;

-- The calling unit's device, or 42501.
create function private.require_unit_device()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_device uuid := private.current_unit_device();
begin
  if v_device is null then
    raise exception 'Only a paired unit can do this' using errcode = '42501';
  end if;
  return v_device;
end
$$;

-- Called only by the unit_* functions (security definer), never by the API.
revoke all on function private.require_unit_device() from public, anon, authenticated, service_role;

create function public.unit_heartbeat(p_status text default 'online', p_firmware_version text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_device uuid := private.require_unit_device();
begin
  if p_status is null or p_status not in ('online', 'offline', 'maintenance', 'error') then
    raise exception 'status must be online, offline, maintenance or error' using errcode = '22023';
  end if;
  update public.devices d
  set status = p_status::public.device_status,
      firmware_version = coalesce(left(nullif(btrim(p_firmware_version), ''), 50), d.firmware_version),
      last_seen = now()
  where d.id = v_device;
  return jsonb_build_object('device_id', v_device, 'pending', coalesce((
    select jsonb_agg(jsonb_build_object('id', c.id, 'action', c.action, 'expires_at', c.expires_at) order by c.created_at)
    from public.door_commands c
    where c.device_id = v_device and c.status = 'sent' and c.expires_at > now()
  ), '[]'::jsonb));
end
$$;

create function public.unit_ack_command(p_command_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_device uuid := private.require_unit_device();
  v_command public.door_commands;
begin
  select * into v_command from public.door_commands c
  where c.id = p_command_id and c.device_id = v_device
  for update;
  if not found then
    raise exception 'No such command for this unit' using errcode = 'P0002';
  end if;
  if v_command.status <> 'sent' then
    return jsonb_build_object('ok', false, 'reason', 'done', 'action', v_command.action);
  end if;
  if v_command.expires_at <= clock_timestamp() then
    update public.door_commands set status = 'expired' where id = p_command_id;
    insert into public.device_events (user_id, device_id, kind, status, detail)
    values (v_command.user_id, v_device, 'command_expired', v_command.action,
      'The unit answered too late; the door did not move');
    return jsonb_build_object('ok', false, 'reason', 'expired', 'action', v_command.action);
  end if;
  update public.door_commands set status = 'acknowledged', acknowledged_at = clock_timestamp() where id = p_command_id;
  update public.devices set last_seen = now() where id = v_device;
  return jsonb_build_object('ok', true, 'action', v_command.action);
end
$$;

create function public.unit_report_door(p_state text, p_detail text default null)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_device uuid := private.require_unit_device();
  v_row public.devices;
begin
  if p_state is null or p_state not in ('closed', 'opening', 'open', 'closing_soon', 'closing', 'stopped') then
    raise exception 'state must be closed, opening, open, closing_soon, closing or stopped' using errcode = '22023';
  end if;
  select * into v_row from public.devices d where d.id = v_device for update;
  if v_row.device_type <> 'indoor_unit' then
    raise exception 'Only an indoor unit has a door' using errcode = '22023';
  end if;
  if v_row.door_state is not distinct from p_state and p_detail is null then
    update public.devices set last_seen = now() where id = v_device;
    return;
  end if;
  update public.devices
  set door_state = p_state,
      door_state_at = case when door_state is distinct from p_state then now() else door_state_at end,
      last_seen = now()
  where id = v_device;
  insert into public.device_events (user_id, device_id, kind, previous_status, status, detail)
  values (v_row.user_id, v_device, 'door_state', v_row.door_state, p_state, left(nullif(btrim(p_detail), ''), 200));
end
$$;

revoke all on function public.command_door(uuid, text), public.unit_heartbeat(text, text),
  public.unit_ack_command(uuid), public.unit_report_door(text, text) from public, anon, service_role;
grant execute on function public.command_door(uuid, text), public.unit_heartbeat(text, text),
  public.unit_ack_command(uuid), public.unit_report_door(text, text) to authenticated;
