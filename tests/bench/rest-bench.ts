/**
 * Benchmark: a single-row GET through RLS as an authenticated user, on PostgreSQL 15 and PGlite,
 * next to a direct SQL baseline (same query, role and claims, in a transaction) at the same
 * concurrency. Loopback only, bounded in time.
 *
 *   npx tsx tests/bench/rest-bench.ts            (BENCH_SECONDS=10 BENCH_CONNECTIONS=50 BENCH_ENGINES=postgres,pglite)
 */
import { createRequire } from 'node:module';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { Db } from '../../supabase/local/contracts.ts';
import { normalize, statementText } from '../../supabase/local/db/common.ts';
import { createStack, type Stack } from '../../supabase/local/server.ts';
import { startPgCluster, type PgCluster } from '../integration/support/pg-cluster.ts';
import { closedLoop, type Measurement } from './rest-loop.ts';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',');
const ROWS = 10_000;
const USERS = 100;
const ITEM_ID = 4242;

// 10k items spread over 100 users; the RLS policy is the one our migrations use.
const FIXTURE = `
create table public.items (
  id int primary key,
  user_id uuid not null,
  name text not null,
  price numeric(10, 2) not null,
  created_at timestamptz not null default now()
);
create index items_user_id_idx on public.items (user_id);
alter table public.items enable row level security;
create policy "Users can read their own items" on public.items
  for select to authenticated using (user_id = (select auth.uid()));
insert into public.items (id, user_id, name, price)
  select i, ('00000000-0000-4000-8000-' || lpad((i % ${USERS})::text, 12, '0'))::uuid, 'item ' || i, (i % 997) / 10.0
  from generate_series(1, ${ROWS}) i;
analyze public.items;
`;
const OWNER = `00000000-0000-4000-8000-${String(ITEM_ID % USERS).padStart(12, '0')}`;

interface Row extends Measurement {
  engine: string;
  path: string;
}

async function benchRest(stack: Stack, token: string): Promise<Measurement> {
  const server = createServer((req, res) => stack.handle(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rest/v1/items?id=eq.${ITEM_ID}&select=*`;
  const headers = { apikey: stack.keys.anonKey, authorization: `Bearer ${token}`, accept: 'application/json' };
  // Check the request is the one we mean to measure: exactly the owner's row, through RLS.
  const probe = (await (await fetch(url, { headers })).json()) as { id: number }[];
  if (probe.length !== 1 || probe[0]?.id !== ITEM_ID) throw new Error(`unexpected REST answer: ${JSON.stringify(probe).slice(0, 200)}`);
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 }); // warm-up
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  server.closeAllConnections();
  await new Promise((r2) => server.close(r2));
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts };
}

const claimsFor = (sub: string) => JSON.stringify({ sub, role: 'authenticated', aud: 'authenticated', aal: 'aal1' });

/**
 * The same transaction as the REST request, straight through pg: BEGIN, role and claims, SELECT and
 * COMMIT as one text, as the stack sends it, so the ratio is the cost of HTTP and the REST layer.
 */
async function benchDirectPg(url: string): Promise<Measurement> {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  const settings = { role: 'authenticated', 'request.jwt.claims': claimsFor(OWNER) };
  const { text, pick } = statementText({ readOnly: true, settings }, `select * from public.items where id = ${ITEM_ID}`);
  const once = async () => {
    const results = (await pool.query(text)) as unknown as pg.QueryResult[];
    if (pick(results.map(normalize)).rows.length !== 1) throw new Error('direct query did not see the row');
  };
  await closedLoop(once, CONNECTIONS, 2);
  const m = await closedLoop(once, CONNECTIONS, SECONDS);
  await pool.end();
  return m;
}

/** PGlite has no socket: the baseline is the same statement through the stack's Db adapter. */
async function benchDirectDb(db: Db): Promise<Measurement> {
  const settings = { role: 'authenticated', 'request.jwt.claims': claimsFor(OWNER) };
  const once = async () => {
    const r = await db.requestStatement({ readOnly: true, settings }, `select * from public.items where id = ${ITEM_ID}`);
    if (r.rows.length !== 1) throw new Error('direct query did not see the row');
  };
  await closedLoop(once, CONNECTIONS, 2);
  return closedLoop(once, CONNECTIONS, SECONDS);
}

async function main() {
  const rows: Row[] = [];
  let cluster: PgCluster | undefined;
  try {
    for (const engine of ENGINES) {
      let databaseUrl: string | undefined;
      if (engine === 'postgres') {
        cluster = await startPgCluster({ settings: { max_connections: 200, shared_buffers: '128MB' } });
        databaseUrl = cluster.url;
      }
      const stack = await createStack(databaseUrl ? { databaseUrl } : { inMemory: true });
      try {
        await stack.db.exec(FIXTURE);
        await stack.rest.reloadSchema();
        const token = await stack.keys.signAccessToken({
          role: 'authenticated', aud: 'authenticated', sub: OWNER, aal: 'aal1', exp: Math.floor(Date.now() / 1000) + 3600,
        });
        console.error(`[bench] ${engine}: REST …`);
        rows.push({ engine, path: 'GET /rest/v1 (RLS)', ...(await benchRest(stack, token)) });
        console.error(`[bench] ${engine}: direct SQL …`);
        const direct = databaseUrl ? await benchDirectPg(databaseUrl) : await benchDirectDb(stack.db);
        rows.push({ engine, path: databaseUrl ? 'direct SQL via pg' : 'direct SQL via Db adapter', ...direct });
      } finally {
        await stack.close();
      }
    }
  } finally {
    cluster?.stop();
  }
  printTable(rows);
}

function printTable(rows: Row[]) {
  console.log(`\nSingle-row GET through RLS, ${CONNECTIONS} connections, ${SECONDS} s each, ${ROWS} rows (loopback)\n`);
  console.log('| engine | path | req/s | p50 ms | p99 ms | errors | REST/direct |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const direct = rows.find((d) => d.engine === r.engine && d.path.startsWith('direct'));
    const ratio = r.path.startsWith('GET') && direct ? `${((r.rps / direct.rps) * 100).toFixed(0)} %` : '';
    console.log(`| ${r.engine} | ${r.path} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${ratio} |`);
  }
  const pgRest = rows.find((r) => r.engine === 'postgres' && r.path.startsWith('GET'));
  if (pgRest) {
    const ok = pgRest.rps >= 1500 && pgRest.p99 <= 25;
    console.log(`\nTarget on PostgreSQL (≥ 1,500 req/s, p99 ≤ 25 ms): ${ok ? 'met' : 'NOT met'}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
