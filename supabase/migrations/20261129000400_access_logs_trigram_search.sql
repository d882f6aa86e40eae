-- Access Logs' text search at production size. The search matches its text anywhere in the
-- action, resource, user agent or error, ignoring case (PostgREST's or=(…ilike.*text*…)). Without
-- an index a rare text reads the whole table before it can answer (about a second per million
-- rows). Trigram GIN indexes on the four columns let the planner read only the matching rows
-- (a bitmap OR of the four) when the text is rare, and keep walking the newest-first index when it
-- is frequent. The rows found are the same either way; only the speed differs.
--
-- pg_trgm ships with PostgreSQL and hosted Supabase (which keeps extensions in the `extensions`
-- schema). The embedded engine used for tests and demos (PGlite) has no pg_trgm: there nothing is
-- created and the search scans, as before, over its small tables. Where pg_trgm was installed
-- earlier in another schema, that schema's operator class is used. Text shorter than three
-- characters has no trigram and scans as before.

do $$
declare
  v_schema text;
begin
  if not exists (select from pg_available_extensions where name = 'pg_trgm') then
    return;
  end if;
  create extension if not exists pg_trgm with schema extensions;
  select n.nspname into v_schema
  from pg_catalog.pg_opclass c
  join pg_catalog.pg_namespace n on n.oid = c.opcnamespace
  join pg_catalog.pg_am a on a.oid = c.opcmethod
  where c.opcname = 'gin_trgm_ops' and a.amname = 'gin';
  execute format('create index if not exists access_logs_action_trgm_idx on public.access_logs using gin (action %I.gin_trgm_ops)', v_schema);
  execute format('create index if not exists access_logs_resource_trgm_idx on public.access_logs using gin (resource %I.gin_trgm_ops)', v_schema);
  execute format('create index if not exists access_logs_user_agent_trgm_idx on public.access_logs using gin (user_agent %I.gin_trgm_ops)', v_schema);
  execute format('create index if not exists access_logs_error_message_trgm_idx on public.access_logs using gin (error_message %I.gin_trgm_ops)', v_schema);
end
$$;
