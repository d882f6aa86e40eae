-- RLS on newsletter_subscriptions: anyone may subscribe (insert only, no read-back, so the list of
-- addresses never leaks); admins read and remove subscriptions.

alter table public.newsletter_subscriptions enable row level security;

create policy "Anyone can subscribe to the newsletter"
  on public.newsletter_subscriptions for insert to anon, authenticated
  with check (true);

create policy "Admins can read newsletter subscriptions"
  on public.newsletter_subscriptions for select to authenticated
  using ((select private.is_admin()) and (select private.admin_aal_satisfied()));

create policy "Admins can remove newsletter subscriptions"
  on public.newsletter_subscriptions for delete to authenticated
  using ((select private.is_admin()) and (select private.admin_aal_satisfied()));

revoke update, truncate on public.newsletter_subscriptions from anon, authenticated;
