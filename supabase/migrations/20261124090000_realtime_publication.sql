-- Realtime Postgres Changes for the tables the app replicates (RxDB live pulls): a hosted project
-- streams only the tables in the `supabase_realtime` publication. Only tables that exist and carry
-- `_modified` (the replication contract) are added, and a table already in the publication is
-- skipped, so the migration also runs on a project where some were added by hand.

do $$
declare
  t text;
begin
  foreach t in array array[
    'devices', 'access_permissions', 'orders', 'notifications', 'support_tickets',
    'support_messages', 'kb_articles', 'support_categories'
  ] loop
    if exists (
      select 1 from information_schema.columns
      where table_schema = 'public' and table_name = t and column_name = '_modified'
    ) and not exists (
      select 1 from pg_catalog.pg_publication_tables
      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = t
    ) then
      execute format('alter publication supabase_realtime add table public.%I', t);
    end if;
  end loop;
end
$$;
