-- Local-only: sessions that ended (sign-out, refresh-token reuse, a deleted or banned user), so
-- /rest/v1 and /realtime/v1 refuse access tokens of an ended session before they expire. A hosted
-- project does not do this: there a token stays valid until `exp` (see the README's Security
-- section). Recorded by a trigger, so every path that ends a session is covered, including
-- cascades from auth.users. Rows older than the longest token lifetime (one week) are pruned.
create table if not exists _local.ended_sessions (
  seq bigserial primary key,
  session_id uuid not null,
  ended_at timestamptz not null default now()
);
create index if not exists ended_sessions_ended_at_idx on _local.ended_sessions (ended_at);
revoke all on _local.ended_sessions from public;

create or replace function _local.record_ended_session() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    insert into _local.ended_sessions (session_id) values (old.id);
    return old;
  end if;
  -- An update that sets not_after to now or earlier ends the session (refresh-token reuse).
  if new.not_after is not null and new.not_after <= now()
     and (old.not_after is null or old.not_after > now()) then
    insert into _local.ended_sessions (session_id) values (new.id);
  end if;
  return new;
end $$;

drop trigger if exists record_ended_session on auth.sessions;
create trigger record_ended_session
  after delete or update of not_after on auth.sessions
  for each row execute function _local.record_ended_session();

delete from _local.ended_sessions where ended_at < now() - interval '7 days';
