-- The RxDB Supabase replication contract: `_modified` is set on every insert and update with
-- clock_timestamp() (not now(), the transaction start, which lets rows commit out of order) and is
-- strictly increasing per row even if two updates land in the same microsecond, so a checkpoint
-- pull (`_modified > ts or (_modified = ts and id > last)`) never misses a change.

create function private.set_modified()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    new._modified := greatest(clock_timestamp(), old._modified + interval '1 microsecond');
  else
    new._modified := clock_timestamp();
  end if;
  return new;
end
$$;

revoke all on function private.set_modified() from public, anon, authenticated;

create trigger set_modified before insert or update on public.devices
  for each row execute function private.set_modified();
create trigger set_modified before insert or update on public.access_permissions
  for each row execute function private.set_modified();
create trigger set_modified before insert or update on public.orders
  for each row execute function private.set_modified();
create trigger set_modified before insert or update on public.notifications
  for each row execute function private.set_modified();
create trigger set_modified before insert or update on public.support_tickets
  for each row execute function private.set_modified();
create trigger set_modified before insert or update on public.support_messages
  for each row execute function private.set_modified();
create trigger set_modified before insert or update on public.kb_articles
  for each row execute function private.set_modified();
