-- Knowledge-base counters: kb_record_view (opening an article adds one view; anyone, even signed
-- out) and kb_vote_helpful (signed-in users; one vote per user per article through
-- kb_helpful_votes, so helpful_votes grows only on a user's first vote). Only published,
-- undeleted articles count; anything else is 404 (SQLSTATE PT404, PostgREST's status passthrough).
-- security definer: neither anon nor customers may update kb_articles or insert votes directly.

create function public.kb_record_view(p_article_id uuid)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_views integer;
begin
  update public.kb_articles a set view_count = a.view_count + 1
  where a.id = p_article_id and a.is_published and not a._deleted
  returning a.view_count into v_views;
  if not found then
    raise exception 'Article not found' using errcode = 'PT404', detail = format('article_id=%s', p_article_id);
  end if;
  return v_views;
end
$$;

revoke all on function public.kb_record_view(uuid) from public, service_role;
grant execute on function public.kb_record_view(uuid) to anon, authenticated;

create function public.kb_vote_helpful(p_article_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_inserted integer;
  v_votes integer;
begin
  if v_uid is null or not exists (select 1 from public.profiles p where p.user_id = v_uid) then
    raise exception 'User not authenticated' using errcode = '42501';
  end if;
  perform 1 from public.kb_articles a
  where a.id = p_article_id and a.is_published and not a._deleted;
  if not found then
    raise exception 'Article not found' using errcode = 'PT404', detail = format('article_id=%s', p_article_id);
  end if;

  insert into public.kb_helpful_votes (article_id, user_id) values (p_article_id, v_uid)
  on conflict (article_id, user_id) do nothing;
  get diagnostics v_inserted = row_count;

  if v_inserted = 1 then
    update public.kb_articles a set helpful_votes = a.helpful_votes + 1
    where a.id = p_article_id
    returning a.helpful_votes into v_votes;
  else
    select a.helpful_votes into v_votes from public.kb_articles a where a.id = p_article_id;
  end if;
  return jsonb_build_object('helpful_votes', v_votes, 'counted', v_inserted = 1);
end
$$;

revoke all on function public.kb_vote_helpful(uuid) from public, anon, service_role;
grant execute on function public.kb_vote_helpful(uuid) to authenticated;

-- A view or a vote is not an edit: keep the article's updated_at ("Last Updated") when only the
-- counters change. Named to fire after set_updated_at (same-event triggers fire in name order);
-- _modified still moves, so replicas receive the new counts.
create function private.keep_article_updated_at_for_counters()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (to_jsonb(new) - array['view_count', 'helpful_votes', 'updated_at', '_modified'])
     = (to_jsonb(old) - array['view_count', 'helpful_votes', 'updated_at', '_modified']) then
    new.updated_at := old.updated_at;
  end if;
  return new;
end
$$;

revoke all on function private.keep_article_updated_at_for_counters() from public, anon, authenticated, service_role;

create trigger zz_keep_updated_at_for_counters before update on public.kb_articles
  for each row execute function private.keep_article_updated_at_for_counters();
