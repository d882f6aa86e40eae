-- Ticket workflow columns. Customers never choose status or assignment: a customer's insert gets
-- the server defaults (status 'open', unassigned), and only staff update tickets (RLS).
-- resolved_at: set to now() when the status becomes 'resolved'; cleared when the ticket is
-- reopened (open / in_progress) so "Resolved Today" counts only tickets resolved now; kept when a
-- resolved ticket is closed, so the resolution time survives closing.

create function private.support_ticket_defaults()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if private.is_api_caller() and not private.is_staff() then
    new.status := 'open';
    new.assigned_to := null;
    new.resolved_at := null;
  end if;
  return new;
end
$$;

create function private.set_ticket_resolved_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'resolved' then
    if tg_op = 'INSERT' or old.status is distinct from 'resolved' then
      new.resolved_at := now();
    end if;
  elsif new.status in ('open', 'in_progress') then
    new.resolved_at := null;
  end if;
  return new;
end
$$;

-- A ticket is assigned only to a staff member (support or admin).
create function private.check_ticket_assignee()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- security definer: the caller may not read the assignee's profile (customers read only their own)
  if new.assigned_to is not null
     and (tg_op = 'INSERT' or new.assigned_to is distinct from old.assigned_to)
     and not exists (
       select 1 from public.profiles p where p.user_id = new.assigned_to and p.role in ('support', 'admin')
     ) then
    raise exception 'A ticket can only be assigned to a staff member' using errcode = '23514';
  end if;
  return new;
end
$$;

revoke all on function private.support_ticket_defaults(), private.set_ticket_resolved_at(),
  private.check_ticket_assignee() from public, anon, authenticated;

-- Triggers fire in name order: defaults first, then resolved_at sees the final status.
create trigger a_support_ticket_defaults before insert on public.support_tickets
  for each row execute function private.support_ticket_defaults();
create trigger c_check_ticket_assignee before insert or update on public.support_tickets
  for each row execute function private.check_ticket_assignee();
create trigger b_set_ticket_resolved_at before insert or update on public.support_tickets
  for each row execute function private.set_ticket_resolved_at();
