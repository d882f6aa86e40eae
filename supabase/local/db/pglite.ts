import { mkdirSync } from 'node:fs';
import { PGlite, type Extensions } from '@electric-sql/pglite';
import type { Db, QueryResult, RequestTxOptions, StatementOptions, Tx } from '../contracts.ts';
import { lockDataDir } from './pglite-lock.ts';
import { isEmptyDir, loadTemplate, saveTemplate } from './pglite-template.ts';
import { Mutex, SERVER_SETTINGS, SESSION_SETTINGS, TEXT_TYPES, beginSql, normalize, statementText } from './common.ts';

/** Contrib extensions PGlite ships as separate modules; loaded when present. */
async function loadExtensions(): Promise<Extensions> {
  const extensions: Extensions = {};
  try {
    extensions.pgcrypto = (await import('@electric-sql/pglite/contrib/pgcrypto')).pgcrypto;
  } catch { /* not shipped in this PGlite version */ }
  try {
    extensions.uuid_ossp = (await import('@electric-sql/pglite/contrib/uuid_ossp')).uuid_ossp;
  } catch { /* not shipped in this PGlite version */ }
  return extensions;
}

const asText = (value: string) => value;

/** PGlite (embedded Postgres): persisted in `dataDir`, or in memory when `dataDir` is undefined. */
/**
 * PGlite starts with parallel query switched off (one process, no workers to launch); PostgreSQL's
 * defaults instead, as the CLI's Postgres has them. The planner then weighs the plans hosted
 * Postgres weighs, and `EXPLAIN (SETTINGS)` lists no setting of PGlite's own. A parallel plan runs
 * in the one process ("Workers Launched: 0") with the same results.
 */
const PARALLEL_DEFAULTS: [string, string][] = [
  ['max_parallel_workers', '8'],
  ['max_parallel_workers_per_gather', '2'],
  ['max_parallel_maintenance_workers', '2'],
];

export async function createPgliteDb(dataDir?: string): Promise<Db> {
  const fresh = !dataDir || isEmptyDir(dataDir);
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  const template = fresh ? loadTemplate() : undefined;
  const pg = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(template ? { loadDataDir: template } : {}),
    extensions: await loadExtensions(),
    parsers: { [TEXT_TYPES.int8]: asText, [TEXT_TYPES.numeric]: asText, [TEXT_TYPES.date]: asText },
  }).catch((error: unknown) => {
    unlock();
    throw error;
  });
  if (fresh && !template) await saveTemplate(pg).catch(() => undefined);
  const settings = [...SESSION_SETTINGS, ...SERVER_SETTINGS, ...PARALLEL_DEFAULTS];
  await pg.query(`select ${settings.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, false)`).join(', ')}`, settings.flat());
  // One connection: every query and transaction takes its turn, so a request's transaction never
  // sees another request's statements in between.
  const mutex = new Mutex();
  let closed = false;

  const rawQuery = async (sql: string, params?: unknown[]) => normalize(await pg.query(sql, params ?? []));
  const rawExec = async (sql: string): Promise<QueryResult[]> => (await pg.exec(sql)).map(normalize);
  const tx: Tx = {
    query: rawQuery as Tx['query'],
    exec: rawExec,
  };

  // A request whose client went away while it waited for its turn is skipped. One that runs cannot
  // be stopped: PGlite executes a statement synchronously on this thread, so neither a cancel nor
  // a statement_timeout can fire until it ends (the select limits keep requests small instead).
  async function inTransaction<T>(begin: string, fn: (tx: Tx) => Promise<T>, signal?: AbortSignal): Promise<T> {
    return mutex.run(async () => {
      signal?.throwIfAborted();
      await pg.exec(begin);
      try {
        const result = await fn(tx);
        await pg.exec('commit');
        return result;
      } catch (error) {
        await pg.exec('rollback').catch(() => undefined);
        throw error;
      }
    });
  }

  async function inOneTrip(options: StatementOptions, sql: string): Promise<QueryResult> {
    const { text, pick } = statementText(options, sql);
    return mutex.run(async () => {
      options.signal?.throwIfAborted();
      try {
        return pick(await rawExec(text));
      } catch (error) {
        await pg.exec('rollback').catch(() => undefined);
        throw error;
      }
    });
  }

  return {
    engine: 'pglite',
    query: ((sql: string, params?: unknown[]) => mutex.run(() => rawQuery(sql, params))) as Db['query'],
    exec: (sql) => mutex.run(() => rawExec(sql)),
    transaction: (fn) => inTransaction('begin', fn),
    requestTransaction: (options: RequestTxOptions, fn) => inTransaction(beginSql(options), fn, options.signal),
    requestStatement: inOneTrip as Db['requestStatement'],
    // Under the mutex: a LISTEN sent while a request's transaction is open would roll back with it.
    // A listener that throws would take Node down (PGlite calls it bare), so it is contained.
    listen: async (channel, onNotify) => {
      const unlisten = await mutex.run(() =>
        pg.listen(channel, (payload) => {
          try {
            onNotify(payload);
          } catch (error) {
            console.error('[local-supabase] LISTEN handler failed:', error);
          }
        }),
      );
      return () => (closed ? Promise.resolve() : mutex.run(() => unlisten()));
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await mutex.run(() => pg.close());
      unlock();
    },
  };
}
