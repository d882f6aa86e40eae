-- private.is_api_caller(): true when the statement runs as a request role (anon, authenticated),
-- i.e. straight from /rest/v1. Guard triggers use it to restrict columns for API writes while
-- letting security definer RPCs (which run as the owner), the seed and service_role through.
-- security invoker on purpose: it must see the caller's current_user.

create function private.is_api_caller()
returns boolean
language sql stable
set search_path = ''
as $$
  select current_user in ('anon', 'authenticated')
$$;

revoke all on function private.is_api_caller() from public;
grant execute on function private.is_api_caller() to anon, authenticated, service_role;
