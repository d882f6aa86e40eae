/**
 * /auth/v1 benchmark: password sign-in latency measured on the server (request in → response
 * finished) against the bcrypt floor (bcrypt.compare at cost 10, timed in the same run), and
 * refresh-token throughput with 20 concurrent sessions, on PGlite and on a throwaway PostgreSQL 15.
 * Run: npx tsx tests/bench/auth-bench.ts   (AUTH_BENCH_ENGINES=pglite to skip PostgreSQL)
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import bcrypt from 'bcryptjs';
import { createStack } from '../../supabase/local/server.ts';
import { startPgCluster } from '../integration/support/pg-cluster.ts';

const SIGN_INS = 40;
const REFRESH_SECONDS = 5;
const REFRESH_WORKERS = 20;
const LIMITS = { auth: { rate_limit: { sign_in_sign_ups: 1e6, token_refresh: 1e6, token_verifications: 1e6, email_sent: 1e6 } } };

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};

async function bcryptFloor(): Promise<number[]> {
  const hash = await bcrypt.hash('bench password 1', 10);
  const out: number[] = [];
  for (let i = 0; i < SIGN_INS; i++) {
    const t0 = performance.now();
    await bcrypt.compare('bench password 1', hash);
    out.push(performance.now() - t0);
  }
  return out;
}

async function run(engine: 'pglite' | 'postgres', databaseUrl?: string) {
  const stack = await createStack({ ...(databaseUrl ? { databaseUrl } : { inMemory: true }), configOverrides: LIMITS });
  const serverTimes = new Map<string, number>();
  const server = createServer((req, res) => {
    const t0 = performance.now();
    res.on('finish', () => serverTimes.set(String(req.headers['x-bench-id']), performance.now() - t0));
    void stack.handle(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/auth/v1`;
  const headers = { apikey: stack.keys.anonKey, 'content-type': 'application/json' };
  const email = `bench-${Date.now()}@example.test`;
  const created = await fetch(`${base}/admin/users`, {
    method: 'POST', headers: { ...headers, authorization: `Bearer ${stack.keys.serviceRoleKey}` },
    body: JSON.stringify({ email, password: 'bench password 1', email_confirm: true }),
  });
  if (!created.ok) throw new Error(`admin create failed: ${created.status} ${await created.text()}`);
  const signIn = async (id: string) => {
    const r = await fetch(`${base}/token?grant_type=password`, {
      method: 'POST', headers: { ...headers, 'x-bench-id': id }, body: JSON.stringify({ email, password: 'bench password 1' }),
    });
    if (!r.ok) throw new Error(`sign-in failed: ${r.status}`);
    return (await r.json()) as { refresh_token: string };
  };
  for (let i = 0; i < 5; i++) await signIn(`warm-${i}`);
  const floor = await bcryptFloor();
  const signInTimes: number[] = [];
  for (let i = 0; i < SIGN_INS; i++) {
    await signIn(`s-${i}`);
    signInTimes.push(serverTimes.get(`s-${i}`)!);
  }
  const tokens = await Promise.all(Array.from({ length: REFRESH_WORKERS }, (_, i) => signIn(`r-${i}`).then((s) => s.refresh_token)));
  let done = 0;
  const until = performance.now() + REFRESH_SECONDS * 1000;
  const t0 = performance.now();
  await Promise.all(tokens.map(async (first) => {
    let token = first;
    while (performance.now() < until) {
      const r = await fetch(`${base}/token?grant_type=refresh_token`, { method: 'POST', headers, body: JSON.stringify({ refresh_token: token }) });
      if (!r.ok) throw new Error(`refresh failed: ${r.status} ${await r.text()}`);
      token = ((await r.json()) as { refresh_token: string }).refresh_token;
      done++;
    }
  }));
  const rps = done / ((performance.now() - t0) / 1000);
  server.close();
  await stack.close();
  return { engine, floorP50: pct(floor, 50), floorP95: pct(floor, 95), p50: pct(signInTimes, 50), p95: pct(signInTimes, 95), rps };
}

const engines = (process.env.AUTH_BENCH_ENGINES ?? 'pglite,postgres').split(',');
const rows = [];
if (engines.includes('pglite')) rows.push(await run('pglite'));
if (engines.includes('postgres')) {
  const cluster = await startPgCluster({ settings: { fsync: 'off', synchronous_commit: 'off' } });
  try {
    rows.push(await run('postgres', cluster.url));
  } finally {
    cluster.stop();
  }
}
const f = (n: number) => n.toFixed(1).padStart(8);
console.log('\n| engine   | bcrypt p50 | bcrypt p95 | sign-in p50 | sign-in p95 | p95 − floor p95 | target ≤ 30 ms | refresh req/s |');
console.log('|----------|-----------:|-----------:|------------:|------------:|----------------:|:--------------:|--------------:|');
for (const r of rows) {
  const over = r.p95 - r.floorP95;
  console.log(`| ${r.engine.padEnd(8)} | ${f(r.floorP50)} ms | ${f(r.floorP95)} ms | ${f(r.p50)} ms | ${f(r.p95)} ms | ${f(over)} ms | ${over <= 30 ? 'met' : 'MISSED'} | ${r.rps.toFixed(0).padStart(13)} |`);
}
console.log(`\n${SIGN_INS} sequential sign-ins (server-side time), ${REFRESH_WORKERS} concurrent refresh chains for ${REFRESH_SECONDS} s.`);
process.exit(0);
