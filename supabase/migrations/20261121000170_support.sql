-- Support: categories, tickets and ticket messages. Tickets and messages are replicated (RxDB).
-- Limits are spec §5/§9: subject ≤ 200, description 10..2000.

create table public.support_categories (
  id uuid primary key default gen_random_uuid(),
  name text not null unique check (char_length(btrim(name)) between 1 and 100),
  is_active boolean not null default true,
  created_at timestamptz not null default now()
);

create index support_categories_is_active_name_idx on public.support_categories (is_active, name);

create table public.support_tickets (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid()
    constraint support_tickets_user_id_fkey references public.profiles (user_id) on delete cascade,
  subject text not null check (char_length(btrim(subject)) between 1 and 200),
  description text not null check (char_length(description) between 10 and 2000),
  category_id uuid not null references public.support_categories (id),
  priority public.ticket_priority not null default 'medium',
  status public.ticket_status not null default 'open',
  -- a staff member; embed the customer with profiles!support_tickets_user_id_fkey(...)
  assigned_to uuid constraint support_tickets_assigned_to_fkey references public.profiles (user_id) on delete set null,
  resolved_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _deleted boolean not null default false,
  _modified timestamptz not null default clock_timestamp()
);

create index support_tickets_user_id_created_at_idx on public.support_tickets (user_id, created_at desc);
create index support_tickets_created_at_idx on public.support_tickets (created_at desc);
create index support_tickets_status_idx on public.support_tickets (status);
create index support_tickets_priority_idx on public.support_tickets (priority);
create index support_tickets_category_id_idx on public.support_tickets (category_id);
create index support_tickets_assigned_to_idx on public.support_tickets (assigned_to);
create index support_tickets_modified_id_idx on public.support_tickets (_modified, id);

create table public.support_messages (
  id uuid primary key default gen_random_uuid(),
  ticket_id uuid not null references public.support_tickets (id) on delete cascade,
  user_id uuid not null default auth.uid() references public.profiles (user_id) on delete cascade,
  message text not null check (char_length(btrim(message)) between 1 and 5000),
  -- staff-only notes; never visible to customers through any path
  is_internal boolean not null default false,
  created_at timestamptz not null default now(),
  _deleted boolean not null default false,
  _modified timestamptz not null default clock_timestamp()
);

create index support_messages_ticket_id_created_at_idx on public.support_messages (ticket_id, created_at);
create index support_messages_created_at_idx on public.support_messages (created_at desc);
create index support_messages_user_id_idx on public.support_messages (user_id);
create index support_messages_modified_id_idx on public.support_messages (_modified, id);
