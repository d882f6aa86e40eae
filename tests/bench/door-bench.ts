/**
 * Benchmark: tap to "Opening…" with 100 simulated garage units heartbeating. Each sample is what
 * the app waits for after a tap: command_door over REST, the unit hearing it over Realtime,
 * acknowledging it (unit_ack_command) and reporting 'opening' (unit_report_door), and that device
 * row's change reaching the owner's client over Realtime (the path of the app's live replication).
 * The units are simulator/unit.ts, each signed in with its own credential; the door takes its real
 * 12 s, so every sample opens a different door. Budget: p95 ≤ 300 ms. Loopback only, bounded.
 *
 *   npx tsx tests/bench/door-bench.ts   (BENCH_ENGINES=pglite,postgres BENCH_UNITS=100 BENCH_SAMPLES=60)
 *
 * The stack allows 1,000 sign-ins per 5 minutes and 500 Realtime connections per address here: a
 * real fleet connects from as many addresses as it has units, and the per-address limits are not
 * what this measures.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { createStack } from '../../supabase/local/server.ts';
import { nodeClient, SimulatedUnit } from '../../simulator/unit.ts';
import { startPgCluster, type PgCluster } from '../integration/support/pg-cluster.ts';

const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const UNITS = Number(process.env.BENCH_UNITS ?? 100);
const SAMPLES = Math.min(Number(process.env.BENCH_SAMPLES ?? 60), UNITS);
const BUDGET_P95_MS = 300;
const OWNERS = 10;
const PASSWORD = 'bench-password-1';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function run(engine: string): Promise<{ engine: string; p50: number; p95: number; max: number; samples: number }> {
  let cluster: PgCluster | undefined;
  if (engine === 'postgres') cluster = await startPgCluster({ settings: { max_connections: 200 } });
  const stack = await createStack({
    ...(cluster ? { databaseUrl: cluster.url } : { inMemory: true }),
    configOverrides: {
      auth: { rate_limit: { sign_in_sign_ups: 1000 } },
      realtime: { max_concurrent_users: 500, max_concurrent_users_per_ip: 500, max_joins_per_second: 500, max_joins_per_second_per_ip: 500 },
    },
    log: () => {},
  });
  const server = createServer((req, res) => stack.handle(req, res));
  server.on('upgrade', (req, socket, head) => {
    if (!stack.upgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stack.setPublicUrl(url);
  const units: SimulatedUnit[] = [];
  try {
    const admin = nodeClient(url, stack.keys.serviceRoleKey, false);
    const owners: { id: string; email: string }[] = [];
    for (let i = 0; i < OWNERS; i++) {
      const email = `door-bench-${randomUUID().slice(0, 8)}@example.com`;
      const { data, error } = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
      if (error) throw error;
      owners.push({ id: data.user.id, email });
    }
    const devices = Array.from({ length: UNITS }, (_, i) => ({ id: randomUUID(), user_id: owners[i % OWNERS]!.id, name: `Door ${i + 1}`, device_type: 'indoor_unit' }));
    const inserted = await admin.from('devices').insert(devices);
    if (inserted.error) throw inserted.error;

    const started = Date.now();
    for (const device of devices) {
      const { data, error } = await admin.rpc('pair_unit', { p_device_id: device.id });
      if (error) throw error;
      // Heartbeats spread over the real 30 s period, as a fleet's would be.
      const unit = new SimulatedUnit({ url, anonKey: stack.keys.anonKey, credential: data, kind: 'indoor_unit', timing: { heartbeatMs: 25_000 + Math.random() * 10_000 } });
      units.push(unit);
    }
    for (let i = 0; i < units.length; i += 10) await Promise.all(units.slice(i, i + 10).map((u) => u.start()));
    console.log(`[${engine}] ${units.length} units paired and online in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // The owners' apps: signed in, each listening to its own devices' changes.
    const apps = await Promise.all(owners.map(async (owner) => {
      const client = nodeClient(url, stack.keys.anonKey, false);
      const { error } = await client.auth.signInWithPassword({ email: owner.email, password: PASSWORD });
      if (error) throw error;
      const opening = new Map<string, () => void>();
      await new Promise<void>((resolve, reject) => {
        client.channel(`bench-${owner.id}`)
          .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'devices', filter: `user_id=eq.${owner.id}` }, (payload) => {
            const row = payload.new as { id: string; door_state: string };
            if (row.door_state === 'opening') opening.get(row.id)?.();
          })
          .subscribe((status, err) => (status === 'SUBSCRIBED' ? resolve() : status === 'CHANNEL_ERROR' || status === 'TIMED_OUT' ? reject(err ?? new Error(status)) : undefined));
      });
      return { owner, client, opening };
    }));

    const samples: number[] = [];
    for (const device of devices.slice(0, SAMPLES)) {
      const app = apps.find((a) => a.owner.id === device.user_id)!;
      const t0 = performance.now();
      const seen = new Promise<void>((resolve, reject) => {
        app.opening.set(device.id, resolve);
        setTimeout(() => reject(new Error(`no 'opening' for ${device.name} within 10 s`)), 10_000);
      });
      const { error } = await app.client.rpc('command_door', { p_device_id: device.id, p_action: 'open' });
      if (error) throw error;
      await seen;
      samples.push(performance.now() - t0);
      app.opening.delete(device.id);
      await sleep(50 + Math.random() * 100);
    }
    samples.sort((a, b) => a - b);
    await Promise.all(apps.map((a) => a.client.removeAllChannels()));
    return { engine, p50: percentile(samples, 50), p95: percentile(samples, 95), max: samples.at(-1)!, samples: samples.length };
  } finally {
    await Promise.all(units.map((u) => u.stop(false)));
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await stack.close();
    cluster?.stop();
  }
}

const rows = [];
for (const engine of ENGINES) rows.push(await run(engine));
console.table(rows.map((r) => ({ engine: r.engine, units: UNITS, samples: r.samples, 'p50 ms': r.p50.toFixed(0), 'p95 ms': r.p95.toFixed(0), 'max ms': r.max.toFixed(0) })));
const missed = rows.filter((r) => r.p95 > BUDGET_P95_MS);
if (missed.length > 0) {
  console.log(`Budget missed (p95 ≤ ${BUDGET_P95_MS} ms): ${missed.map((r) => r.engine).join(', ')}`);
  process.exit(1);
}
console.log(`Budget met: tap to "Opening…" p95 ≤ ${BUDGET_P95_MS} ms on ${rows.map((r) => r.engine).join(' and ')}`);
process.exit(0);
