-- Timestamps the server owns: created_at, updated_at, resolved_at and published_at are never
-- taken from an API write (anon, authenticated), on any table that has them.
--   insert: created_at and updated_at are now(); resolved_at and published_at start null, and
--           their own rules (set_ticket_resolved_at, set_cms_published_at) then set them.
--   update: created_at, resolved_at and published_at keep their stored values unless those rules
--           change them; updated_at is now().
-- Other timestamps are the caller's data, not the server's: financial_transactions.processed_at
-- (the date an admin books), devices.last_seen, access_permissions.expires_at.
-- A value in the body is overridden silently rather than refused, because the RxDB replication
-- plugin sends whole documents: an insert carries the client's created_at, an update repeats
-- unchanged columns. The seed, security definer RPCs and service_role (the project's own
-- back end, e.g. an import of historical data) are not API callers here and may set them.
-- The trigger is named to fire before every other before-trigger of its table (same-event
-- triggers fire in name order), so the rules and guards see the server's values. Its when clause
-- skips other writers without entering PL/pgSQL (that entry doubled the time of bulk loads); the
-- function checks again in case it is ever attached without one.

create function private.set_server_timestamps()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_row jsonb;
  v_set jsonb := '{}';
  v_col text;
begin
  if not private.is_api_caller() then
    return new;
  end if;
  -- One body for every table: the row's columns are read and written through jsonb.
  v_row := to_jsonb(new);
  foreach v_col in array array['created_at', 'updated_at', 'resolved_at', 'published_at'] loop
    continue when not v_row ? v_col;
    v_set := v_set || jsonb_build_object(v_col, case
      when v_col = 'updated_at' or (v_col = 'created_at' and tg_op = 'INSERT') then to_jsonb(now())
      when tg_op = 'INSERT' then 'null'::jsonb
      else to_jsonb(old) -> v_col
    end);
  end loop;
  return jsonb_populate_record(new, v_set);
end
$$;

revoke all on function private.set_server_timestamps() from public, anon, authenticated, service_role;

create trigger a_set_server_timestamps before insert or update on public.profiles
  for each row when (private.is_api_caller()) execute function private.set_server_timestamps();
create trigger a_set_server_timestamps before insert or update on public.products
  for each row when (private.is_api_caller()) execute function private.set_server_timestamps();
create trigger a_set_server_timestamps before insert or update on public.inventory
  for each row when (private.is_api_caller()) execute function private.set_server_timestamps();
create trigger a_set_server_timestamps before insert or update on public.orders
  for each row when (private.is_api_caller()) execute function private.set_server_timestamps();
create trigger a_set_server_timestamps before insert or update on public.financial_transactions
  for each row when (private.is_api_caller()) execute function private.set_server_timestamps();
create trigger a_set_server_timestamps before insert or update on public.devices
  for each row when (private.is_api_caller()) execute function private.set_server_timestamps();
create trigger a_set_server_timestamps before insert or update on public.access_permissions
  for each row when (private.is_api_caller()) execute function private.set_server_timestamps();
create trigger a_set_server_timestamps before insert or update on public.notifications
  for each row when (private.is_api_caller()) execute function private.set_server_timestamps();
create trigger a_set_server_timestamps before insert or update on public.access_logs
  for each row when (private.is_api_caller()) execute function private.set_server_timestamps();
create trigger a_set_server_timestamps before insert or update on public.cms_content
  for each row when (private.is_api_caller()) execute function private.set_server_timestamps();
create trigger a_set_server_timestamps before insert or update on public.support_categories
  for each row when (private.is_api_caller()) execute function private.set_server_timestamps();
create trigger a_set_server_timestamps before insert or update on public.support_tickets
  for each row when (private.is_api_caller()) execute function private.set_server_timestamps();
create trigger a_set_server_timestamps before insert or update on public.support_messages
  for each row when (private.is_api_caller()) execute function private.set_server_timestamps();
create trigger a_set_server_timestamps before insert or update on public.kb_articles
  for each row when (private.is_api_caller()) execute function private.set_server_timestamps();
create trigger a_set_server_timestamps before insert or update on public.kb_helpful_votes
  for each row when (private.is_api_caller()) execute function private.set_server_timestamps();
create trigger a_set_server_timestamps before insert or update on public.newsletter_subscriptions
  for each row when (private.is_api_caller()) execute function private.set_server_timestamps();
