-- Codes typed on a unit's keypad. The checks, the lockout, the logs and the answer of
-- redeem_access_code (20261127000300) move into private.redeem_code_at, unchanged, so the two
-- callers cannot drift apart:
--   redeem_access_code(device, code)  the device's owner or staff (aal2 for an admin with MFA), as before;
--   unit_redeem_code(code)            the unit itself, for its own device: a guest at the keypad.
-- The unit opens the door only on {ok: true}. The access log's user is the caller: null for a
-- unit (it has no profile), whose attempts show under the device's resource.

create function private.redeem_code_at(p_device_id uuid, p_code text, p_actor uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := p_actor;
  v_code text := upper(btrim(coalesce(p_code, '')));
  v_resource text := 'devices/' || p_device_id::text;
  v_perm public.access_permissions;
  v_id uuid;
  v_reason text;
  v_message text;
begin
  if (select count(*) from public.access_logs l
      where l.resource = v_resource and l.action = 'access_code.redeem' and not l.success
        and l.error_message = 'Invalid access code' and l.created_at > now() - interval '10 minutes') >= 10 then
    v_reason := 'too_many_attempts';
  else
    select * into v_perm from public.access_permissions ap
    where ap.device_id = p_device_id and ap.access_code = v_code and not ap._deleted
    order by ap.is_active desc, ap.created_at desc
    limit 1;
    if not found then
      v_reason := 'invalid_code';
    else
      v_id := v_perm.id;
      update public.access_permissions ap
      set usage_count = ap.usage_count + 1
      where ap.id = v_id
        and ap.is_active and not ap._deleted
        and (ap.expires_at is null or ap.expires_at > now())
        and (ap.max_usage is null or ap.usage_count < ap.max_usage)
      returning * into v_perm;
      if not found then
        -- Read the row as it is now (a concurrent redemption may have taken the last use).
        select * into v_perm from public.access_permissions ap where ap.id = v_id;
        v_reason := case
          when v_perm.expires_at is not null and v_perm.expires_at <= now() then 'expired'
          when v_perm.max_usage is not null and v_perm.usage_count >= v_perm.max_usage then 'limit_reached'
          else 'revoked'
        end;
      end if;
    end if;
  end if;

  v_message := case v_reason
    when 'expired' then 'Expired'
    when 'limit_reached' then 'Limit Reached'
    when 'revoked' then 'Revoked'
    when 'invalid_code' then 'Invalid access code'
    when 'too_many_attempts' then 'Too many failed attempts; try again later'
  end;
  perform private.write_access_log(v_uid, 'access_code.redeem', v_resource, v_reason is null, v_message,
    private.request_ip(), private.request_user_agent());
  -- The door log, in the owner's name (also when staff redeem): the permission when known, the
  -- code as entered.
  insert into public.device_events (user_id, device_id, permission_id, kind, access_code, detail)
  select d.user_id, p_device_id, v_perm.id,
    case when v_reason is null then 'code_redeemed' else 'code_refused' end,
    nullif(left(v_code, 20), ''), v_message
  from public.devices d
  where d.id = p_device_id;

  if v_reason is not null then
    return jsonb_build_object('ok', false, 'reason', v_reason, 'message', v_message,
      'permission_id', v_perm.id);
  end if;
  return jsonb_build_object(
    'ok', true,
    'reason', null,
    'message', 'Access granted',
    'permission_id', v_perm.id,
    'permission_type', v_perm.permission_type,
    'granted_to_name', v_perm.granted_to_name,
    'usage_count', v_perm.usage_count,
    'max_usage', v_perm.max_usage,
    'remaining_uses', case when v_perm.max_usage is null then null else v_perm.max_usage - v_perm.usage_count end,
    'expires_at', v_perm.expires_at
  );
end
$$;


create or replace function public.redeem_access_code(p_device_id uuid, p_code text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    raise exception 'Sign in to redeem an access code' using errcode = '42501';
  end if;
  if not exists (
    select 1 from public.devices d
    where d.id = p_device_id and not d._deleted
      and (d.user_id = v_uid or (private.is_staff() and private.admin_aal_satisfied()))
  ) then
    raise exception 'You cannot redeem codes for this device' using errcode = '42501',
      detail = format('device_id=%s', p_device_id);
  end if;

  return private.redeem_code_at(p_device_id, p_code, v_uid);
end
$$;

create function public.unit_redeem_code(p_code text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  return private.redeem_code_at(private.require_unit_device(), p_code, auth.uid());
end
$$;

revoke all on function private.redeem_code_at(uuid, text, uuid) from public, anon, authenticated, service_role;
revoke all on function public.redeem_access_code(uuid, text), public.unit_redeem_code(text) from public, anon, service_role;
grant execute on function public.redeem_access_code(uuid, text), public.unit_redeem_code(text) to authenticated;
