-- search_access_logs(): Access Logs' text search, one page of 500 at a time, for staff. Read
-- through /rest/v1/access_logs, the search was slow at production size whatever the text: with row
-- level security on the table, PostgreSQL does not let a non-leakproof operator such as ilike see
-- the column statistics, so it guesses that almost no row matches, and reads and sorts the whole
-- table (6 s for a text in a fifth of the rows, at 1M rows) instead of walking the newest-first
-- index. This function applies the same rule as the table's read policy (staff, and the admin's
-- assurance level), then runs the query with the statistics: frequent text walks the index and
-- stops at the page size, rare text uses the trigram indexes where pg_trgm exists.
--
-- Same rows as the table read it replaces: p_pattern is the ilike pattern the page built (matched
-- against the action, resource, user agent or error, ignoring case), p_action and p_success
-- narrow it when given, and the page continues after (p_before_at, p_before_id) in
-- (created_at desc, id desc) order. security definer so that the query runs without the policy's
-- barrier (the check above comes first; read-only); the statement is planned for its own values.

create function public.search_access_logs(
  p_pattern text,
  p_action text default null,
  p_success boolean default null,
  p_before_at timestamptz default null,
  p_before_id uuid default null,
  p_limit integer default 500
)
returns setof public.access_logs
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (private.is_staff() and private.admin_aal_satisfied()) then
    raise exception 'Access denied. Admin or support privileges required.' using errcode = '42501';
  end if;
  if p_pattern is null or p_limit is null or p_limit not between 1 and 500 then
    raise exception 'A search pattern and a page size of 1 to 500 are required.' using errcode = '22023';
  end if;
  return query execute
    'select l.* from public.access_logs l
     where (l.action ilike $1 or l.resource ilike $1 or l.user_agent ilike $1 or l.error_message ilike $1)
       and ($2::text is null or l.action = $2)
       and ($3::boolean is null or l.success = $3)
       and ($4::timestamptz is null or (l.created_at <= $4 and (l.created_at < $4 or l.id < $5)))
     order by l.created_at desc, l.id desc
     limit $6'
    using p_pattern, p_action, p_success, p_before_at, p_before_id, p_limit;
end
$$;

revoke all on function public.search_access_logs(text, text, boolean, timestamptz, uuid, integer) from public, anon, service_role;
grant execute on function public.search_access_logs(text, text, boolean, timestamptz, uuid, integer) to authenticated;
