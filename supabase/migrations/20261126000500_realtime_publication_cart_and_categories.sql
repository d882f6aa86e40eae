-- Realtime Postgres Changes for the two tables that joined replication: support_categories and
-- cart_items (RxDB live pulls). As in the first publication migration, a table already in the
-- publication (added by hand on a hosted project) is skipped.

do $$
declare
  t text;
begin
  foreach t in array array['support_categories', 'cart_items'] loop
    if not exists (
      select 1 from pg_catalog.pg_publication_tables
      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = t
    ) then
      execute format('alter publication supabase_realtime add table public.%I', t);
    end if;
  end loop;
end
$$;
