/**
 * Benchmark: what stamping `_modified` in commit order costs (PostgreSQL 15 only). Writers of
 * replicated tables take one advisory lock from their first replicated write to their commit, so
 * they serialise. Measured on public.devices with the migrations as they are ("lock"), then with
 * the lock removed from the same database ("no lock": a plain clock stamp, the statement
 * triggers dropped):
 *   - W connections each updating their own rows, one autocommit statement at a time: updates/s
 *     and p50/p95 latency per update;
 *   - one statement inserting 10,000 rows (a bulk load).
 * Default durability (fsync and synchronous_commit on): the lock is held through the commit's WAL
 * flush, which is what a hosted database pays. Loopback only.
 *
 *   npx tsx tests/bench/replication-lock-bench.ts     (BENCH_UPDATES=300 updates per writer)
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createStack } from '../../supabase/local/server.ts';
import { startPgCluster, type PgCluster } from '../integration/support/pg-cluster.ts';

const UPDATES = Number(process.env.BENCH_UPDATES ?? 300);
const WRITERS = [1, 4, 8];

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function writers(url: string, user: string, n: number) {
  const conns = await Promise.all(Array.from({ length: n }, async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const id = randomUUID();
    await c.query(`insert into public.devices (id, user_id, name) values ($1, $2, 'bench')`, [id, user]);
    return { c, id };
  }));
  const times: number[] = [];
  const t0 = performance.now();
  await Promise.all(conns.map(async ({ c, id }) => {
    for (let i = 0; i < UPDATES; i++) {
      const s = performance.now();
      await c.query(`update public.devices set name = $2 where id = $1`, [id, `bench ${i}`]);
      times.push(performance.now() - s);
    }
  }));
  const seconds = (performance.now() - t0) / 1000;
  await Promise.all(conns.map(({ c }) => c.end()));
  return { perSecond: Math.round((n * UPDATES) / seconds), p50: pct(times, 0.5), p95: pct(times, 0.95) };
}

async function bulk(url: string, user: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const s = performance.now();
  await c.query(`insert into public.devices (user_id, name) select $1, 'bulk ' || g from generate_series(1, 10000) g`, [user]);
  const ms = performance.now() - s;
  await c.end();
  return ms;
}

async function measure(url: string, user: string, label: string) {
  for (const n of WRITERS) {
    const r = await writers(url, user, n);
    console.log(`${label.padEnd(8)} ${String(n).padStart(2)} writers: ${String(r.perSecond).padStart(6)} updates/s, p50 ${r.p50.toFixed(2)} ms, p95 ${r.p95.toFixed(2)} ms`);
  }
  console.log(`${label.padEnd(8)} bulk insert of 10,000 rows: ${(await bulk(url, user)).toFixed(0)} ms`);
}

async function main() {
  let cluster: PgCluster | undefined;
  try {
    cluster = await startPgCluster();
    console.error('[bench] applying migrations and seed …');
    const stack = await createStack({ databaseUrl: cluster.url, poolSize: 2 });
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    const user = (await admin.query<{ id: string }>(`select user_id as id from public.profiles limit 1`)).rows[0]!.id;
    await measure(cluster.url, user, 'lock');
    await admin.query(`
      create or replace function private.set_modified() returns trigger language plpgsql set search_path = '' as $$
      begin
        if tg_op = 'UPDATE' then new._modified := greatest(clock_timestamp(), old._modified + interval '1 microsecond');
        else new._modified := clock_timestamp(); end if;
        return new;
      end $$;
      drop trigger lock_replication_order on public.devices;`);
    await measure(cluster.url, user, 'no lock');
    await admin.end();
    await stack.close();
  } finally {
    cluster?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
