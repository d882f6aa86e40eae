-- A new message is activity on its ticket: the ticket's updated_at (and with it _modified) moves.
-- A staff device holds the tickets changed in the last days (src/db/replication/staff-window.ts),
-- so a message on an older ticket brings that ticket back to staff devices, live; the queue's
-- "last activity" then includes replies too.
-- Only for API callers: the seed and bulk imports load messages with the ticket timestamps they
-- mean, and a load of 100k messages would otherwise update each ticket once per message.

create function private.touch_ticket_on_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- As the owner: a customer may not update their ticket's columns directly, and the rules that
  -- guard those columns (support_ticket_rules) apply to API callers, not to this.
  update public.support_tickets set updated_at = now() where id = new.ticket_id;
  return null;
end
$$;

revoke all on function private.touch_ticket_on_message() from public, anon, authenticated;

create trigger touch_ticket_on_message after insert on public.support_messages
  for each row when (private.is_api_caller()) execute function private.touch_ticket_on_message();
