-- RLS on profiles. One policy per operation and role. Profiles are created only by the signup
-- trigger; API roles may update first_name, last_name and role (column privileges), and the
-- role guard trigger (20261121000510) lets only admins change a role.

alter table public.profiles enable row level security;

create policy "Users read their own profile, staff read all profiles"
  on public.profiles for select to authenticated
  using (
    user_id = (select auth.uid())
    or ((select private.is_staff()) and (select private.admin_aal_satisfied()))
  );

create policy "Users update their own profile, admins update any profile"
  on public.profiles for update to authenticated
  using (
    user_id = (select auth.uid())
    or ((select private.is_admin()) and (select private.admin_aal_satisfied()))
  )
  with check (
    user_id = (select auth.uid())
    or ((select private.is_admin()) and (select private.admin_aal_satisfied()))
  );

revoke insert, update, delete, truncate on public.profiles from anon, authenticated;
grant update (first_name, last_name, role) on public.profiles to authenticated;
