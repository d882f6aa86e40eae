-- Supabase's grants on `public`: the API roles may use the schema, and whatever `postgres` creates
-- there is granted to them by default. Row level security, not grants, then decides who sees what.
grant usage on schema public to postgres, anon, authenticated, service_role;
grant all on schema public to postgres;

alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;

