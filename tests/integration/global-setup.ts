/**
 * Starts one throwaway PostgreSQL 15 cluster for the whole integration run and hands its URL to the
 * tests (`inject('pgUrl')`); each test stack then creates its own database on it. Set
 * TEST_ENGINES=pglite to run without PostgreSQL.
 */
import type { TestProject } from 'vitest/node';
import { startPgCluster } from './support/pg-cluster.ts';
import { enginesUnderTest } from './support/engines.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the run's PostgreSQL cluster, '' when PostgreSQL is not under test. */
    pgUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (!enginesUnderTest().includes('postgres')) {
    project.provide('pgUrl', '');
    return;
  }
  // Durability is irrelevant for a throwaway cluster; this makes DDL-heavy tests much faster.
  const cluster = await startPgCluster({ settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' } });
  project.provide('pgUrl', cluster.url);
  return () => cluster.stop();
}
