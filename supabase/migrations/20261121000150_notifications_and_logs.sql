-- notifications (written by triggers/functions only, replicated read-only except is_read) and
-- access_logs (written only through log_access_event and the auth-audit triggers).

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (user_id) on delete cascade,
  type text not null check (type in ('ticket_reply', 'ticket_status', 'order_status', 'system')),
  title text not null check (char_length(title) between 1 and 200),
  body text check (char_length(body) <= 2000),
  link text check (char_length(link) <= 500),
  is_read boolean not null default false,
  created_at timestamptz not null default now(),
  _deleted boolean not null default false,
  _modified timestamptz not null default clock_timestamp()
);

create index notifications_user_id_created_at_idx on public.notifications (user_id, created_at desc);
create index notifications_user_id_unread_idx on public.notifications (user_id) where not is_read;
create index notifications_modified_id_idx on public.notifications (_modified, id);

create table public.access_logs (
  id uuid primary key default gen_random_uuid(),
  -- null for events without a known user (a failed sign-in with an unknown e-mail)
  user_id uuid references public.profiles (user_id) on delete set null,
  action text not null check (char_length(action) between 1 and 100),
  resource text check (char_length(resource) <= 200),
  ip_address inet,
  user_agent text check (char_length(user_agent) <= 1000),
  success boolean not null default true,
  error_message text check (char_length(error_message) <= 1000),
  created_at timestamptz not null default now()
);

create index access_logs_created_at_idx on public.access_logs (created_at desc);
create index access_logs_user_id_idx on public.access_logs (user_id);
create index access_logs_action_idx on public.access_logs (action);
create index access_logs_success_created_at_idx on public.access_logs (success, created_at desc);
