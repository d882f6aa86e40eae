-- RLS on cms_content: anon reads published pages, signed-in users read all published content,
-- staff read everything and create/edit, only admins delete.

alter table public.cms_content enable row level security;

create policy "Anyone can read published pages"
  on public.cms_content for select to anon
  using (status = 'published' and content_type = 'page');

create policy "Users read published content, staff read all content"
  on public.cms_content for select to authenticated
  using (
    status = 'published'
    or ((select private.is_staff()) and (select private.admin_aal_satisfied()))
  );

create policy "Staff can create content"
  on public.cms_content for insert to authenticated
  with check ((select private.is_staff()) and (select private.admin_aal_satisfied()));

create policy "Staff can update content"
  on public.cms_content for update to authenticated
  using ((select private.is_staff()) and (select private.admin_aal_satisfied()))
  with check ((select private.is_staff()) and (select private.admin_aal_satisfied()));

create policy "Admins can delete content"
  on public.cms_content for delete to authenticated
  using ((select private.is_admin()) and (select private.admin_aal_satisfied()));
