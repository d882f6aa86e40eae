-- kb_record_view counts a view at most once per article, viewer and hour; before, every call
-- counted (60 anonymous calls, 60 views). The viewer is:
--   - a signed-in user: auth.uid(), whatever key the client sends (a client key is never trusted
--     on its own for them);
--   - an anonymous reader: the device key the app keeps in localStorage (p_viewer_key), else the
--     client address. A device key is the client's word, so one address counts at most
--     20 anonymous device keys per article and hour (a script inventing keys gains little).
-- Marks live in private.kb_view_marks, keyed by a SHA-256 of the viewer (no raw ids or addresses
-- are stored), and only for the current and previous hour: each call prunes older rows, so the
-- table stays small. The idempotency key still makes a retried outbox call return its first
-- answer. The two-argument version is dropped, not overloaded (PostgREST would see two
-- candidates); the new parameter's default keeps old clients' calls working.

create table private.kb_view_marks (
  article_id uuid not null,
  viewer_hash text not null,
  hour timestamptz not null,
  address_hash text,
  primary key (article_id, viewer_hash, hour)
);
create index kb_view_marks_hour_idx on private.kb_view_marks (hour);
create index kb_view_marks_address_idx on private.kb_view_marks (article_id, hour, address_hash);
alter table private.kb_view_marks enable row level security;
revoke all on table private.kb_view_marks from public, anon, authenticated, service_role;
comment on table private.kb_view_marks is
  'Who viewed which article in the current and previous hour (hashed), so kb_record_view counts a view once per viewer and hour.';

drop function public.kb_record_view(uuid, uuid);

create function public.kb_record_view(p_article_id uuid, p_idempotency_key uuid default null, p_viewer_key text default null)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_hour timestamptz := date_trunc('hour', now());
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

  delete from private.kb_view_marks m where m.hour < v_hour - interval '1 hour';

  -- The article row is locked above, so the address cap below is counted one call at a time.
  if v_address_hash is null or (
    select count(*) from private.kb_view_marks m
    where m.article_id = p_article_id and m.hour = v_hour and m.address_hash = v_address_hash
  ) < 20 then
    insert into private.kb_view_marks (article_id, viewer_hash, hour, address_hash)
    values (p_article_id, v_viewer, v_hour, v_address_hash)
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

revoke all on function public.kb_record_view(uuid, uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.kb_record_view(uuid, uuid, text) to anon, authenticated;
