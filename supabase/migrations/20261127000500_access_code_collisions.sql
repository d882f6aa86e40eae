-- An access code created offline may reach the server after another active code of the same
-- device took the same value (access_permissions_device_active_code_key). Instead of refusing the
-- customer's write, the server gives the new permission a fresh code and tells the owner:
-- a notification ('Access code changed') names the old code, the device and the new code. The
-- client learns the new code through replication (it reads rows back after a push).
-- Only inserts of an active, not deleted permission are checked, against the OTHER active codes
-- of the device (a retried push of the same row, same id, is not a collision: the primary key
-- answers it). Two inserts racing for the same code are still stopped by the unique index.
--
-- The fresh code: 6 characters of [A-Z0-9] from gen_random_uuid(), the cryptographically secure
-- generator PostgreSQL has without extensions. A version 4 UUID has 122 random bits; the 14 bytes
-- other than 6 (version nibble) and 8 (variant bits) are entirely random. Each character takes
-- one byte by rejection sampling: bytes below 252 (= 7 × 36) map to byte % 36, every symbol 7
-- ways, so no modulo bias; bytes 252..255 are skipped. A code is drawn again if the device
-- already has it active (36^6 ≈ 2.2 billion codes, so almost never).
-- Trigger name: it fires after guard_access_permission (which deactivates a deleted row) and
-- before set_modified (same-event before-triggers fire in name order).
-- security definer: it fires as the customer's API role, which may not insert notifications
-- (and must see the device's other active codes whatever RLS says).

create function private.random_access_code()
returns text
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_alphabet constant text := 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  v_bytes bytea;
  v_byte integer;
  v_code text := '';
begin
  while char_length(v_code) < 6 loop
    v_bytes := decode(replace(gen_random_uuid()::text, '-', ''), 'hex');
    for i in 0..15 loop
      continue when i in (6, 8);
      v_byte := get_byte(v_bytes, i);
      continue when v_byte >= 252;
      v_code := v_code || substr(v_alphabet, v_byte % 36 + 1, 1);
      exit when char_length(v_code) = 6;
    end loop;
  end loop;
  return v_code;
end
$$;

create function private.regenerate_colliding_access_code()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old text := new.access_code;
  v_device record;
begin
  if new.is_active is not true or new._deleted or not exists (
    select 1 from public.access_permissions ap
    where ap.device_id = new.device_id and ap.access_code = new.access_code and ap.is_active and ap.id <> new.id
  ) then
    return new;
  end if;
  for attempt in 1..100 loop
    new.access_code := private.random_access_code();
    exit when not exists (
      select 1 from public.access_permissions ap
      where ap.device_id = new.device_id and ap.access_code = new.access_code and ap.is_active
    );
    if attempt = 100 then
      raise exception 'No free access code found for this device' using errcode = '23505';
    end if;
  end loop;
  select d.name, d.user_id into v_device from public.devices d where d.id = new.device_id;
  insert into public.notifications (user_id, type, title, body, link)
  values (
    coalesce(v_device.user_id, new.user_id),
    'system',
    'Access code changed',
    format('The code %s was already in use on %s, so this code is now %s.', v_old, v_device.name, new.access_code),
    '/dashboard/access'
  );
  return new;
end
$$;

revoke all on function private.random_access_code(), private.regenerate_colliding_access_code()
  from public, anon, authenticated, service_role;

create trigger regenerate_colliding_access_code before insert on public.access_permissions
  for each row execute function private.regenerate_colliding_access_code();
