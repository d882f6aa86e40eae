-- device_events: what happened at or to a customer's device: a code created, revoked, redeemed or
-- refused at the door, a device's status changing. The door log of a code or a device and the
-- dashboard's recent activity. Replicated to the owner's devices (RxDB, pull only).
-- Written only by the server: redeem_access_code and the triggers of 20261127000200. Customers
-- read their own rows and write none; staff read none (the door log is the owner's, as the issue
-- says: "owner only").
--   user_id is the device's owner (also when staff redeem a code at the device).
--   permission_id is the code's permission; null for a code the device does not know, and set
--   null when the permission row is ever removed (the log line stays).
--   access_code is the code as entered (upper-cased, trimmed, at most 20 characters) or the
--   permission's code; detail is the refusal message ('Expired', 'Limit Reached', 'Revoked',
--   'Invalid access code', 'Too many failed attempts; try again later').
--   previous_status and status are the device's statuses for 'status_changed'.

create table public.device_events (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (user_id) on delete cascade,
  device_id uuid not null references public.devices (id) on delete cascade,
  permission_id uuid references public.access_permissions (id) on delete set null,
  kind text not null check (kind in ('code_created', 'code_revoked', 'code_redeemed', 'code_refused', 'status_changed')),
  access_code text check (char_length(access_code) <= 20),
  detail text check (char_length(detail) <= 200),
  previous_status text check (char_length(previous_status) <= 40),
  status text check (char_length(status) <= 40),
  created_at timestamptz not null default now(),
  _deleted boolean not null default false,
  _modified timestamptz not null default clock_timestamp()
);

create index device_events_modified_id_idx on public.device_events (_modified, id);
create index device_events_user_id_created_at_idx on public.device_events (user_id, created_at desc);
create index device_events_device_id_created_at_idx on public.device_events (device_id, created_at desc);
create index device_events_permission_id_idx on public.device_events (permission_id);

-- The shared guards every table with server timestamps or an owner column carries (the API may
-- not write here at all; they keep the schema's rules uniform), then the replication stamp.
create trigger a_set_server_timestamps before insert or update on public.device_events
  for each row when (private.is_api_caller()) execute function private.set_server_timestamps();
create trigger a_guard_owner_column before insert or update on public.device_events
  for each row when (private.is_api_caller()) execute function private.guard_owner_column('user_id');
create trigger lock_replication_order before insert or update on public.device_events
  for each statement execute function private.lock_replication_order();
create trigger set_modified before insert or update on public.device_events
  for each row execute function private.set_modified();

-- RLS: the owner reads their own rows, tombstones included (the replication pull must see them).
alter table public.device_events enable row level security;

create policy "Customers can read the events of their own devices"
  on public.device_events for select to authenticated
  using (user_id = (select auth.uid()));

-- Nobody writes through the API: the log is the server's record of what happened.
revoke insert, update, delete, truncate on public.device_events from anon, authenticated;

-- Realtime Postgres Changes (RxDB live pulls); skipped if already added by hand on a hosted project.
do $$
begin
  if not exists (
    select 1 from pg_catalog.pg_publication_tables
    where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'device_events'
  ) then
    alter publication supabase_realtime add table public.device_events;
  end if;
end
$$;
