-- The garage units' own credential. Each paired unit (indoor door opener, outdoor camera) is a
-- Supabase Auth user of its own: e-mail unit-<device id>@units.garageguard.invalid, a random
-- 32-character password (the pairing secret, shown once), app_metadata.garage_unit = the device
-- id. The unit signs in with supabase-js like any client and then talks /rest/v1 and
-- /realtime/v1 with its own JWT. app_metadata is writable only by the service role, so the claim
-- cannot be forged; the credential row below is still what grants the unit its device, so
-- revoking it takes effect at once, before the unit's token expires.
--   pair_unit(device)    the owner (or the service role: a factory or installer back end) creates
--                        the unit's user, or replaces it (the old secret and sessions end), and
--                        receives the secret once;
--   unpair_unit(device)  the owner revokes it; removing a device revokes it too.
-- A unit's user has no profile (handle_new_user skips it), so every customer and staff rule,
-- which all start from the caller's profile, gives it nothing; it acts only through the unit_*
-- functions of 20261201000130.

create table private.unit_credentials (
  device_id uuid primary key references public.devices (id) on delete cascade,
  unit_user_id uuid not null unique references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);

-- The device the calling unit stands for, or null for every other caller.
create function private.current_unit_device()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select c.device_id
  from private.unit_credentials c
  join public.devices d on d.id = c.device_id and not d._deleted
  where c.unit_user_id = (select auth.uid())
$$;

revoke all on function private.current_unit_device() from public, anon;
grant execute on function private.current_unit_device() to authenticated, service_role;

-- A unit's auth user gets no profile: it is not a person.
create or replace function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.raw_app_meta_data ? 'garage_unit' then
    return new;
  end if;
  insert into public.profiles (user_id, first_name, last_name, email, role)
  values (
    new.id,
    nullif(left(btrim(new.raw_user_meta_data ->> 'first_name'), 100), ''),
    nullif(left(btrim(new.raw_user_meta_data ->> 'last_name'), 100), ''),
    new.email,
    'customer'
  )
  on conflict (user_id) do nothing;
  return new;
end
$$;

-- Ends the unit's credential: its auth user goes, with its sessions and refresh tokens.
create function private.revoke_unit(p_device_id uuid)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  delete from auth.users u
  using private.unit_credentials c
  where c.device_id = p_device_id and u.id = c.unit_user_id
$$;

revoke all on function private.revoke_unit(uuid) from public, anon, authenticated, service_role;

create function public.pair_unit(p_device_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_device public.devices;
  v_secret text := translate(encode(extensions.gen_random_bytes(24), 'base64'), '+/', '-_');
  v_user_id uuid := gen_random_uuid();
  v_email text := 'unit-' || p_device_id::text || '@units.garageguard.invalid';
begin
  -- Locked: two pairings of one device at once take turns (each replaces the other's credential).
  select * into v_device from public.devices d where d.id = p_device_id and not d._deleted for update;
  if not found or not (
    coalesce((select auth.role()), '') = 'service_role'
    or v_device.user_id = (select auth.uid())
  ) then
    raise exception 'You can pair only your own devices' using errcode = '42501',
      detail = format('device_id=%s', p_device_id);
  end if;
  if v_device.device_type not in ('indoor_unit', 'outdoor_unit') then
    raise exception 'A % has no unit to pair', replace(v_device.device_type::text, '_', ' ')
      using errcode = '22023';
  end if;

  perform private.revoke_unit(p_device_id);
  insert into auth.users (
    instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
    confirmation_token, recovery_token, email_change_token_new, email_change,
    raw_app_meta_data, raw_user_meta_data, created_at, updated_at
  ) values (
    '00000000-0000-0000-0000-000000000000', v_user_id, 'authenticated', 'authenticated', v_email,
    extensions.crypt(v_secret, extensions.gen_salt('bf', 10)), now(), '', '', '', '',
    jsonb_build_object('provider', 'email', 'providers', jsonb_build_array('email'), 'garage_unit', p_device_id),
    '{}'::jsonb, now(), now()
  );
  insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
  values (v_user_id::text, v_user_id,
    jsonb_build_object('sub', v_user_id::text, 'email', v_email, 'email_verified', true), 'email', now(), now());
  insert into private.unit_credentials (device_id, unit_user_id) values (p_device_id, v_user_id);

  return jsonb_build_object('device_id', p_device_id, 'email', v_email, 'secret', v_secret);
end
$$;

create function public.unpair_unit(p_device_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not exists (
    select 1 from public.devices d
    where d.id = p_device_id
      and (d.user_id = (select auth.uid()) or coalesce((select auth.role()), '') = 'service_role')
  ) then
    raise exception 'You can unpair only your own devices' using errcode = '42501',
      detail = format('device_id=%s', p_device_id);
  end if;
  perform private.revoke_unit(p_device_id);
end
$$;

revoke all on function public.pair_unit(uuid), public.unpair_unit(uuid) from public, anon;
grant execute on function public.pair_unit(uuid), public.unpair_unit(uuid) to authenticated, service_role;

-- Removing a device (a soft delete) revokes its unit at once.
create function private.revoke_unit_of_removed_device()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.revoke_unit(new.id);
  return null;
end
$$;

revoke all on function private.revoke_unit_of_removed_device() from public, anon, authenticated, service_role;

create trigger revoke_unit_of_removed_device after update on public.devices
  for each row when (new._deleted and not old._deleted) execute function private.revoke_unit_of_removed_device();

-- A credential that goes any other way (the device or its owner deleted for good) takes the
-- unit's user with it, so no login is left behind. When the user goes first (revoke_unit), the
-- cascade removes the credential and this delete finds nothing left to do.
create function private.delete_unit_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from auth.users u where u.id = old.unit_user_id;
  return null;
end
$$;

revoke all on function private.delete_unit_user() from public, anon, authenticated, service_role;

create trigger delete_unit_user after delete on private.unit_credentials
  for each row execute function private.delete_unit_user();
