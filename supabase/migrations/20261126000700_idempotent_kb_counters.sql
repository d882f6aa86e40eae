-- kb_record_view and kb_vote_helpful take an optional idempotency key (see idempotency_keys): a
-- device's outbox sends the same key with every attempt, and a repeat returns the first answer
-- (the view count or vote result of that moment) without counting again. Without a key they
-- behave as before. The one-argument versions are dropped, not overloaded: PostgREST would find
-- two candidates for a call with p_article_id alone; the new parameter's default keeps such
-- calls working.
-- The order is: caller checks, then the key, then the work. A call that fails (not signed in,
-- article not found) rolls back and records nothing.

drop function public.kb_record_view(uuid);
drop function public.kb_vote_helpful(uuid);

create function public.kb_record_view(p_article_id uuid, p_idempotency_key uuid default null)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_replay jsonb;
  v_views integer;
begin
  if p_idempotency_key is not null then
    v_replay := private.idempotency_claim(p_idempotency_key, 'kb_record_view');
    if v_replay is not null then
      return v_replay::integer;
    end if;
  end if;
  update public.kb_articles a set view_count = a.view_count + 1
  where a.id = p_article_id and a.is_published and not a._deleted
  returning a.view_count into v_views;
  if not found then
    raise exception 'Article not found' using errcode = 'PT404', detail = format('article_id=%s', p_article_id);
  end if;
  perform private.idempotency_record(p_idempotency_key, to_jsonb(v_views));
  return v_views;
end
$$;

revoke all on function public.kb_record_view(uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function public.kb_record_view(uuid, uuid) to anon, authenticated;

create function public.kb_vote_helpful(p_article_id uuid, p_idempotency_key uuid default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_replay jsonb;
  v_inserted integer;
  v_votes integer;
  v_result jsonb;
begin
  if v_uid is null or not exists (select 1 from public.profiles p where p.user_id = v_uid) then
    raise exception 'User not authenticated' using errcode = '42501';
  end if;
  if p_idempotency_key is not null then
    v_replay := private.idempotency_claim(p_idempotency_key, 'kb_vote_helpful');
    if v_replay is not null then
      return v_replay;
    end if;
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
  v_result := jsonb_build_object('helpful_votes', v_votes, 'counted', v_inserted = 1);
  perform private.idempotency_record(p_idempotency_key, v_result);
  return v_result;
end
$$;

revoke all on function public.kb_vote_helpful(uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function public.kb_vote_helpful(uuid, uuid) to authenticated;
