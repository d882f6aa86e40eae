-- Which subscribers of /realtime/v1 may see a changed row, for a whole batch in one call, the way
-- Realtime's realtime.apply_rls does it: for each distinct (role, JWT claims) the function takes
-- that role and those claims for the rest of the transaction (set_config(…, true), as a request
-- does), then evaluates that group's checks (`exists (select 1 from <table> where <pk> = …)`,
-- built and quoted by the stack) under RLS. It returns the (group, check) pairs that passed.
-- A check that fails (no privilege on the table) or a role that does not exist hides only what it
-- concerns. The caller runs it read only and rolls back, so the role and claims never outlive it.
-- security invoker (the default): a security definer function may not change `role`; the stack's
-- owner connection may take any role. Only the stack calls it. No `set search_path`: the checks
-- must see what a request under the same claims sees, and helper functions that policies call may
-- rely on the database's search_path; every name in this body is schema-qualified.
create or replace function _realtime.visible(groups jsonb)
returns table (g int, c int)
language plpgsql
as $$
declare
  grp jsonb;
  checks text[];
  stmt text;
  name text;
  -- check text → name of its prepared statement ('' when it could not be prepared)
  prepared jsonb := '{}';
  oks boolean[];
  ok boolean;
  gi int := -1;
  ci int;
begin
  -- Statements a call that failed half-way may have left in this session.
  for name in select p.name from pg_catalog.pg_prepared_statements p where p.name like '\_realtime\_visible\_%' loop
    execute 'deallocate ' || pg_catalog.quote_ident(name);
  end loop;
  for grp in select value from pg_catalog.jsonb_array_elements(groups) loop
    gi := gi + 1;
    checks := array(select value from pg_catalog.jsonb_array_elements_text(grp->'checks'));
    -- The same checks (the same changed rows) recur for every group: each is planned once and
    -- replanned only when the role changes (a plan under RLS depends on the role, not the claims).
    stmt := 'select array[' || pg_catalog.array_to_string(checks, ', ') || ']::boolean[]';
    name := prepared->>stmt;
    if name is null then
      name := '_realtime_visible_' || gi;
      begin
        execute 'prepare ' || name || ' as ' || stmt;
      exception when others then
        name := '';
      end;
      prepared := prepared || pg_catalog.jsonb_build_object(stmt, name);
    end if;
    oks := null;
    begin
      perform pg_catalog.set_config('role', grp->>'role', true);
      perform pg_catalog.set_config('request.jwt.claims', grp->>'claims', true);
      if name <> '' then
        execute 'execute ' || name into oks;
      end if;
    exception when others then
      oks := null;
    end;
    if oks is null then
      -- One failing check must not hide the others: evaluate them one by one.
      begin
        perform pg_catalog.set_config('role', grp->>'role', true);
        perform pg_catalog.set_config('request.jwt.claims', grp->>'claims', true);
      exception when others then
        continue; -- an unknown role sees nothing
      end;
      oks := array[]::boolean[];
      for ci in 1 .. coalesce(pg_catalog.array_length(checks, 1), 0) loop
        begin
          execute 'select ' || checks[ci] into ok;
        exception when others then
          ok := false;
        end;
        oks := oks || ok;
      end loop;
    end if;
    for ci in 1 .. coalesce(pg_catalog.array_length(checks, 1), 0) loop
      if oks[ci] then
        g := gi;
        c := ci - 1;
        return next;
      end if;
    end loop;
  end loop;
  for name in select value from pg_catalog.jsonb_each_text(prepared) where value <> '' loop
    execute 'deallocate ' || name;
  end loop;
end
$$;
revoke all on function _realtime.visible(jsonb) from public;
