/**
 * Benchmark: the database under production-sized data (PostgreSQL 15 only). Starts a throwaway
 * cluster, applies the migrations and seed through the stack, loads the large data set
 * (generate-large-data.ts: 10k users, 100k orders, 1M ledger rows, 100k tickets, 1M access logs),
 * then times the three reads the brief sets targets for, as PostgREST runs them (role
 * authenticated, request.jwt.claims set, RLS on), median of several runs after warm-up:
 *
 *   select public.mission_control()                    as an admin      ≤ 200 ms
 *   newest 500 access logs                             as an admin      ≤  50 ms
 *   a customer's tickets with category, newest first   as the customer  ≤  20 ms
 *
 * After loading, VACUUM ANALYZE stands in for autovacuum (a production table's steady state).
 * "SQL" is the statement alone inside the request transaction; "REST" is the whole HTTP request
 * through /rest/v1 (for context, no target). Loopback only.
 *
 *   npx tsx tests/bench/db-scale-bench.ts     (BENCH_RUNS=15 BENCH_SCALE=1 — 0.1 loads a tenth)
 */
import pg from 'pg';
import { benchUserId } from './generate-large-data.ts';
import { withLargeDataStack } from './large-data-stack.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const WARMUP = 3;
const STAFF = 25; // generate-large-data's default: users 21..25 are admins

interface Case {
  name: string;
  targetMs: number;
  sub: string;
  sql: string;
  params: unknown[];
  rest: { method: 'GET' | 'POST'; path: string };
  /** Checks the answer is the one we mean to time. */
  check(rows: Record<string, unknown>[]): void;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const claims = (sub: string) => JSON.stringify({ sub, role: 'authenticated', aud: 'authenticated', aal: 'aal1' });

/** The statement alone, inside a transaction set up as PostgREST sets it up. */
async function timeSql(pool: pg.Pool, c: Case): Promise<number[]> {
  const client = await pool.connect();
  const times: number[] = [];
  try {
    for (let i = 0; i < WARMUP + RUNS; i++) {
      await client.query('begin read only');
      await client.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [claims(c.sub)]);
      const t0 = performance.now();
      const r = await client.query(c.sql, c.params);
      const ms = performance.now() - t0;
      await client.query('commit');
      if (i === 0) c.check(r.rows);
      if (i >= WARMUP) times.push(ms);
    }
  } finally {
    client.release();
  }
  return times;
}

async function timeRest(base: string, anonKey: string, token: string, c: Case): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/rest/v1/${c.rest.path}`, {
      method: c.rest.method,
      headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(c.rest.method === 'POST' ? { body: '{}' } : {}),
    });
    await res.arrayBuffer();
    const ms = performance.now() - t0;
    if (!res.ok) throw new Error(`${c.name}: REST answered ${res.status}`);
    if (i >= WARMUP) times.push(ms);
  }
  return times;
}

async function main() {
  await withLargeDataStack({ scale: SCALE, staff: STAFF, poolMax: 2 }, async ({ stack, base, pool, countsLine }) => {
    const admin = benchUserId(STAFF);
    // The customer with the most tickets: the slowest realistic "my tickets" list.
    const top = await pool.query<{ user_id: string; n: number }>(
      'select user_id, count(*)::int as n from public.support_tickets group by user_id order by 2 desc limit 1');
    const customer = top.rows[0]!.user_id;
    const ticketCount = top.rows[0]!.n;

    const cases: Case[] = [
      {
        name: 'mission_control() as admin', targetMs: 200, sub: admin,
        sql: 'select public.mission_control() as r', params: [],
        rest: { method: 'POST', path: 'rpc/mission_control' },
        check: (rows) => { if (!(rows[0]?.r as { alerts?: unknown })?.alerts) throw new Error('mission_control returned no report'); },
      },
      {
        name: 'newest 500 access logs as admin', targetMs: 50, sub: admin,
        sql: 'select * from public.access_logs order by created_at desc limit 500', params: [],
        rest: { method: 'GET', path: 'access_logs?select=*&order=created_at.desc&limit=500' },
        check: (rows) => { if (rows.length !== 500) throw new Error(`access logs: ${rows.length} rows, not 500 (RLS?)`); },
      },
      {
        name: `customer's tickets + category (${ticketCount})`, targetMs: 20, sub: customer,
        sql: `select t.*, json_build_object('name', c.name) as support_categories
              from public.support_tickets t left join public.support_categories c on c.id = t.category_id
              where t.user_id = $1 order by t.created_at desc`,
        params: [customer],
        rest: { method: 'GET', path: `support_tickets?select=*,support_categories(name)&user_id=eq.${customer}&order=created_at.desc` },
        check: (rows) => { if (rows.length !== ticketCount) throw new Error(`tickets: ${rows.length}, expected ${ticketCount}`); },
      },
    ];

    const results: { c: Case; sql: number; rest: number }[] = [];
    for (const c of cases) {
      console.error(`[bench] ${c.name} …`);
      const token = await stack.keys.signAccessToken({ role: 'authenticated', aud: 'authenticated', sub: c.sub, aal: 'aal1', exp: Math.floor(Date.now() / 1000) + 3600 });
      results.push({ c, sql: median(await timeSql(pool, c)), rest: median(await timeRest(base, stack.keys.anonKey, token, c)) });
    }

    console.log(`\nDatabase at scale on PostgreSQL 15 (${countsLine})`);
    console.log(`median of ${RUNS} runs after ${WARMUP} warm-up runs, loopback\n`);
    console.log('| query | SQL median ms | target ms | met | REST median ms |');
    console.log('|---|---:|---:|:---:|---:|');
    for (const r of results) {
      console.log(`| ${r.c.name} | ${r.sql.toFixed(1)} | ${r.c.targetMs} | ${r.sql <= r.c.targetMs ? 'yes' : 'NO'} | ${r.rest.toFixed(1)} |`);
    }
    const missed = results.filter((r) => r.sql > r.c.targetMs);
    console.log(missed.length ? `\n${missed.length} target(s) NOT met` : '\nAll targets met');
    if (missed.length) process.exitCode = 1;
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
