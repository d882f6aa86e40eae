-- RLS on kb_articles (published for everyone, all for staff who manage them) and
-- kb_helpful_votes (users read their own votes; votes are cast only through kb_vote_helpful).

alter table public.kb_articles enable row level security;
alter table public.kb_helpful_votes enable row level security;

create policy "Anyone can read published articles"
  on public.kb_articles for select to anon
  using (is_published and not _deleted);

create policy "Users read published articles, staff read all articles"
  on public.kb_articles for select to authenticated
  using (
    (is_published and not _deleted)
    or ((select private.is_staff()) and (select private.admin_aal_satisfied()))
  );

create policy "Staff can create articles"
  on public.kb_articles for insert to authenticated
  with check ((select private.is_staff()) and (select private.admin_aal_satisfied()));

create policy "Staff can update articles"
  on public.kb_articles for update to authenticated
  using ((select private.is_staff()) and (select private.admin_aal_satisfied()))
  with check ((select private.is_staff()) and (select private.admin_aal_satisfied()));

create policy "Staff can delete articles"
  on public.kb_articles for delete to authenticated
  using ((select private.is_staff()) and (select private.admin_aal_satisfied()));

create policy "Users can read their own helpful votes"
  on public.kb_helpful_votes for select to authenticated
  using (user_id = (select auth.uid()));

revoke insert, update, delete, truncate on public.kb_helpful_votes from anon, authenticated;
