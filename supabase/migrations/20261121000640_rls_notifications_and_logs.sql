-- RLS on notifications (own rows; update limited to is_read by 20261121000540; written only by
-- functions and triggers) and access_logs (staff read; written only through log_access_event).

alter table public.notifications enable row level security;
alter table public.access_logs enable row level security;

create policy "Users can read their own notifications"
  on public.notifications for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can mark their own notifications as read"
  on public.notifications for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

revoke insert, delete, truncate on public.notifications from anon, authenticated;

create policy "Staff can read access logs"
  on public.access_logs for select to authenticated
  using ((select private.is_staff()) and (select private.admin_aal_satisfied()));

revoke insert, update, delete, truncate on public.access_logs from anon, authenticated;
