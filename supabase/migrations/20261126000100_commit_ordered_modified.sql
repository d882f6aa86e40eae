-- `_modified` in commit order. A checkpoint pull (`_modified > ts or (_modified = ts and id > last)`)
-- is only complete if no row can commit later with a smaller stamp than one a client has already
-- pulled. clock_timestamp() alone does not promise that: T1 stamps row A, T2 stamps row B later,
-- T2 commits, a client pulls B and moves its checkpoint past A, T1 commits, and A is never pulled.
--
-- The rule: a transaction takes one transaction-scoped advisory lock before its first stamp and
-- holds it to commit or rollback, so stamps are taken in commit order.
-- Proof: let r (stamp s, transaction Tr) be a row a reader has seen, and q (stamp s' < s,
-- transaction Tq <> Tr) any other stamped row. Both stamps were taken under the lock and Tq's came
-- first, so Tq had finished (the lock is released after the commit is visible to new snapshots)
-- before Tr could take the lock, stamp and commit. The reader's snapshot contains Tr, so it was
-- taken after Tq's commit: q is visible too (or Tq rolled back and q never existed). Equal stamps
-- across transactions cannot happen: between Tq's last stamp and Tr's first lie Tq's commit and a
-- lock hand-over between backends, far more than the microsecond resolution. Within one
-- transaction, rows become visible together. What remains outside the proof is a wall clock
-- stepped backwards (clock_timestamp() follows the system clock; hosts slew it instead).
--
-- Cost: writers of replicated tables serialise from their first replicated write to their commit
-- (the replicated writes are single-row pushes and short RPCs; readers never wait). One key for
-- every replicated table, so these locks cannot deadlock against each other. The lock is also
-- taken by a before-statement trigger, before the statement locks any row: if it were taken only
-- per row, an UPDATE would hold its target row while waiting for the key, and a transaction that
-- holds the key and then updates that row would deadlock with it. set_modified takes it again
-- (re-entrant, a local lock-table increment) so a stamp is never taken without it.
-- The key is hashtextextended('private.set_modified', 0), in both functions.

create or replace function private.set_modified()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtextextended('private.set_modified', 0));
  if tg_op = 'UPDATE' then
    new._modified := greatest(clock_timestamp(), old._modified + interval '1 microsecond');
  else
    new._modified := clock_timestamp();
  end if;
  return new;
end
$$;

create function private.lock_replication_order()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtextextended('private.set_modified', 0));
  return null;
end
$$;

revoke all on function private.set_modified(), private.lock_replication_order()
  from public, anon, authenticated, service_role;

create trigger lock_replication_order before insert or update on public.devices
  for each statement execute function private.lock_replication_order();
create trigger lock_replication_order before insert or update on public.access_permissions
  for each statement execute function private.lock_replication_order();
create trigger lock_replication_order before insert or update on public.orders
  for each statement execute function private.lock_replication_order();
create trigger lock_replication_order before insert or update on public.notifications
  for each statement execute function private.lock_replication_order();
create trigger lock_replication_order before insert or update on public.support_tickets
  for each statement execute function private.lock_replication_order();
create trigger lock_replication_order before insert or update on public.support_messages
  for each statement execute function private.lock_replication_order();
create trigger lock_replication_order before insert or update on public.kb_articles
  for each statement execute function private.lock_replication_order();
