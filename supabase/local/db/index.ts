import type { Db } from '../contracts.ts';

export { quoteLiteral } from '../literal.ts';

export interface OpenDbOptions {
  /** A PostgreSQL URL: use node-postgres. Otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data folder (ignored with databaseUrl or inMemory). */
  dataDir?: string;
  /** PGlite in memory, nothing persisted (tests). */
  inMemory?: boolean;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

/** Opens the stack's database; the engines are imported lazily so neither loads needlessly. */
export async function openDb(options: OpenDbOptions): Promise<Db> {
  if (options.databaseUrl) {
    const { createPostgresDb } = await import('./postgres.ts');
    return createPostgresDb(options.databaseUrl, options.poolSize);
  }
  const { createPgliteDb } = await import('./pglite.ts');
  return createPgliteDb(options.inMemory ? undefined : options.dataDir);
}
