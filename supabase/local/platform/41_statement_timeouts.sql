-- Statement timeouts of the API roles, the values a hosted Supabase project ships with: anon 3 s,
-- authenticated 8 s, and authenticator 8 s, which service_role (no setting of its own) inherits
-- because PostgREST's connections log in as authenticator. /rest/v1 reads these role settings into
-- its schema cache and applies them in each request's transaction, as PostgREST 11+ does (a role
-- setting takes effect at login, not on `set role`). PGlite runs every statement on the one
-- thread that would have to fire the timer, so there the settings are read but never fire.
--
-- Roles are cluster-wide: several databases on one cluster (tests) start at once, so a setting is
-- only written when it differs, and a concurrent writer of the same value is not an error.
do $$
declare
  wanted constant text[][] := array[['anon', '3s'], ['authenticated', '8s'], ['authenticator', '8s']];
  i int;
begin
  for i in 1 .. array_length(wanted, 1) loop
    if not exists (
      select from pg_catalog.pg_db_role_setting s
      join pg_catalog.pg_roles r on r.oid = s.setrole
      where r.rolname = wanted[i][1] and s.setdatabase = 0
        and ('statement_timeout=' || wanted[i][2]) = any (s.setconfig)
    ) then
      begin
        execute format('alter role %I set statement_timeout = %L', wanted[i][1], wanted[i][2]);
      exception when others then
        -- "tuple concurrently updated": another database's start wrote the same setting.
        raise notice 'statement_timeout of % not written here: %', wanted[i][1], sqlerrm;
      end;
    end if;
  end loop;
end
$$;
