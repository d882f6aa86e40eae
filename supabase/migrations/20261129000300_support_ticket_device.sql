-- A ticket may name one of its customer's devices ("Get help" on a device card). The device must
-- belong to the ticket's owner: a foreign device id is refused, whoever writes it. Deleting a
-- device (a hard delete by the service role) leaves the ticket without one.

alter table public.support_tickets
  add column device_id uuid null
    constraint support_tickets_device_id_fkey references public.devices (id) on delete set null;

create index support_tickets_device_id_idx on public.support_tickets (device_id);

-- security definer: staff updating a ticket may not read the customer's devices, and the check
-- must not depend on what the caller can see.
create function private.check_ticket_device()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.device_id is not null
     and (tg_op = 'INSERT' or new.device_id is distinct from old.device_id or new.user_id is distinct from old.user_id)
     and not exists (
       select 1 from public.devices d
       where d.id = new.device_id and d.user_id = new.user_id and not d._deleted
     ) then
    raise exception 'The device must be one of the ticket owner''s devices'
      using errcode = '23514', hint = 'Choose one of your own devices or none.';
  end if;
  return new;
end
$$;

revoke all on function private.check_ticket_device() from public, anon, authenticated;

create trigger d_check_ticket_device before insert or update on public.support_tickets
  for each row execute function private.check_ticket_device();
