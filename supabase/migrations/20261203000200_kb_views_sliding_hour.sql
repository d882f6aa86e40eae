-- kb_record_view: "a view once per article, viewer and hour" means within 60 minutes of the view
-- last counted, not within the same clock hour. With clock hours, a reader who opened an article at
-- 15:59 and again at 16:00 counted twice (an e2e run crossing the hour caught it). Each viewer now
-- has one mark per article, the time its view was counted; a mark older than an hour is pruned and
-- the next view counts again. The address cap (20 anonymous device keys per address and article)
-- counts the marks of the last 60 minutes the same way. Marks of the current clock hour are kept,
-- dated at the start of that hour (they expire no later than before).

alter table private.kb_view_marks drop constraint kb_view_marks_pkey;
alter table private.kb_view_marks rename column hour to counted_at;
delete from private.kb_view_marks m
using private.kb_view_marks newer
where newer.article_id = m.article_id and newer.viewer_hash = m.viewer_hash and newer.counted_at > m.counted_at;
alter table private.kb_view_marks add primary key (article_id, viewer_hash);
drop index private.kb_view_marks_hour_idx;
drop index private.kb_view_marks_address_idx;
create index kb_view_marks_counted_at_idx on private.kb_view_marks (counted_at);
create index kb_view_marks_address_idx on private.kb_view_marks (article_id, address_hash);
comment on table private.kb_view_marks is
  'Who viewed which article in the last hour (hashed) and when that view was counted, so kb_record_view counts a view once per viewer and hour.';

create or replace function public.kb_record_view(p_article_id uuid, p_idempotency_key uuid default null, p_viewer_key text default null)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_address text := coalesce(host(private.request_ip()), '');
  v_key text := nullif(left(btrim(coalesce(p_viewer_key, '')), 100), '');
  v_viewer text;
  v_address_hash text;
  v_replay jsonb;
  v_views integer;
begin
  if p_idempotency_key is not null then
    v_replay := private.idempotency_claim(p_idempotency_key, 'kb_record_view');
    if v_replay is not null then
      return v_replay::integer;
    end if;
  end if;
  select a.view_count into v_views from public.kb_articles a
  where a.id = p_article_id and a.is_published and not a._deleted
  for update;
  if not found then
    raise exception 'Article not found' using errcode = 'PT404', detail = format('article_id=%s', p_article_id);
  end if;

  v_viewer := case
    when v_uid is not null then 'user:' || v_uid::text
    when v_key is not null then 'device:' || v_key
    else 'address:' || v_address
  end;
  v_viewer := encode(sha256(convert_to(v_viewer, 'UTF8')), 'hex');
  v_address_hash := case when v_uid is null then encode(sha256(convert_to('address:' || v_address, 'UTF8')), 'hex') end;

  -- A mark older than an hour no longer holds back a view (of any article: the table stays small).
  delete from private.kb_view_marks m where m.counted_at <= now() - interval '1 hour';

  -- The article row is locked above, so the address cap below is counted one call at a time.
  if v_address_hash is null or (
    select count(*) from private.kb_view_marks m
    where m.article_id = p_article_id and m.address_hash = v_address_hash
  ) < 20 then
    insert into private.kb_view_marks (article_id, viewer_hash, counted_at, address_hash)
    values (p_article_id, v_viewer, now(), v_address_hash)
    on conflict do nothing;
    if found then
      update public.kb_articles a set view_count = a.view_count + 1
      where a.id = p_article_id
      returning a.view_count into v_views;
    end if;
  end if;

  perform private.idempotency_record(p_idempotency_key, to_jsonb(v_views));
  return v_views;
end
$$;
