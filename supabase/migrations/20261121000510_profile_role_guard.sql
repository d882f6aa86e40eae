-- A user can never change their own role; only an admin (aal2 when they have a verified factor)
-- changes roles. Column privileges already limit API updates to first_name, last_name and role
-- (20261121000610); this trigger decides who may touch role.

create function private.guard_profile_role()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if private.is_api_caller()
     and new.role is distinct from old.role
     and not (private.is_admin() and private.admin_aal_satisfied()) then
    raise exception 'Only an administrator can change a role'
      using errcode = '42501';
  end if;
  return new;
end
$$;

revoke all on function private.guard_profile_role() from public, anon, authenticated;

create trigger guard_profile_role before update on public.profiles
  for each row execute function private.guard_profile_role();
