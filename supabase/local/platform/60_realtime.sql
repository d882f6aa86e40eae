-- Realtime's Postgres Changes. A hosted project has an empty `supabase_realtime` publication that
-- migrations add tables to; Supabase reads it through logical replication. Neither engine here has
-- logical slots, so the stack captures changes itself: an AFTER row trigger on every table of the
-- publication stores the change in a private table and notifies its transaction id. Notifications
-- arrive only on commit and in commit order, so /realtime/v1 never sees a rolled-back change and
-- delivers in commit order. The triggers follow the publication (never our migrations): an event
-- trigger re-syncs them whenever a publication changes, and the stack syncs them at start.

do $$
begin
  if not exists (select from pg_catalog.pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

create schema if not exists _realtime;
revoke all on schema _realtime from public;

-- One row per captured row change; `xid` groups a transaction's changes (read after its NOTIFY).
-- Rows are pruned by age by the stack, so several stack processes on one database all read them.
create table if not exists _realtime.changes (
  id bigserial primary key,
  xid text not null,
  schema_name text not null,
  table_name text not null,
  action text not null,
  record jsonb,
  old_record jsonb,
  changed_at timestamptz not null default clock_timestamp()
);
create index if not exists changes_xid_idx on _realtime.changes (xid);
create index if not exists changes_changed_at_idx on _realtime.changes (changed_at);
revoke all on _realtime.changes from public;

-- security definer: the writer (anon, authenticated, …) must not be able to read or write the
-- private change log, yet its writes to a published table have to be recorded there.
create or replace function _realtime.capture() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  tx text := pg_catalog.pg_current_xact_id()::text;
begin
  insert into _realtime.changes (xid, schema_name, table_name, action, record, old_record)
  values (
    tx, tg_table_schema, tg_table_name, tg_op,
    case when tg_op <> 'DELETE' then pg_catalog.to_jsonb(new) end,
    case when tg_op <> 'INSERT' then pg_catalog.to_jsonb(old) end
  );
  -- Identical notifications in one transaction collapse into one: one per transaction.
  perform pg_catalog.pg_notify('realtime_changes', tx);
  return null;
end
$$;
revoke all on function _realtime.capture() from public;

-- Puts the capture trigger on every table of the publication and takes it off tables that left.
create or replace function _realtime.sync_triggers() returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  rel regclass;
begin
  for rel in
    select c.oid::regclass
    from pg_catalog.pg_publication_tables p
    join pg_catalog.pg_namespace n on n.nspname = p.schemaname
    join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
    where p.pubname = 'supabase_realtime'
      and c.relkind in ('r', 'p')
      and not exists (select 1 from pg_catalog.pg_trigger t where t.tgrelid = c.oid and t.tgname = '_realtime_capture')
  loop
    execute pg_catalog.format(
      'create trigger _realtime_capture after insert or update or delete on %s for each row execute function _realtime.capture()',
      rel
    );
  end loop;

  for rel in
    select t.tgrelid::regclass
    from pg_catalog.pg_trigger t
    where t.tgname = '_realtime_capture'
      and t.tgparentid = 0
      and not exists (
        select 1
        from pg_catalog.pg_publication_tables p
        join pg_catalog.pg_namespace n on n.nspname = p.schemaname
        join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
        where p.pubname = 'supabase_realtime' and c.oid = t.tgrelid
      )
  loop
    execute pg_catalog.format('drop trigger _realtime_capture on %s', rel);
  end loop;
end
$$;
revoke all on function _realtime.sync_triggers() from public;

create or replace function _realtime.on_publication_ddl() returns event_trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform _realtime.sync_triggers();
end
$$;
revoke all on function _realtime.on_publication_ddl() from public;

-- Event triggers need a superuser (PGlite, the tests' cluster). Without one the stack still syncs
-- at start and before each subscription.
do $$
begin
  if (select rolsuper from pg_catalog.pg_roles where rolname = current_user) then
    drop event trigger if exists _realtime_publication_sync;
    create event trigger _realtime_publication_sync on ddl_command_end
      when tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'DROP PUBLICATION', 'CREATE TABLE')
      execute function _realtime.on_publication_ddl();
  end if;
end
$$;

select _realtime.sync_triggers();
