import pg from 'pg';
import type { Db, QueryResult, RequestTxOptions, StatementOptions, Tx } from '../contracts.ts';
import { createCanceller } from './cancel.ts';
import { SESSION_SETTINGS, TEXT_TYPES, beginSql, normalize, statementText } from './common.ts';
import { listenPostgres } from './pg-listen.ts';

// `date` as text on both engines (node-postgres would build a local-midnight Date).
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TEXT_TYPES.date ? (v: string) => v : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

function toResults(r: pg.QueryResult | pg.QueryResult[]): QueryResult[] {
  return (Array.isArray(r) ? r : [r]).map((x) => normalize({ ...x, command: x.command }));
}

/** A real PostgreSQL through a node-postgres pool (size `max`, default 16). */
export async function createPostgresDb(connectionString: string, max = 16): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max, types, options: SESSION_SETTINGS.map(([k, v]) => `-c ${k}=${v}`).join(' ') });
  // An idle client whose backend goes away (server restart, `drop database … with (force)`) makes
  // the pool emit 'error'; without a listener that is an uncaught exception that kills the process.
  // The pool drops that client and a later request simply connects again.
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') console.error('[local-supabase] idle PostgreSQL connection failed:', error.message);
  });
  // Fail fast (bad URL, server down) instead of on the first request.
  const probe = await pool.connect();
  probe.release();
  const canceller = createCanceller(connectionString);

  /** A pool connection for a request, unless its client has already gone. */
  async function connectFor(signal: AbortSignal | undefined): Promise<pg.PoolClient> {
    signal?.throwIfAborted();
    const client = await pool.connect();
    if (signal?.aborted) {
      client.release();
      signal.throwIfAborted();
    }
    return client;
  }
  const pidOf = (client: pg.PoolClient) => (client as unknown as { processID: number | null }).processID;

  const clientTx = (client: pg.PoolClient): Tx => ({
    query: (async (sql: string, params?: unknown[]) => normalize(await client.query(sql, params))) as Tx['query'],
    // No parameters: node-postgres uses the simple protocol, so several statements go in one trip.
    exec: async (sql) => toResults((await client.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[]),
  });

  async function inTransaction<T>(begin: string, fn: (tx: Tx) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const client = await connectFor(signal);
    const watch = canceller.watch(signal, pidOf(client));
    let broken = false;
    try {
      await client.query(begin);
      try {
        const result = await fn(clientTx(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => { broken = true; });
        throw error;
      }
    } catch (error) {
      // A connection whose state is unknown (failed BEGIN/COMMIT/ROLLBACK) is not reused.
      if ((error as { code?: string }).code === undefined) broken = true;
      throw error;
    } finally {
      const cancelled = await watch.stop();
      client.release(broken || cancelled);
    }
  }

  /** Socket writes dominate the stack's CPU profile: the whole transaction goes as one text. */
  async function inOneTrip(options: StatementOptions, sql: string): Promise<QueryResult> {
    const { text, pick } = statementText(options, sql);
    const client = await connectFor(options.signal);
    const watch = canceller.watch(options.signal, pidOf(client));
    let broken = false;
    try {
      return pick(toResults((await client.query(text)) as unknown as pg.QueryResult | pg.QueryResult[]));
    } catch (error) {
      // A failed statement leaves the explicit transaction aborted; end it before reuse.
      await client.query('rollback').catch(() => { broken = true; });
      if ((error as { code?: string }).code === undefined) broken = true;
      throw error;
    } finally {
      const cancelled = await watch.stop();
      client.release(broken || cancelled);
    }
  }

  return {
    engine: 'postgres',
    query: (async (sql: string, params?: unknown[]) => normalize(await pool.query(sql, params))) as Db['query'],
    exec: async (sql) => toResults((await pool.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[]),
    transaction: (fn) => inTransaction('begin', fn),
    requestTransaction: (options: RequestTxOptions, fn) => inTransaction(beginSql(options), fn, options.signal),
    requestStatement: inOneTrip as Db['requestStatement'],
    listen: (channel, onNotify, onReconnect) => listenPostgres(connectionString, channel, onNotify, onReconnect),
    close: async () => {
      await canceller.close();
      await pool.end();
    },
  };
}
