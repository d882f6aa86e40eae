-- A command its unit never acknowledged (a unit gone silent, a message lost) expired without a
-- trace: the door log said "Open requested" and nothing after. At the next contact with the
-- device, the unit's heartbeat or the owner's next command, such commands are now marked expired
-- and logged ('command_expired', "The unit did not answer; the door did not move"). An
-- acknowledgement that comes after that is refused as expired, as a late one always was, without
-- a second line. command_door and unit_ack_command are otherwise as in 20261201000130,
-- unit_heartbeat as in 20261201000150.

create function private.expire_unanswered_commands(p_device_id uuid)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  with expired as (
    update public.door_commands c
    set status = 'expired'
    where c.device_id = p_device_id and c.status = 'sent' and c.expires_at <= clock_timestamp()
    returning c.user_id, c.device_id, c.action, c.created_at
  )
  insert into public.device_events (user_id, device_id, kind, status, detail)
  select e.user_id, e.device_id, 'command_expired', e.action, 'The unit did not answer; the door did not move'
  from expired e
  order by e.created_at
$$;

-- Called only inside the security definer door functions.
revoke all on function private.expire_unanswered_commands(uuid) from public, anon, authenticated, service_role;

create or replace function public.command_door(p_device_id uuid, p_action text)
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
  perform private.expire_unanswered_commands(p_device_id);
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

create or replace function public.unit_heartbeat(p_status text default 'online', p_firmware_version text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_device uuid := private.require_unit_device();
begin
  perform private.expire_unanswered_commands(v_device);
  if p_status is null or p_status not in ('online', 'offline', 'maintenance', 'error') then
    raise exception 'status must be online, offline, maintenance or error' using errcode = '22023';
  end if;
  update public.devices d
  set status = p_status::public.device_status,
      firmware_version = coalesce(left(nullif(btrim(p_firmware_version), ''), 50), d.firmware_version),
      last_seen = now()
  where d.id = v_device;
  perform private.alert_door_left_open(v_device);
  return jsonb_build_object('device_id', v_device, 'pending', coalesce((
    select jsonb_agg(jsonb_build_object('id', c.id, 'action', c.action, 'expires_at', c.expires_at) order by c.created_at)
    from public.door_commands c
    where c.device_id = v_device and c.status = 'sent' and c.expires_at > now()
  ), '[]'::jsonb));
end
$$;

create or replace function public.unit_ack_command(p_command_id uuid)
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
  if v_command.status = 'expired' then
    return jsonb_build_object('ok', false, 'reason', 'expired', 'action', v_command.action);
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
