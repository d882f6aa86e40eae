-- Schemas a Supabase project has before any migration runs.
create schema if not exists extensions;
create schema if not exists auth;
create schema if not exists supabase_migrations;

grant usage on schema extensions to postgres, anon, authenticated, service_role;
grant usage on schema auth to anon, authenticated, service_role;

-- pgcrypto and uuid-ossp live in `extensions` on Supabase. Installed only where the engine has
-- them (PGlite loads them as contrib modules; Debian's postgresql-15 ships them).
do $$
begin
  if exists (select from pg_available_extensions where name = 'pgcrypto') then
    create extension if not exists pgcrypto with schema extensions;
  end if;
  if exists (select from pg_available_extensions where name = 'uuid-ossp') then
    create extension if not exists "uuid-ossp" with schema extensions;
  end if;
end
$$;
