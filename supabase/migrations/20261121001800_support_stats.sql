-- support_stats(): the support dashboard's six stat cards, computed (the spec's page showed 0 for
-- "Resolved Today" and a random "Avg Response Time"):
-- total, open, in_progress, resolved_today (resolved_at since midnight, database time zone),
-- urgent (priority urgent, as the spec counts it; urgent_open: of those, not resolved or closed),
-- avg_first_response_minutes: mean, over tickets a staff member has answered, of the time from
-- the ticket's creation to the first non-internal staff message (null when none answered yet),
-- messages_last_24h: messages of the last 24 hours (the dashboard's recent-messages window).
-- Staff only (support or admin; the aal rule for admins). security definer: it needs the role of
-- every message author (profiles), and aggregates without per-row policy checks; read-only.

create function public.support_stats()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  s record;
  v_avg numeric;
  v_messages bigint;
begin
  if not (private.is_staff() and private.admin_aal_satisfied()) then
    raise exception 'Access denied. Admin or support privileges required.' using errcode = '42501';
  end if;

  select
    count(*) as total,
    count(*) filter (where t.status = 'open') as open,
    count(*) filter (where t.status = 'in_progress') as in_progress,
    count(*) filter (where t.status = 'resolved') as resolved,
    count(*) filter (where t.status = 'closed') as closed,
    count(*) filter (where t.resolved_at >= date_trunc('day', now())) as resolved_today,
    count(*) filter (where t.priority = 'urgent') as urgent,
    count(*) filter (where t.priority = 'urgent' and t.status in ('open', 'in_progress')) as urgent_open
  into s
  from public.support_tickets t
  where not t._deleted;

  select round(avg(extract(epoch from (r.first_reply - t.created_at)) / 60)::numeric, 1)
  into v_avg
  from public.support_tickets t
  join lateral (
    select min(m.created_at) as first_reply
    from public.support_messages m
    join public.profiles p on p.user_id = m.user_id and p.role in ('support', 'admin')
    where m.ticket_id = t.id and m.user_id <> t.user_id and not m.is_internal and not m._deleted
  ) r on r.first_reply is not null
  where not t._deleted;

  select count(*) into v_messages
  from public.support_messages m
  where m.created_at >= now() - interval '24 hours' and not m._deleted;

  return jsonb_build_object(
    'total', s.total,
    'open', s.open,
    'in_progress', s.in_progress,
    'resolved', s.resolved,
    'closed', s.closed,
    'resolved_today', s.resolved_today,
    'urgent', s.urgent,
    'urgent_open', s.urgent_open,
    'avg_first_response_minutes', v_avg,
    'messages_last_24h', v_messages
  );
end
$$;

revoke all on function public.support_stats() from public, anon, service_role;
grant execute on function public.support_stats() to authenticated;

-- "Resolved Today" filters on resolved_at.
create index if not exists support_tickets_resolved_at_idx on public.support_tickets (resolved_at desc) where resolved_at is not null;
