/**
 * Benchmark: commit → message latency of Postgres Changes at a subscriber, with 1, 100 and 500
 * subscribed connections (each its own session; half of them own the written rows, the other half
 * are other users whom RLS must keep out), on PostgreSQL 15 and PGlite; the changes/s sustained at
 * 100 subscribers; and an exactly-once account: every owner gets every row once, no one else any.
 * Subscribers run in a forked process; subscriber 0 is supabase-js. Loopback only, bounded.
 *
 *   npx tsx tests/bench/realtime-bench.ts   (BENCH_ENGINES=postgres,pglite BENCH_SIZES=1,100,500 BENCH_ROWS=100 BENCH_GAP_MS=20 BENCH_LAT_SECONDS=30 BENCH_TP_SECONDS=5 BENCH_SESSIONS=own|shared)
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStack, type Stack } from '../../supabase/local/server.ts';
import { startPgCluster, type PgCluster } from '../integration/support/pg-cluster.ts';
import { Fleet } from './realtime-fleet-driver.ts';
import { now } from './realtime-lean.ts';
import { account, percentile } from './realtime-stats.ts';

const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',');
const SIZES = (process.env.BENCH_SIZES ?? '1,100,500').split(',').map(Number);
const ROWS = Number(process.env.BENCH_ROWS ?? 100);
const GAP_MS = Number(process.env.BENCH_GAP_MS ?? 20);
const LAT_SECONDS = Number(process.env.BENCH_LAT_SECONDS ?? 30);
const TP_SECONDS = Number(process.env.BENCH_TP_SECONDS ?? 5);
const TP_MAX_ROWS = 3000;
const SHARED_SESSIONS = process.env.BENCH_SESSIONS === 'shared';
const TP_SUBSCRIBERS = 100;
const TARGETS: Record<number, number> = { 100: 50, 500: 150 };
const OWNER = '00000000-0000-4000-8000-0000000000a0';
const OTHERS = Array.from({ length: 10 }, (_, i) => `00000000-0000-4000-8000-0000000000b${i}`);

const FIXTURE = `
create table public.rt_bench (
  id bigint primary key,
  owner uuid not null,
  body text not null default 'a small row'
);
alter table public.rt_bench enable row level security;
create policy "Owners read their rows" on public.rt_bench for select to authenticated using (owner = (select auth.uid()));
alter publication supabase_realtime add table public.rt_bench;
`;

interface LatencyRow { engine: string; subscribers: number; owners: number; rows: number; openS: number; p50: number; p95: number; p99: number; max: number; lost: number; duplicates: number; leaked: number }
interface ThroughputRow { engine: string; rows: number; writtenPerS: number; changesPerS: number; deliveriesPerS: number; lost: number; duplicates: number; leaked: number }

let nextId = 1;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function serve(stack: Stack): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => stack.handle(req, res));
  server.on('upgrade', (req, socket, head) => {
    if (!stack.upgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * Half the subscribers (subscriber 0 among them) own the rows; the rest are ten other users. Each
 * connection is a session of its own, as real clients are; BENCH_SESSIONS=shared gives each user
 * one token for all its connections, which shows what the per-claims RLS checks cost.
 */
async function tokensFor(stack: Stack, n: number): Promise<{ tokens: string[]; owners: boolean[] }> {
  const owners = Array.from({ length: n }, (_, i) => i % 2 === 0);
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const shared = new Map<string, Promise<string>>();
  const sign = (sub: string) => stack.keys.signAccessToken({ role: 'authenticated', aud: 'authenticated', sub, aal: 'aal1', exp, session_id: crypto.randomUUID() });
  const tokens = await Promise.all(owners.map((own, i) => {
    const sub = own ? OWNER : OTHERS[i % OTHERS.length]!;
    if (!SHARED_SESSIONS) return sign(sub);
    if (!shared.has(sub)) shared.set(sub, sign(sub));
    return shared.get(sub)!;
  }));
  return { tokens, owners };
}

const insert = (stack: Stack, id: number) => stack.db.exec(`insert into public.rt_bench (id, owner) values (${id}, '${OWNER}')`);

/**
 * One row at a time: the next is written once every owner has the last (or after 10 s), so this is
 * the latency of one change fanned out to N subscribers, not of a queue. At most LAT_SECONDS.
 */
async function latencyPhase(engine: string, stack: Stack, n: number, fleet: Fleet, owners: boolean[], openMs: number): Promise<LatencyRow> {
  const offset = await fleet.clockOffset();
  const sent = new Map<number, number>();
  const end = now() + LAT_SECONDS * 1000;
  while (sent.size < ROWS && now() < end) {
    const id = nextId++;
    sent.set(id, now());
    await insert(stack, id);
    await fleet.complete(id, 10_000);
    await sleep(GAP_MS);
  }
  const ownerCount = owners.filter(Boolean).length;
  const a = account(await fleet.collect(sent.size * ownerCount, 30_000), sent, owners, offset);
  const f = (p: number) => percentile(a.latencies, p);
  return { engine, subscribers: n, owners: ownerCount, rows: sent.size, openS: openMs / 1000, p50: f(50), p95: f(95), p99: f(99), max: a.latencies.at(-1) ?? NaN, lost: a.lost, duplicates: a.duplicates, leaked: a.leaked };
}

/** Writers as fast as the database takes them for TP_SECONDS; then every delivery is awaited. */
async function throughputPhase(engine: string, stack: Stack, fleet: Fleet, owners: boolean[]): Promise<ThroughputRow> {
  const offset = await fleet.clockOffset();
  const sent = new Map<number, number>();
  const start = now();
  const end = start + TP_SECONDS * 1000;
  const writer = async () => {
    while (now() < end && sent.size < TP_MAX_ROWS) {
      const id = nextId++;
      sent.set(id, now());
      await insert(stack, id);
    }
  };
  await Promise.all([writer(), writer(), writer(), writer()]);
  const wrote = now() - start;
  const ownerCount = owners.filter(Boolean).length;
  const a = account(await fleet.collect(sent.size * ownerCount, 60_000), sent, owners, offset);
  const seconds = (a.lastReceipt - start) / 1000;
  return {
    engine, rows: sent.size, writtenPerS: sent.size / (wrote / 1000), changesPerS: sent.size / seconds,
    deliveriesPerS: a.latencies.length / seconds, lost: a.lost, duplicates: a.duplicates, leaked: a.leaked,
  };
}

async function benchEngine(engine: string, latency: LatencyRow[], throughput: ThroughputRow[]): Promise<void> {
  let cluster: PgCluster | undefined;
  if (engine === 'postgres') cluster = await startPgCluster({ settings: { max_connections: 200, shared_buffers: '128MB' } });
  // Hundreds of subscribers from one address, joining at once: this bench measures fan-out, not
  // the per-address quotas (realtime-attack-bench.ts does), so they are lifted here.
  const realtime = { max_concurrent_users: 10_000, max_concurrent_users_per_ip: 10_000, max_joins_per_second: 10_000, max_joins_per_second_per_ip: 10_000 };
  const stack = await createStack({ ...(cluster ? { databaseUrl: cluster.url } : { inMemory: true }), configOverrides: { realtime } });
  const { server, url } = await serve(stack);
  try {
    await stack.db.exec(FIXTURE);
    await stack.rest.reloadSchema();
    for (const n of SIZES) {
      const { tokens, owners } = await tokensFor(stack, n);
      const fleet = new Fleet();
      try {
        console.error(`[bench] ${engine}: ${n} subscribers …`);
        const openMs = await fleet.open(url, stack.keys.anonKey, 'rt_bench', tokens, owners.filter(Boolean).length);
        latency.push(await latencyPhase(engine, stack, n, fleet, owners, openMs));
        if (n === TP_SUBSCRIBERS) {
          console.error(`[bench] ${engine}: throughput at ${n} subscribers …`);
          throughput.push(await throughputPhase(engine, stack, fleet, owners));
        }
        if (fleet.problems.length) console.error(`[bench] ${engine} ${n}: ${fleet.problems.length} problems, e.g. ${fleet.problems.slice(0, 3).join('; ')}`);
      } finally {
        await fleet.close();
      }
    }
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await stack.close();
    cluster?.stop();
  }
}

function report(latency: LatencyRow[], throughput: ThroughputRow[]): boolean {
  const f = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');
  let ok = true;
  console.log(`\nPostgres Changes, INSERT → message at each subscriber that may see it (RLS); one row at a time, the next ${GAP_MS} ms after every owner got the last (≤ ${ROWS} rows, ≤ ${LAT_SECONDS} s; ${SHARED_SESSIONS ? 'one session per user' : 'one session per connection'}; loopback)\n`);
  console.log('| engine | subscribers | owners | subscribed in s | rows | p50 ms | p95 ms | p99 ms | max ms | missing | duplicated | to non-owners | target |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of latency) {
    const target = TARGETS[r.subscribers];
    const met = r.engine !== 'postgres' || target === undefined ? '' : r.p95 <= target ? `p95 ≤ ${target}: met` : `p95 ≤ ${target}: MISSED`;
    if (met.endsWith('MISSED') || r.lost || r.duplicates || r.leaked) ok = false;
    console.log(`| ${r.engine} | ${r.subscribers} | ${r.owners} | ${f(r.openS)} | ${r.rows} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} | ${f(r.max)} | ${r.lost} | ${r.duplicates} | ${r.leaked} | ${met} |`);
  }
  console.log(`\nSustained throughput at ${TP_SUBSCRIBERS} subscribers (4 writers for ${TP_SECONDS} s, at most ${TP_MAX_ROWS} rows; until the last delivery, waiting ≤ 60 s)\n`);
  console.log('| engine | rows | written/s | changes/s delivered | messages/s | missing after the wait | duplicated | to non-owners |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of throughput) {
    if (r.lost || r.duplicates || r.leaked) ok = false;
    console.log(`| ${r.engine} | ${r.rows} | ${r.writtenPerS.toFixed(0)} | ${r.changesPerS.toFixed(0)} | ${r.deliveriesPerS.toFixed(0)} | ${r.lost} | ${r.duplicates} | ${r.leaked} |`);
  }
  console.log(`\n${ok ? 'Targets met; every owner got every row exactly once, no one else any.' : 'Targets MISSED, or rows missing/duplicated/leaked (see above).'}`);
  return ok;
}

async function main() {
  const latency: LatencyRow[] = [];
  const throughput: ThroughputRow[] = [];
  for (const engine of ENGINES) await benchEngine(engine, latency, throughput);
  process.exit(report(latency, throughput) ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
