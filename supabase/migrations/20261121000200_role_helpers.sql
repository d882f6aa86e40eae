-- Role helpers used by every policy. security definer: they read public.profiles (whose own
-- policies call them, so an invoker would recurse) and auth.mfa_factors (no grants to API roles).
-- All are stable and take no input, so a policy can wrap them in (select ...) to evaluate once.

create function private.current_user_role()
returns public.user_role
language sql stable security definer
set search_path = ''
as $$
  select p.role from public.profiles p where p.user_id = (select auth.uid())
$$;

create function private.is_staff()
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce(private.current_user_role() in ('support', 'admin'), false)
$$;

create function private.is_admin()
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce(private.current_user_role() = 'admin', false)
$$;

-- True unless the caller is an admin with a verified MFA factor whose session is not aal2.
create function private.admin_aal_satisfied()
returns boolean
language sql stable security definer
set search_path = ''
as $$
  select not (
    private.is_admin()
    and exists (
      select 1 from auth.mfa_factors f
      where f.user_id = (select auth.uid()) and f.status = 'verified'
    )
    and coalesce((select auth.jwt()) ->> 'aal', 'aal1') is distinct from 'aal2'
  )
$$;

revoke all on function private.current_user_role(), private.is_staff(), private.is_admin(),
  private.admin_aal_satisfied() from public;
grant execute on function private.current_user_role(), private.is_staff(), private.is_admin(),
  private.admin_aal_satisfied() to anon, authenticated, service_role;
