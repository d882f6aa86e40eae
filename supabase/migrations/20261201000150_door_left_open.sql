-- Door left open: the owner is told, once per opening, when a door has stood open longer than
-- the time they chose for it (devices.open_alert_minutes, 1 to 240, default 10; the owner edits it
-- in the device's settings, offline too). A notification (live on their phones, and in the
-- notifications list) and a door-log line ('door_left_open').
-- Checked at every heartbeat of the unit (every 30 s), so no scheduler is needed and the alert
-- comes at most one heartbeat late; a door whose unit went silent is shown offline instead.
-- private.door_open_alerts remembers the opening already alerted (its door_state_at).

alter table public.devices
  add column open_alert_minutes smallint not null default 10 check (open_alert_minutes between 1 and 240);

alter table public.device_events drop constraint device_events_kind_check;
alter table public.device_events add constraint device_events_kind_check check (kind in (
  'code_created', 'code_revoked', 'code_redeemed', 'code_refused', 'status_changed',
  'door_command', 'door_state', 'command_expired', 'door_left_open'
));

create table private.door_open_alerts (
  device_id uuid primary key references public.devices (id) on delete cascade,
  opened_at timestamptz not null
);

create function private.alert_door_left_open(p_device_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_device public.devices;
  v_minutes integer;
begin
  select * into v_device from public.devices d
  where d.id = p_device_id and not d._deleted and d.device_type = 'indoor_unit'
    and d.door_state = 'open' and d.door_state_at <= now() - make_interval(mins => d.open_alert_minutes);
  if not found then
    return;
  end if;
  -- Once per opening: only the first heartbeat past the time for this door_state_at gets a row.
  insert into private.door_open_alerts as a (device_id, opened_at) values (p_device_id, v_device.door_state_at)
  on conflict (device_id) do update set opened_at = excluded.opened_at
    where a.opened_at is distinct from excluded.opened_at;
  if not found then
    return;
  end if;
  v_minutes := floor(extract(epoch from now() - v_device.door_state_at) / 60);
  insert into public.notifications (user_id, type, title, body, link)
  values (v_device.user_id, 'system', 'Door left open',
    format('%s has been open for %s minutes.', v_device.name, v_minutes), '/dashboard/devices');
  insert into public.device_events (user_id, device_id, kind, status, detail)
  values (v_device.user_id, p_device_id, 'door_left_open', 'open', format('Open for %s minutes', v_minutes));
end
$$;

revoke all on function private.alert_door_left_open(uuid) from public, anon, authenticated, service_role;

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

revoke all on function public.unit_heartbeat(text, text) from public, anon, service_role;
grant execute on function public.unit_heartbeat(text, text) to authenticated;
