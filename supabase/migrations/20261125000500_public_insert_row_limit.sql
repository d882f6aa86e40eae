-- Tables the public (anon) may insert into take one row per request from an API caller: a
-- sign-up form sends one row, and a single request must not be able to write thousands (one
-- POST with a 20,000-element array was accepted). Signed-in callers get the same limit on these
-- tables; the seed, security definer RPCs and service_role are not limited. RPC counters (view
-- counts, votes) already write one row per call.
-- The trigger counts the statement's rows in its transition table and refuses the whole
-- statement (400, SQLSTATE P0001); nothing is written. It is a row-level after trigger named to
-- fire first: row triggers fire before statement triggers, and a statement-level check would
-- come only after the table's other after-insert row triggers had run for every row.
-- tg_argv[0] is the limit.

create function private.limit_api_insert_rows()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_limit integer := tg_argv[0]::integer;
  v_rows bigint;
begin
  if not private.is_api_caller() then
    return null;
  end if;
  select count(*) into v_rows from inserted;
  if v_rows > v_limit then
    raise exception 'At most % row(s) can be added to % in one request', v_limit, tg_table_name
      using errcode = 'P0001', detail = format('%s rows were sent', v_rows),
        hint = 'Send one row per request.';
  end if;
  return null;
end
$$;

revoke all on function private.limit_api_insert_rows() from public, anon, authenticated, service_role;

create trigger a_limit_api_insert_rows after insert on public.newsletter_subscriptions
  referencing new table as inserted
  for each row when (private.is_api_caller()) execute function private.limit_api_insert_rows('1');
