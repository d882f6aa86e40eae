/**
 * The database benchmarks' setup: a throwaway PostgreSQL 15 cluster, the local stack over it with
 * the migrations and seed, served on a loopback port, the large data set (generate-large-data.ts)
 * at `scale`, then VACUUM ANALYZE — the steady state of a production table, where autovacuum has
 * run after the bulk load, so the visibility map is set and index-only scans skip the heap.
 * Everything is torn down when `run` settles.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { createStack, type Stack } from '../../supabase/local/server.ts';
import { startPgCluster, type PgCluster } from '../integration/support/pg-cluster.ts';
import { generateLargeData } from './generate-large-data.ts';

export interface LargeDataStack {
  stack: Stack;
  /** The stack's URL (…/rest/v1 below it). */
  base: string;
  /** Direct connections as the cluster's superuser. */
  pool: pg.Pool;
  /** Rows per table, as "orders 100,000, …" for the report's heading. */
  countsLine: string;
}

export async function withLargeDataStack(options: { scale: number; staff: number; poolMax: number }, run: (setup: LargeDataStack) => Promise<void>): Promise<void> {
  let cluster: PgCluster | undefined;
  try {
    cluster = await startPgCluster({ settings: { shared_buffers: '256MB', work_mem: '16MB', fsync: 'off', synchronous_commit: 'off' } });
    console.error('[bench] applying migrations and seed …');
    const stack = await createStack({ databaseUrl: cluster.url, poolSize: 4 });
    const server = createServer((req, res) => stack.handle(req, res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const pool = new pg.Pool({ connectionString: cluster.url, max: options.poolMax });
    try {
      console.error(`[bench] generating large data (scale ${options.scale}) …`);
      const scaled = (n: number) => Math.max(1, Math.round(n * options.scale));
      const gen = await generateLargeData(cluster.url, {
        users: Math.max(options.staff + 10, scaled(10_000)), staff: options.staff, orders: scaled(100_000), transactions: scaled(1_000_000),
        tickets: scaled(100_000), accessLogs: scaled(1_000_000), log: (l) => console.error(`[bench]   ${l}`),
      });
      await pool.query('vacuum analyze');
      await stack.rest.reloadSchema();
      const countsLine = Object.entries(gen.counts).map(([k, n]) => `${k.replace(/^\w+\./, '')} ${n.toLocaleString('en-US')}`).join(', ');
      await run({ stack, base, pool, countsLine });
    } finally {
      await pool.end();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await stack.close();
    }
  } finally {
    cluster?.stop();
  }
}
