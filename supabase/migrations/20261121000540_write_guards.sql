-- Column guards for replicated tables. The RxDB plugin PATCHes the whole document, so column
-- privileges would refuse even an unchanged column; these triggers refuse only real changes.
-- They apply to API callers; RPCs (security definer), the seed and service_role are not limited.

-- notifications: the owner may only mark read/unread.
create function private.guard_notification_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if private.is_api_caller()
     and (to_jsonb(new) - array['is_read', '_modified']) is distinct from (to_jsonb(old) - array['is_read', '_modified']) then
    raise exception 'Only is_read can be changed on a notification' using errcode = '42501';
  end if;
  return new;
end
$$;

-- orders: admins change the status only; items and amounts are fixed by place_order.
create function private.guard_order_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if private.is_api_caller()
     and (to_jsonb(new) - array['status', 'updated_at', '_modified']) is distinct from (to_jsonb(old) - array['status', 'updated_at', '_modified']) then
    raise exception 'Only the status of an order can be changed' using errcode = '42501';
  end if;
  return new;
end
$$;

-- access_permissions: usage_count moves only through redeem_access_code; a revoked code stays
-- revoked (a new code is created instead), so a leaked old code never comes back to life.
-- A soft-deleted permission is never active, so it frees its code and cannot be redeemed.
create function private.guard_access_permission()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new._deleted then
    new.is_active := false;
  end if;
  if not private.is_api_caller() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    new.usage_count := 0;
    return new;
  end if;
  if new.usage_count is distinct from old.usage_count then
    raise exception 'usage_count is changed only by redeeming the code' using errcode = '42501';
  end if;
  if new.is_active and not old.is_active then
    raise exception 'A revoked access code cannot be reactivated' using errcode = '42501';
  end if;
  return new;
end
$$;

-- newsletter: one subscription per address, whatever its case.
create function private.normalize_newsletter_email()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.email := lower(btrim(new.email));
  return new;
end
$$;

revoke all on function private.guard_notification_update(), private.guard_order_update(),
  private.guard_access_permission(), private.normalize_newsletter_email() from public, anon, authenticated;

create trigger guard_notification_update before update on public.notifications
  for each row execute function private.guard_notification_update();
create trigger guard_order_update before update on public.orders
  for each row execute function private.guard_order_update();
create trigger guard_access_permission before insert or update on public.access_permissions
  for each row execute function private.guard_access_permission();
create trigger normalize_newsletter_email before insert or update on public.newsletter_subscriptions
  for each row execute function private.normalize_newsletter_email();
