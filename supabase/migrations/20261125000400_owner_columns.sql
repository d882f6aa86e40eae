-- Owner columns (user_id, author_id, and any column naming the user a row belongs to) are the
-- caller's own id on insert and never change afterwards, for API writes (anon, authenticated).
--   insert: a missing or null owner becomes auth.uid(); any other user's id is refused.
--   update: any change is refused, also by staff (support cannot move a ticket to another
--           customer, an admin cannot re-attribute an article); sending the unchanged value is
--           fine, as the RxDB replication plugin repeats every column.
-- Refused, not silently kept: a write that names another user is a mistake or an attack, and
-- a 42501 (HTTP 403) says so instead of pretending it succeeded. The seed, security definer RPCs
-- and triggers (place_order, notifications, access logs), foreign-key actions (on delete set
-- null) and service_role (the project's own back end) are not API callers here.
-- tg_argv[0] is the owner column. Named to fire before the table's other before-triggers; the
-- when clause skips other writers cheaply, as for set_server_timestamps.

create function private.guard_owner_column()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_col text := tg_argv[0];
  v_owner uuid := (to_jsonb(new) ->> tg_argv[0])::uuid;
begin
  if not private.is_api_caller() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if v_owner is null and auth.uid() is not null then
      return jsonb_populate_record(new, jsonb_build_object(v_col, auth.uid()));
    end if;
    if v_owner is distinct from auth.uid() then
      raise exception 'A row can only be created as yourself (%)', v_col using errcode = '42501',
        detail = format('%s must be the signed-in user''s id', v_col);
    end if;
  elsif v_owner is distinct from (to_jsonb(old) ->> v_col)::uuid then
    raise exception '% cannot be changed', v_col using errcode = '42501',
      hint = 'The owner of a row is set when it is created.';
  end if;
  return new;
end
$$;

revoke all on function private.guard_owner_column() from public, anon, authenticated, service_role;

create trigger a_guard_owner_column before insert or update on public.profiles
  for each row when (private.is_api_caller()) execute function private.guard_owner_column('user_id');
create trigger a_guard_owner_column before insert or update on public.orders
  for each row when (private.is_api_caller()) execute function private.guard_owner_column('user_id');
create trigger a_guard_owner_column before insert or update on public.devices
  for each row when (private.is_api_caller()) execute function private.guard_owner_column('user_id');
create trigger a_guard_owner_column before insert or update on public.access_permissions
  for each row when (private.is_api_caller()) execute function private.guard_owner_column('user_id');
create trigger a_guard_owner_column before insert or update on public.notifications
  for each row when (private.is_api_caller()) execute function private.guard_owner_column('user_id');
create trigger a_guard_owner_column before insert or update on public.access_logs
  for each row when (private.is_api_caller()) execute function private.guard_owner_column('user_id');
create trigger a_guard_owner_column before insert or update on public.cms_content
  for each row when (private.is_api_caller()) execute function private.guard_owner_column('author_id');
create trigger a_guard_owner_column before insert or update on public.support_tickets
  for each row when (private.is_api_caller()) execute function private.guard_owner_column('user_id');
create trigger a_guard_owner_column before insert or update on public.support_messages
  for each row when (private.is_api_caller()) execute function private.guard_owner_column('user_id');
create trigger a_guard_owner_column before insert or update on public.kb_articles
  for each row when (private.is_api_caller()) execute function private.guard_owner_column('author_id');
create trigger a_guard_owner_column before insert or update on public.kb_helpful_votes
  for each row when (private.is_api_caller()) execute function private.guard_owner_column('user_id');
