import type { QueryResult, RequestTxOptions, StatementOptions } from '../contracts.ts';
import { quoteLiteral } from '../literal.ts';

/** A driver result (PGlite `Results` or node-postgres `QueryResult`) in the contract's shape. */
export function normalize(r: {
  rows: unknown[];
  fields?: { name: string; dataTypeID: number }[];
  affectedRows?: number;
  rowCount?: number | null;
  command?: string;
}): QueryResult {
  const affected = r.affectedRows ?? (r.command === 'SELECT' ? undefined : (r.rowCount ?? undefined));
  return {
    rows: r.rows as Record<string, unknown>[],
    fields: (r.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    ...(affected === undefined ? {} : { affectedRows: affected }),
  };
}

/** `begin [read only]; select set_config(...)` as one multi-statement text. */
export function beginSql(options: RequestTxOptions): string {
  const begin = options.readOnly ? 'begin read only' : 'begin';
  const entries = Object.entries(options.settings ?? {});
  if (entries.length === 0) return begin;
  const sets = entries.map(([k, v]) => `set_config(${quoteLiteral(k)}, ${quoteLiteral(v)}, true)`);
  return `${begin}; select ${sets.join(', ')}`;
}

/**
 * A whole one-statement request transaction as one text (one round trip): begin, settings, the
 * statement, then commit or rollback. `pick` returns the statement's result. Postgres cannot hold
 * a text to one statement as it holds a prepared one, so values must be literals from
 * `quoteLiteral`; a builder bug that yields more statements is reported rather than answered.
 */
export function statementText(options: StatementOptions, sql: string): { text: string; pick: (results: QueryResult[]) => QueryResult } {
  const begin = beginSql(options);
  const text = `${begin}; ${sql}; ${options.rollback ? 'rollback' : 'commit'}`;
  const expected = (Object.keys(options.settings ?? {}).length > 0 ? 2 : 1) + 2;
  return {
    text,
    pick: (results) => {
      const result = results[expected - 2];
      if (results.length !== expected || !result) throw new Error(`A request statement ran ${results.length - expected + 1} statements`);
      return result;
    },
  };
}

/**
 * Type OIDs whose JS value must be the same on both engines: node-postgres returns int8 and numeric
 * as strings (no precision loss) and `date` should not become a local-midnight Date.
 */
export const TEXT_TYPES = { int8: 20, numeric: 1700, date: 1082 } as const;

/** A promise-chain mutex: PGlite has one connection, so transactions must not interleave. */
export class Mutex {
  #tail: Promise<unknown> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(fn, fn);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}

/** A Supabase project's default search_path for the `postgres` role (extensions live apart). */
export const SEARCH_PATH = '"$user",public,extensions';

/**
 * Every connection's settings, as the Supabase CLI's Postgres has them: the search_path above and
 * its small `effective_cache_size` (both settable by any role).
 */
export const SESSION_SETTINGS: [string, string][] = [['search_path', SEARCH_PATH], ['effective_cache_size', '128MB']];

/**
 * Server settings of the CLI's Postgres, which a PostgreSQL server takes from its own configuration
 * (the test cluster sets them) and the embedded PGlite gets here: query identifiers, computed there
 * because pg_stat_statements is loaded, so `EXPLAIN (VERBOSE)` shows a "Query Identifier".
 */
export const SERVER_SETTINGS: [string, string][] = [['compute_query_id', 'on']];
