-- updated_at maintenance on every table that has the column.

create function private.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

revoke all on function private.set_updated_at() from public, anon, authenticated;

create trigger set_updated_at before update on public.profiles
  for each row execute function private.set_updated_at();
create trigger set_updated_at before update on public.products
  for each row execute function private.set_updated_at();
create trigger set_updated_at before update on public.inventory
  for each row execute function private.set_updated_at();
create trigger set_updated_at before update on public.orders
  for each row execute function private.set_updated_at();
create trigger set_updated_at before update on public.devices
  for each row execute function private.set_updated_at();
create trigger set_updated_at before update on public.access_permissions
  for each row execute function private.set_updated_at();
create trigger set_updated_at before update on public.cms_content
  for each row execute function private.set_updated_at();
create trigger set_updated_at before update on public.support_tickets
  for each row execute function private.set_updated_at();
create trigger set_updated_at before update on public.kb_articles
  for each row execute function private.set_updated_at();
