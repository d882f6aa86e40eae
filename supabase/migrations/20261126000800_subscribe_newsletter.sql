-- subscribe_newsletter: the Notify Me and footer Subscribe forms through a device's outbox, with
-- an optional idempotency key (see idempotency_keys) so a retried subscription is delivered once.
-- Returns {"subscribed": true} for a new and a repeated address alike, as the table's insert does
-- (20261125000100): nobody learns whether an address was already subscribed.
-- Inputs are checked as the table checks them, all before anything is written, so a bad name or
-- source is refused whether or not the address exists (22023, HTTP 400): e-mail trimmed and
-- lower-cased, like name@host.tld, at most 320 characters; name at most 100; source 'landing' or
-- 'footer'.
-- security definer: the key table is private. As the owner this call is not an API caller, so
-- the table's repeat-absorbing trigger does not run; the function absorbs repeats itself, under
-- the same per-address advisory lock, so it and direct inserts of one address serialise.

create function public.subscribe_newsletter(
  p_email text,
  p_name text default null,
  p_source text default 'footer',
  p_idempotency_key uuid default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_email text := lower(btrim(p_email));
  v_result constant jsonb := jsonb_build_object('subscribed', true);
begin
  if v_email is null or char_length(v_email) > 320
     or v_email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    raise exception 'Enter a valid e-mail address' using errcode = '22023', detail = 'p_email';
  end if;
  if char_length(p_name) > 100 then
    raise exception 'Name must be at most 100 characters' using errcode = '22023', detail = 'p_name';
  end if;
  if p_source is null or p_source not in ('landing', 'footer') then
    raise exception 'Source must be landing or footer' using errcode = '22023', detail = 'p_source';
  end if;
  if p_idempotency_key is not null
     and private.idempotency_claim(p_idempotency_key, 'subscribe_newsletter') is not null then
    return v_result;
  end if;

  perform pg_advisory_xact_lock(hashtextextended('public.newsletter_subscriptions:' || v_email, 0));
  if not exists (select 1 from public.newsletter_subscriptions s where s.email = v_email) then
    insert into public.newsletter_subscriptions (email, name, source) values (v_email, p_name, p_source);
  end if;
  perform private.idempotency_record(p_idempotency_key, v_result);
  return v_result;
end
$$;

revoke all on function public.subscribe_newsletter(text, text, text, uuid) from public, anon, authenticated, service_role;
grant execute on function public.subscribe_newsletter(text, text, text, uuid) to anon, authenticated;
