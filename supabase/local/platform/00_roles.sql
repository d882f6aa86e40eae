-- Roles of a Supabase project. Roles are cluster-wide on a real PostgreSQL, so every statement is
-- idempotent: a second database on the same cluster (tests) finds them already there.
-- Two stacks starting at once on new databases of one fresh cluster would both find a role missing
-- and both create it (a duplicate key): this lock on the shared role catalog makes the second wait
-- for the first to commit. (Only a superuser may take it; a role that cannot starts unserialized.)
do $$
begin
  lock table pg_catalog.pg_authid in share row exclusive mode;
exception when insufficient_privilege then
  null;
end
$$;
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  -- service_role bypasses row level security, as on a hosted project.
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  -- PostgREST connects as authenticator and switches to the request's role.
  if not exists (select from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  -- Owners of Supabase's own objects on a hosted project; here they only need to exist so that
  -- grants written for a hosted project apply unchanged.
  if not exists (select from pg_roles where rolname = 'supabase_admin') then
    create role supabase_admin nologin;
  end if;
  if not exists (select from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'dashboard_user') then
    create role dashboard_user nologin;
  end if;
end
$$;

grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres;
