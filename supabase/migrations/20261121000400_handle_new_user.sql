-- A profile for every new auth user: names from the sign-up metadata, e-mail from the user row,
-- role always 'customer' (metadata is user-editable, so a role in it is ignored). Staff roles are
-- granted by an admin afterwards. security definer: fires as the auth server's role, which has no
-- rights on public.profiles.

create function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (user_id, first_name, last_name, email, role)
  values (
    new.id,
    nullif(left(btrim(new.raw_user_meta_data ->> 'first_name'), 100), ''),
    nullif(left(btrim(new.raw_user_meta_data ->> 'last_name'), 100), ''),
    new.email,
    'customer'
  )
  on conflict (user_id) do nothing;
  return new;
end
$$;

revoke all on function private.handle_new_user() from public, anon, authenticated;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.handle_new_user();

-- Keep the profile's e-mail in step when the user changes it.
create function private.handle_user_email_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles set email = new.email where user_id = new.id;
  return new;
end
$$;

revoke all on function private.handle_user_email_change() from public, anon, authenticated;

create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (old.email is distinct from new.email)
  execute function private.handle_user_email_change();
