-- Indexes for the Access Logs page's reads: the newest rows first, a page of 500 at a time after
-- the last (created_at, id) shown, optionally narrowed to one action or one result. Each filter
-- combination reads its rows in index order and stops at the page size instead of sorting the
-- table. The text search (ilike over action, resource, user agent and error) walks the same
-- order and stops at the page size too; a trigram index would need pg_trgm, which the embedded
-- engine used for tests and demos does not ship.

create index if not exists access_logs_created_at_id_idx
  on public.access_logs (created_at desc, id desc);

create index if not exists access_logs_action_created_at_id_idx
  on public.access_logs (action, created_at desc, id desc);

create index if not exists access_logs_success_created_at_id_idx
  on public.access_logs (success, created_at desc, id desc);
