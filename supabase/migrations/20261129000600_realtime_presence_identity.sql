-- Presence on a ticket's staff channel ('ticket-staff:<id>') shows who the database says the
-- connected user is: the key is their user id and the meta their profile's name (as the app's
-- displayName builds it), whatever key and name the client sent, so a support user cannot appear
-- to colleagues as someone else. The local stack calls this for each presence track on a private
-- channel (`[realtime] presence_identity` in supabase/config.toml), under the user's role and
-- claims with realtime.topic() set. Hosted Realtime has no such hook and keeps the client's key
-- and meta (see the README's Security notes). Other topics answer null: the client's own entry.

create function private.realtime_presence_identity(meta jsonb)
returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select case
    when realtime.topic() like 'ticket-staff:%' then coalesce(
      (
        select jsonb_build_object(
          'key', p.user_id::text,
          'meta', jsonb_build_object('name', coalesce(
            nullif(concat_ws(' ', nullif(btrim(p.first_name), ''), nullif(btrim(p.last_name), '')), ''),
            p.email,
            'User ' || left(p.user_id::text, 8)
          ))
        )
        from public.profiles p
        where p.user_id = (select auth.uid())
      ),
      -- No profile (no user): an entry that names nobody rather than the client's claim.
      jsonb_build_object('key', 'unknown', 'meta', '{}'::jsonb)
    )
  end
$$;

revoke all on function private.realtime_presence_identity(jsonb) from public;
grant execute on function private.realtime_presence_identity(jsonb) to anon, authenticated, service_role;
