-- support_categories joins the replicated tables: the support screens read categories from the
-- device, so they carry the RxDB replication contract (`_deleted`, `_modified` stamped in commit
-- order, the (_modified, id) index the checkpoint pull reads). Existing rows get a stamp now.
-- A customer pulls only active categories (the select policy hides inactive ones); a category
-- that becomes inactive simply stops arriving, and the client reconciles what it no longer sees.
-- No updated_at: nothing shows when a category changed, and the devices' schema has no such field.

alter table public.support_categories
  add column _deleted boolean not null default false,
  add column _modified timestamptz not null default clock_timestamp();

create index support_categories_modified_id_idx on public.support_categories (_modified, id);

create trigger lock_replication_order before insert or update on public.support_categories
  for each statement execute function private.lock_replication_order();
create trigger set_modified before insert or update on public.support_categories
  for each row execute function private.set_modified();
