-- search_access_logs() finds what Access Logs shows. The page shows each log's user by name
-- ("Casey Morales") and its action in words ("Failed sign-in"), but the search matched only the
-- raw columns (action code, resource, user agent, error), so an admin typing what they saw found
-- nothing. The same text now also finds:
--   * the logs of every user whose name (first and last name joined by a space, as the page shows
--     it) or e-mail matches p_pattern, ignoring case. The profiles are read first and the logs
--     are matched by user id, a constant list when the statement is planned: the logs side keeps
--     its indexes, and the planner knows how many logs those users hold (the user id index when
--     few, the newest-first walk when many; a subquery inside the statement is guessed at about
--     1,000 rows whatever it finds, and a text naming a tenth of the users then read and sorted
--     143,000 logs). A text that names no user leaves the plan as it was;
--   * the logs whose action is one of p_matching_actions. The words for each action live in the
--     app, which sends the codes whose words contain the text (null when none does).
--
-- Everything else is unchanged: the rule of the table's read policy first (staff, and the admin's
-- assurance level), then one page of at most 500 after (p_before_at, p_before_id) in
-- (created_at desc, id desc) order, with p_action and p_success narrowing it. security definer so
-- that the query runs without the policy's barrier (the planner then sees the column statistics),
-- and so that it reads profiles, which the staff this check admits may read in full anyway.
-- The old signature is dropped: PostgREST cannot choose between overloads (PGRST203).

drop function public.search_access_logs(text, text, boolean, timestamptz, uuid, integer);

create function public.search_access_logs(
  p_pattern text,
  p_action text default null,
  p_success boolean default null,
  p_before_at timestamptz default null,
  p_before_id uuid default null,
  p_limit integer default 500,
  p_matching_actions text[] default null
)
returns setof public.access_logs
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_users uuid[];
begin
  if not (private.is_staff() and private.admin_aal_satisfied()) then
    raise exception 'Access denied. Admin or support privileges required.' using errcode = '42501';
  end if;
  if p_pattern is null or p_limit is null or p_limit not between 1 and 500 then
    raise exception 'A search pattern and a page size of 1 to 500 are required.' using errcode = '22023';
  end if;
  -- The users the text names. An empty name part is left out, as the page leaves it out.
  select coalesce(array_agg(p.user_id), '{}') into v_users
  from public.profiles p
  where concat_ws(' ', nullif(p.first_name, ''), nullif(p.last_name, '')) ilike p_pattern
     or p.email ilike p_pattern;
  return query execute
    'select l.* from public.access_logs l
     where (l.action ilike $1 or l.resource ilike $1 or l.user_agent ilike $1 or l.error_message ilike $1
            or l.user_id = any($7) or l.action = any($8))
       and ($2::text is null or l.action = $2)
       and ($3::boolean is null or l.success = $3)
       and ($4::timestamptz is null or (l.created_at <= $4 and (l.created_at < $4 or l.id < $5)))
     order by l.created_at desc, l.id desc
     limit $6'
    using p_pattern, p_action, p_success, p_before_at, p_before_id, p_limit, v_users, p_matching_actions;
end
$$;

revoke all on function public.search_access_logs(text, text, boolean, timestamptz, uuid, integer, text[]) from public, anon, service_role;
grant execute on function public.search_access_logs(text, text, boolean, timestamptz, uuid, integer, text[]) to authenticated;
