-- A repeat newsletter subscription looks exactly like a new one, so the public insert cannot be
-- used to learn whether an address is subscribed. Before, a repeat was a unique violation (409).
--
-- Every insert lands a row (same status, body, count and RLS outcome for a new and a repeated
-- address); an after-insert trigger then removes the newcomer when the address was already
-- subscribed, so the table keeps one row per address and the first subscription is never
-- overwritten by whoever repeats it. The unique constraint stays as the last word, checked at
-- commit (deferred) so that the newcomer can exist until the trigger has removed it. Addresses
-- are already stored trimmed and lower-cased (normalize_newsletter_email), so case and spacing
-- variants are repeats too. A transaction-scoped advisory lock per address serialises two
-- simultaneous subscriptions of one address: the second waits, then sees the first and removes
-- itself, instead of failing the deferred check at commit.
--
-- Only API callers' repeats are absorbed: the back end (service_role, the seed) gets the
-- unique violation at commit, and a bulk import does not take one lock per row. The constraint
-- can no longer arbitrate `on conflict (email)`; nothing needs it (repeats are absorbed here, and
-- API roles cannot update subscriptions).

alter table public.newsletter_subscriptions
  drop constraint newsletter_subscriptions_email_key,
  add constraint newsletter_subscriptions_email_key unique (email) deferrable initially deferred;

-- security definer: the subscriber (anon) may neither see other subscriptions nor delete rows.
-- The trigger's when clause, evaluated as the caller, decides whether it runs.
create function private.drop_repeat_newsletter_subscription()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtextextended('public.newsletter_subscriptions:' || new.email, 0));
  if exists (
    select 1 from public.newsletter_subscriptions s
    where s.email = new.email and s.id <> new.id
  ) then
    delete from public.newsletter_subscriptions s where s.id = new.id;
  end if;
  return null;
end
$$;

revoke all on function private.drop_repeat_newsletter_subscription() from public, anon, authenticated, service_role;

create trigger drop_repeat_subscription after insert on public.newsletter_subscriptions
  for each row when (private.is_api_caller()) execute function private.drop_repeat_newsletter_subscription();
