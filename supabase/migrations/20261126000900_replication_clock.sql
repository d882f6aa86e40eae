-- `_modified` strictly increasing across every replicated table, whatever the wall clock does.
-- The commit-order rule (20261126000100) takes stamps one transaction at a time, in commit order,
-- but each stamp was clock_timestamp(), so a wall clock stepped backwards between two writers gave
-- the later writer the smaller stamp: a client that had pulled the first row would never pull the
-- second. A CI run on a virtual machine saw exactly that (on PGlite, between two statements).
--
-- The rule: one row holds the last stamp given; each stamp is the greatest of the clock, that last
-- stamp plus a microsecond and (for an update) the row's own stamp plus a microsecond, and is
-- written back. The advisory lock set_modified already holds serialises the writers, so the row is
-- never contended beyond what the lock already costs. Security definer: the trigger runs as the
-- API caller, who may not touch private tables.

create table private.replication_clock (
  id boolean primary key default true check (id),
  last_stamp timestamptz not null
);

insert into private.replication_clock (last_stamp) values (clock_timestamp());

revoke all on private.replication_clock from public, anon, authenticated, service_role;

create or replace function private.set_modified()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_stamp timestamptz;
begin
  perform pg_advisory_xact_lock(hashtextextended('private.set_modified', 0));
  select greatest(
    clock_timestamp(),
    c.last_stamp + interval '1 microsecond',
    case when tg_op = 'UPDATE' then old._modified + interval '1 microsecond' end
  )
  into v_stamp
  from private.replication_clock c;
  -- The where clause is for hosted Supabase's pg-safeupdate, which refuses an UPDATE without one
  -- in a request's session, also inside this function.
  update private.replication_clock set last_stamp = v_stamp where id;
  new._modified := v_stamp;
  return new;
end
$$;

revoke all on function private.set_modified() from public, anon, authenticated, service_role;
