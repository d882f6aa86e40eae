-- devices and access_permissions: customer-owned, replicated to the device (RxDB), flat scalars.

create table public.devices (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (user_id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 100),
  device_type public.device_type not null default 'indoor_unit',
  location text check (char_length(location) <= 100),
  serial_number text check (char_length(serial_number) <= 100),
  status public.device_status not null default 'offline',
  firmware_version text check (char_length(firmware_version) <= 50),
  last_seen timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _deleted boolean not null default false,
  _modified timestamptz not null default clock_timestamp()
);

create index devices_user_id_created_at_idx on public.devices (user_id, created_at desc);
create index devices_modified_id_idx on public.devices (_modified, id);

create table public.access_permissions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (user_id) on delete cascade,
  device_id uuid not null references public.devices (id) on delete cascade,
  permission_type public.permission_type not null default 'guest',
  -- 6 uppercase alphanumerics, generated on the client (works offline)
  access_code text not null check (access_code ~ '^[A-Z0-9]{6}$'),
  granted_to_name text check (char_length(granted_to_name) <= 100),
  granted_to_email text check (granted_to_email ~ '^[^@[:space:]]+@[^@[:space:]]+$' and char_length(granted_to_email) <= 320),
  expires_at timestamptz,
  max_usage integer check (max_usage is null or max_usage > 0),
  usage_count integer not null default 0 check (usage_count >= 0),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _deleted boolean not null default false,
  _modified timestamptz not null default clock_timestamp()
);

-- A code identifies one active permission (redeem_access_code looks it up); revoked codes may recur.
create unique index access_permissions_active_code_key on public.access_permissions (access_code) where is_active;
create index access_permissions_user_id_created_at_idx on public.access_permissions (user_id, created_at desc);
create index access_permissions_device_id_idx on public.access_permissions (device_id);
create index access_permissions_modified_id_idx on public.access_permissions (_modified, id);
