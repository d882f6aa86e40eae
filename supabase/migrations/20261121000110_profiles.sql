-- profiles: one row per auth user, created by the signup trigger (20261121000510). The role lives
-- here and only here; it is never read from user_metadata, which users can edit.

create table public.profiles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  first_name text check (char_length(first_name) <= 100),
  last_name text check (char_length(last_name) <= 100),
  role public.user_role not null default 'customer',
  email text check (char_length(email) <= 320),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Role helpers filter on role (staff lists, assignment pickers).
create index profiles_role_idx on public.profiles (role);
