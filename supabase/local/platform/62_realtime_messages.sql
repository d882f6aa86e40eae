-- Realtime Authorization, as a hosted project has it: `realtime.messages` and `realtime.topic()`.
-- Realtime authorizes a PRIVATE channel with RLS on this table: on join it inserts one probe row
-- per extension (broadcast, presence) for the channel's topic, takes the user's role and claims
-- and sets `realtime.topic`, then selects the probes back; the ones it can read are what the user
-- may receive. The first broadcast or presence track inserts a probe as the user: a row the
-- policies accept means the user may send. Every check is rolled back, so the table stays empty.
-- Projects add the policies in their migrations. Hosted, the table is partitioned by day and
-- also stores broadcasts from the database; the local stack needs only the authorization part.

create schema if not exists realtime;
grant usage on schema realtime to postgres, anon, authenticated, service_role;

create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  binary_payload bytea,
  constraint messages_payload_exclusive check (payload is null or binary_payload is null),
  constraint messages_pkey primary key (id, inserted_at)
);

alter table realtime.messages enable row level security;

grant insert, select, update on table realtime.messages to anon, authenticated, service_role;

-- The topic of the channel being authorized (null outside a check), for the policies.
create or replace function realtime.topic() returns text
language sql stable
as $$
  select nullif(current_setting('realtime.topic', true), '')::text;
$$;
