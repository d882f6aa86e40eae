-- Idempotency keys for RPCs a device queues in its outbox: the device gives each queued call a
-- random key and sends it with every attempt, so a retry after a lost answer returns the first
-- answer instead of applying the call twice.
--   private.idempotency_claim(key, fn): the first call with a key inserts it (in the caller's
--   transaction) and gets null: go ahead, then private.idempotency_record(key, result). A later
--   call with the key gets the recorded result and must change nothing. A simultaneous duplicate
--   waits on the primary key until the first commits, then gets its result (or, if the first
--   rolled back, claims the key itself). A key recorded for another user or another function is
--   refused (22023, HTTP 400): a key names one call of one caller, and the answer of someone
--   else's call is not the caller's to read.
-- A failed call records nothing (its transaction rolls back with the key), so a retry runs again.
-- Retention: a device retries an entry until it is delivered or discarded; keys older than 30
-- days are purged by private.purge_idempotency_keys() (run it daily, e.g. with pg_cron). A replay
-- after that applies again; each RPC's effect stays bounded (one more view, a vote that counts once
-- per user, a subscription absorbed as a repeat).
-- The table is in private: only the security definer RPCs (running as the owner) touch it.

create table private.idempotency_keys (
  key uuid primary key,
  user_id uuid,
  fn text not null,
  result jsonb,
  created_at timestamptz not null default now()
);

create index idempotency_keys_created_at_idx on private.idempotency_keys (created_at);

revoke all on table private.idempotency_keys from public, anon, authenticated, service_role;

create function private.idempotency_claim(p_key uuid, p_fn text)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_row private.idempotency_keys;
begin
  insert into private.idempotency_keys (key, user_id, fn) values (p_key, auth.uid(), p_fn)
  on conflict (key) do nothing;
  if found then
    return null;
  end if;
  select * into v_row from private.idempotency_keys k where k.key = p_key;
  if v_row.fn is distinct from p_fn or v_row.user_id is distinct from auth.uid() then
    raise exception 'Idempotency key already used' using errcode = '22023',
      hint = 'Send a new key with each new call.';
  end if;
  return v_row.result;
end
$$;

create function private.idempotency_record(p_key uuid, p_result jsonb)
returns void
language sql
volatile
set search_path = ''
as $$
  update private.idempotency_keys set result = p_result where key = p_key;
$$;

create function private.purge_idempotency_keys(p_older_than interval default interval '30 days')
returns integer
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_count integer;
begin
  delete from private.idempotency_keys k where k.created_at < now() - p_older_than;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

revoke all on function private.idempotency_claim(uuid, text), private.idempotency_record(uuid, jsonb),
  private.purge_idempotency_keys(interval) from public, anon, authenticated, service_role;
