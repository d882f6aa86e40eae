-- Access-log helpers shared by log_access_event, redeem_access_code and the logging triggers:
-- the caller's IP and user agent from the headers PostgREST sets in `request.headers`, and the
-- writers of public.access_logs (which no API role may insert into directly).

-- text → inet, null when blank or not an address (a header is client input).
create function private.to_inet(p_value text)
returns inet
language plpgsql
immutable
set search_path = ''
as $$
begin
  return nullif(btrim(p_value), '')::inet;
exception when others then
  return null;
end
$$;

-- The request headers as jsonb ('{}' outside a request: the seed, psql, a migration).
create function private.request_headers()
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  return coalesce(nullif(current_setting('request.headers', true), '')::jsonb, '{}'::jsonb);
exception when others then
  return '{}'::jsonb;
end
$$;

-- The client address: the first hop of x-forwarded-for (the gateway appends, the client is
-- first), else x-real-ip.
create function private.request_ip()
returns inet
language sql
stable
set search_path = ''
as $$
  select coalesce(
    private.to_inet(split_part(private.request_headers() ->> 'x-forwarded-for', ',', 1)),
    private.to_inet(private.request_headers() ->> 'x-real-ip')
  )
$$;

create function private.request_user_agent()
returns text
language sql
stable
set search_path = ''
as $$
  select left(nullif(private.request_headers() ->> 'user-agent', ''), 1000)
$$;

-- Writes one access_logs row for any user. Not executable by API roles: only security definer
-- functions and triggers (running as the owner) call it. A user id without a profile (a failed
-- sign-in for an unknown address, GoTrue's all-zero actor) is stored as null.
create function private.write_access_log(
  p_user_id uuid,
  p_action text,
  p_resource text,
  p_success boolean,
  p_error text,
  p_ip inet,
  p_user_agent text
)
returns uuid
language sql
volatile
set search_path = ''
as $$
  insert into public.access_logs (user_id, action, resource, ip_address, user_agent, success, error_message)
  values (
    (select p.user_id from public.profiles p where p.user_id = p_user_id),
    left(p_action, 100),
    left(p_resource, 200),
    p_ip,
    left(p_user_agent, 1000),
    coalesce(p_success, false),
    left(p_error, 1000)
  )
  returning id
$$;

revoke all on function private.to_inet(text), private.request_headers(), private.request_ip(),
  private.request_user_agent(),
  private.write_access_log(uuid, text, text, boolean, text, inet, text)
  from public, anon, authenticated, service_role;

-- Writes a row for the current caller (auth.uid(), this request's IP and user agent). security
-- definer because the logging triggers that call it run as the API role, which may not insert
-- into access_logs; it can only ever log in the caller's own name, and `private` is not exposed.
create function private.log_as_caller(p_action text, p_resource text, p_success boolean default true, p_error text default null)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  select private.write_access_log(auth.uid(), p_action, p_resource, p_success, p_error,
    private.request_ip(), private.request_user_agent());
$$;

-- service_role too: its API writes fire the same triggers (a role change it makes is logged).
revoke all on function private.log_as_caller(text, text, boolean, text) from public, anon;
grant execute on function private.log_as_caller(text, text, boolean, text) to authenticated, service_role;
