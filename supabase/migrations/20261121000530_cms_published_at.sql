-- cms_content.published_at (spec §4): content created as published gets now(), otherwise null;
-- content that becomes published with no published_at gets now(). A later status change keeps it.
-- The seed (owner) may insert a historical published_at; API callers cannot backdate on insert.

create function private.set_cms_published_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.status <> 'published' then
      new.published_at := null;
    elsif new.published_at is null or private.is_api_caller() then
      new.published_at := now();
    end if;
  elsif new.status = 'published' and old.status is distinct from 'published' and new.published_at is null then
    new.published_at := now();
  end if;
  return new;
end
$$;

revoke all on function private.set_cms_published_at() from public, anon, authenticated;

create trigger set_cms_published_at before insert or update on public.cms_content
  for each row execute function private.set_cms_published_at();
