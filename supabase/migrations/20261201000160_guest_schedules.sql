-- Guest schedules: an access code may be limited to days of the week and a time window ("Weekdays
-- 9:00-17:00" for a cleaner), in the time zone of the home where the door is, and the server
-- enforces it at redemption (app and keypad alike, private.redeem_code_at). Outside its hours a
-- code is refused with reason 'outside_schedule' and no use is taken.
--
-- devices.time_zone: the home's IANA time zone. The app sets it from the phone's zone when the
-- device is added, and the owner may change it in the device's settings. Devices added before it
-- existed read 'UTC' until their owner sets it; so does a device added with a zone the server does
-- not know.
--
-- access_permissions:
--   schedule_days   the weekdays, one bit each by ISO number: Monday 1, Tuesday 2, Wednesday 4, ...
--                   Sunday 64 (weekdays 31, weekends 96, every day 127). Null: no schedule.
--   schedule_start  the window on those days, [start, end) in the home's time; both null: all day.
--   schedule_end    A window across midnight is not offered: end comes after start.
-- A bit mask rather than an array: one number that the replication compares with eq like any
-- other column, and that a unit's firmware can read without an array parser.

-- Immutable and without data access: a check constraint calls it as the writing role.
create function private.is_time_zone(p_name text)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
begin
  -- Names only (no POSIX offsets such as 'UTC+5', whose sign reads backwards).
  if p_name !~ '^[A-Za-z]+(/[A-Za-z0-9_+-]+)*$' then
    return false;
  end if;
  perform timestamptz '2000-01-01 00:00:00+00' at time zone p_name;
  return true;
exception when invalid_parameter_value then
  return false;
end
$$;

revoke all on function private.is_time_zone(text) from public, anon;
grant execute on function private.is_time_zone(text) to authenticated, service_role;

alter table public.devices
  add column time_zone text not null default 'UTC'
    constraint devices_time_zone_is_known check (char_length(time_zone) <= 64 and private.is_time_zone(time_zone));
comment on column public.devices.time_zone is 'The home''s IANA time zone; guest schedules of the device''s codes are read in it.';

-- A new device takes the zone of the phone that added it, perhaps offline. A phone may know a
-- zone this server's time zone database does not (a zone created last month): the device must
-- not be refused and lost over it, so an unknown zone on insert becomes 'UTC', which its owner
-- sees and can change. A change of zone (the owner's choice in the settings) is checked as typed.
create function private.known_device_time_zone()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if char_length(new.time_zone) > 64 or not private.is_time_zone(new.time_zone) then
    new.time_zone := 'UTC';
  end if;
  return new;
end
$$;

revoke all on function private.known_device_time_zone() from public, anon, authenticated;

create trigger known_device_time_zone before insert on public.devices
  for each row execute function private.known_device_time_zone();

alter table public.access_permissions
  add column schedule_days smallint check (schedule_days between 1 and 127),
  add column schedule_start time(0),
  add column schedule_end time(0),
  add constraint access_permissions_schedule_is_whole check (
    (schedule_start is null) = (schedule_end is null)
    and (schedule_start is null or schedule_days is not null)
    and (schedule_start is null or schedule_start < schedule_end)
  );
comment on column public.access_permissions.schedule_days is 'Weekdays the code opens the door, a bit each: Monday 1 ... Sunday 64; null: any day.';
comment on column public.access_permissions.schedule_start is 'Start of the daily window in the device''s time zone (inclusive); null with schedule_end: all day.';
comment on column public.access_permissions.schedule_end is 'End of the daily window in the device''s time zone (exclusive).';

-- Whether an instant falls inside a schedule, read in the home's time zone.
create function private.within_schedule(p_days smallint, p_start time, p_end time, p_time_zone text, p_at timestamptz)
returns boolean
language sql
stable
set search_path = ''
as $$
  select p_days is null or (
    (p_days >> (extract(isodow from p_at at time zone p_time_zone)::integer - 1)) & 1 = 1
    and (p_start is null or (
      (p_at at time zone p_time_zone)::time >= p_start and (p_at at time zone p_time_zone)::time < p_end
    ))
  )
$$;

revoke all on function private.within_schedule(smallint, time, time, text, timestamptz) from public, anon, authenticated, service_role;

-- redeem_code_at as in 20261201000140, with the schedule: inside the guarded update (a use is
-- taken only inside the window) and, when the update finds nothing, as the last reason (a revoked,
-- expired or used-up code reads as that whatever the hour).
create or replace function private.redeem_code_at(p_device_id uuid, p_code text, p_actor uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := p_actor;
  v_code text := upper(btrim(coalesce(p_code, '')));
  v_resource text := 'devices/' || p_device_id::text;
  v_time_zone text;
  v_perm public.access_permissions;
  v_id uuid;
  v_reason text;
  v_message text;
begin
  select d.time_zone into v_time_zone from public.devices d where d.id = p_device_id;
  if (select count(*) from public.access_logs l
      where l.resource = v_resource and l.action = 'access_code.redeem' and not l.success
        and l.error_message = 'Invalid access code' and l.created_at > now() - interval '10 minutes') >= 10 then
    v_reason := 'too_many_attempts';
  else
    select * into v_perm from public.access_permissions ap
    where ap.device_id = p_device_id and ap.access_code = v_code and not ap._deleted
    order by ap.is_active desc, ap.created_at desc
    limit 1;
    if not found then
      v_reason := 'invalid_code';
    else
      v_id := v_perm.id;
      update public.access_permissions ap
      set usage_count = ap.usage_count + 1
      where ap.id = v_id
        and ap.is_active and not ap._deleted
        and (ap.expires_at is null or ap.expires_at > now())
        and (ap.max_usage is null or ap.usage_count < ap.max_usage)
        and private.within_schedule(ap.schedule_days, ap.schedule_start, ap.schedule_end, v_time_zone, now())
      returning * into v_perm;
      if not found then
        -- Read the row as it is now (a concurrent redemption may have taken the last use).
        select * into v_perm from public.access_permissions ap where ap.id = v_id;
        v_reason := case
          when v_perm.expires_at is not null and v_perm.expires_at <= now() then 'expired'
          when v_perm.max_usage is not null and v_perm.usage_count >= v_perm.max_usage then 'limit_reached'
          when not v_perm.is_active or v_perm._deleted then 'revoked'
          else 'outside_schedule'
        end;
      end if;
    end if;
  end if;

  v_message := case v_reason
    when 'expired' then 'Expired'
    when 'limit_reached' then 'Limit Reached'
    when 'revoked' then 'Revoked'
    when 'outside_schedule' then 'Outside Schedule'
    when 'invalid_code' then 'Invalid access code'
    when 'too_many_attempts' then 'Too many failed attempts; try again later'
  end;
  perform private.write_access_log(v_uid, 'access_code.redeem', v_resource, v_reason is null, v_message,
    private.request_ip(), private.request_user_agent());
  -- The door log, in the owner's name (also when staff redeem): the permission when known, the
  -- code as entered.
  insert into public.device_events (user_id, device_id, permission_id, kind, access_code, detail)
  select d.user_id, p_device_id, v_perm.id,
    case when v_reason is null then 'code_redeemed' else 'code_refused' end,
    nullif(left(v_code, 20), ''), v_message
  from public.devices d
  where d.id = p_device_id;

  if v_reason is not null then
    return jsonb_build_object('ok', false, 'reason', v_reason, 'message', v_message,
      'permission_id', v_perm.id);
  end if;
  return jsonb_build_object(
    'ok', true,
    'reason', null,
    'message', 'Access granted',
    'permission_id', v_perm.id,
    'permission_type', v_perm.permission_type,
    'granted_to_name', v_perm.granted_to_name,
    'usage_count', v_perm.usage_count,
    'max_usage', v_perm.max_usage,
    'remaining_uses', case when v_perm.max_usage is null then null else v_perm.max_usage - v_perm.usage_count end,
    'expires_at', v_perm.expires_at
  );
end
$$;
