-- Hourly totals of the ledger, kept exact by triggers, so a report over a long period adds up a
-- few thousand rows instead of reading every transaction (a year is about 700,000 rows at
-- production size: tests/bench/admin-bench.ts). One row per UTC hour and transaction type: the sum
-- of the amounts and the number of transactions.
--
-- Statement-level triggers with transition tables apply each insert, update or delete in the same
-- transaction (a bulk load costs one grouped upsert per statement, not one per row); truncate
-- empties the totals. They fire always, also with session_replication_role = replica (bulk loads,
-- logical replicas), so the totals never drift from the table. The table lives in private (not
-- exposed through the API); only financial_summary() reads it. The trigger function is security
-- definer because the admins who write the ledger have no rights on private tables; it only applies
-- the statement's own rows.

create table private.financial_hourly (
  hour timestamptz not null,
  transaction_type public.transaction_type not null,
  amount numeric not null,
  transactions bigint not null,
  primary key (hour, transaction_type)
);

revoke all on table private.financial_hourly from public, anon, authenticated, service_role;

create function private.financial_hourly_apply()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from private.financial_hourly;
    return null;
  end if;
  -- Transition tables exist only for the events that have them, hence one statement per event.
  if tg_op = 'INSERT' then
    insert into private.financial_hourly as h (hour, transaction_type, amount, transactions)
    select date_bin('1 hour', n.processed_at, timestamptz '2000-01-01 00:00:00+00'), n.transaction_type, sum(n.amount), count(*)
    from new_rows n
    group by 1, 2
    on conflict (hour, transaction_type) do update
      set amount = h.amount + excluded.amount, transactions = h.transactions + excluded.transactions;
  elsif tg_op = 'DELETE' then
    insert into private.financial_hourly as h (hour, transaction_type, amount, transactions)
    select date_bin('1 hour', o.processed_at, timestamptz '2000-01-01 00:00:00+00'), o.transaction_type, -sum(o.amount), -count(*)
    from old_rows o
    group by 1, 2
    on conflict (hour, transaction_type) do update
      set amount = h.amount + excluded.amount, transactions = h.transactions + excluded.transactions;
  else
    insert into private.financial_hourly as h (hour, transaction_type, amount, transactions)
    select c.hour, c.transaction_type, sum(c.amount), sum(c.transactions)
    from (
      select date_bin('1 hour', n.processed_at, timestamptz '2000-01-01 00:00:00+00') as hour, n.transaction_type, n.amount, 1 as transactions
      from new_rows n
      union all
      select date_bin('1 hour', o.processed_at, timestamptz '2000-01-01 00:00:00+00'), o.transaction_type, -o.amount, -1
      from old_rows o
    ) c
    group by c.hour, c.transaction_type
    on conflict (hour, transaction_type) do update
      set amount = h.amount + excluded.amount, transactions = h.transactions + excluded.transactions;
  end if;
  if tg_op <> 'INSERT' then
    delete from private.financial_hourly where transactions = 0;
  end if;
  return null;
end
$$;

revoke all on function private.financial_hourly_apply() from public, anon, authenticated, service_role;

create trigger financial_hourly_after_insert
  after insert on public.financial_transactions
  referencing new table as new_rows
  for each statement execute function private.financial_hourly_apply();
create trigger financial_hourly_after_update
  after update on public.financial_transactions
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.financial_hourly_apply();
create trigger financial_hourly_after_delete
  after delete on public.financial_transactions
  referencing old table as old_rows
  for each statement execute function private.financial_hourly_apply();
create trigger financial_hourly_after_truncate
  after truncate on public.financial_transactions
  for each statement execute function private.financial_hourly_apply();

alter table public.financial_transactions enable always trigger financial_hourly_after_insert;
alter table public.financial_transactions enable always trigger financial_hourly_after_update;
alter table public.financial_transactions enable always trigger financial_hourly_after_delete;
alter table public.financial_transactions enable always trigger financial_hourly_after_truncate;

-- The ledger as it is now (no write can slip in between the copy and the triggers).
lock table public.financial_transactions in share row exclusive mode;
insert into private.financial_hourly (hour, transaction_type, amount, transactions)
select date_bin('1 hour', t.processed_at, timestamptz '2000-01-01 00:00:00+00'), t.transaction_type, sum(t.amount), count(*)
from public.financial_transactions t
group by 1, 2;
