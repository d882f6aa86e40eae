-- Private Realtime channels of a support ticket, authorized by RLS on realtime.messages (the
-- table and realtime.topic() come with every Supabase project):
--   'ticket:<id>'        broadcast only (typing): whoever may read the ticket, i.e. its owner and
--                        support staff (the ticket's own RLS decides);
--   'ticket-staff:<id>'  broadcast and presence (who has the ticket open): support staff only.
-- Anyone else, anon included, is refused the join and cannot send. The topic is matched against
-- a uuid pattern before the cast (case keeps the order), so a malformed topic is a clean refusal,
-- never a cast error.
-- One permissive policy per operation: the same rule reads and writes.

create policy "Owners and ticket staff read a ticket channel"
  on realtime.messages for select to authenticated
  using (
    (
      extension = 'broadcast'
      and exists (
        select 1 from public.support_tickets t
        where t.id = (
          select case when realtime.topic() ~ '^ticket:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
            then pg_catalog.substr(realtime.topic(), 8)::uuid end
        )
      )
    )
    or (
      extension in ('broadcast', 'presence')
      and (select private.is_staff())
      and (select private.admin_aal_satisfied())
      and exists (
        select 1 from public.support_tickets t
        where t.id = (
          select case when realtime.topic() ~ '^ticket-staff:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
            then pg_catalog.substr(realtime.topic(), 14)::uuid end
        )
      )
    )
  );

create policy "Owners and ticket staff send on a ticket channel"
  on realtime.messages for insert to authenticated
  with check (
    (
      extension = 'broadcast'
      and exists (
        select 1 from public.support_tickets t
        where t.id = (
          select case when realtime.topic() ~ '^ticket:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
            then pg_catalog.substr(realtime.topic(), 8)::uuid end
        )
      )
    )
    or (
      extension in ('broadcast', 'presence')
      and (select private.is_staff())
      and (select private.admin_aal_satisfied())
      and exists (
        select 1 from public.support_tickets t
        where t.id = (
          select case when realtime.topic() ~ '^ticket-staff:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
            then pg_catalog.substr(realtime.topic(), 14)::uuid end
        )
      )
    )
  );
