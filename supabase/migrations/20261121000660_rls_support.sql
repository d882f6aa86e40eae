-- RLS on support_categories, support_tickets and support_messages. Customers see their own
-- tickets and only the non-internal messages on them; staff see and update every ticket and
-- write internal notes. Messages are immutable; tickets are closed, not deleted.

alter table public.support_categories enable row level security;
alter table public.support_tickets enable row level security;
alter table public.support_messages enable row level security;

create policy "Anyone can read active support categories"
  on public.support_categories for select to anon
  using (is_active);

create policy "Users read active categories, staff read all categories"
  on public.support_categories for select to authenticated
  using (is_active or ((select private.is_staff()) and (select private.admin_aal_satisfied())));

create policy "Admins can add support categories"
  on public.support_categories for insert to authenticated
  with check ((select private.is_admin()) and (select private.admin_aal_satisfied()));

create policy "Admins can update support categories"
  on public.support_categories for update to authenticated
  using ((select private.is_admin()) and (select private.admin_aal_satisfied()))
  with check ((select private.is_admin()) and (select private.admin_aal_satisfied()));

create policy "Admins can delete support categories"
  on public.support_categories for delete to authenticated
  using ((select private.is_admin()) and (select private.admin_aal_satisfied()));

create policy "Customers read their own tickets, staff read all tickets"
  on public.support_tickets for select to authenticated
  using (
    user_id = (select auth.uid())
    or ((select private.is_staff()) and (select private.admin_aal_satisfied()))
  );

-- Status and assignment of a customer's new ticket are reset by 20261121000520.
create policy "Users can open their own tickets in an active category"
  on public.support_tickets for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and exists (select 1 from public.support_categories c where c.id = category_id and c.is_active)
  );

create policy "Staff can update tickets"
  on public.support_tickets for update to authenticated
  using ((select private.is_staff()) and (select private.admin_aal_satisfied()))
  with check ((select private.is_staff()) and (select private.admin_aal_satisfied()));

revoke delete, truncate on public.support_tickets from anon, authenticated;

create policy "Customers read public replies on own tickets, staff read all"
  on public.support_messages for select to authenticated
  using (
    (
      not is_internal
      and exists (
        select 1 from public.support_tickets t
        where t.id = ticket_id and t.user_id = (select auth.uid())
      )
    )
    or ((select private.is_staff()) and (select private.admin_aal_satisfied()))
  );

-- A customer replies as themselves, never internally, and not on a closed ticket.
create policy "Customers reply on their own open tickets, staff on any ticket"
  on public.support_messages for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and (
      (
        not is_internal
        and exists (
          select 1 from public.support_tickets t
          where t.id = ticket_id and t.user_id = (select auth.uid()) and t.status <> 'closed'
        )
      )
      or ((select private.is_staff()) and (select private.admin_aal_satisfied()))
    )
  );

revoke update, delete, truncate on public.support_messages from anon, authenticated;
