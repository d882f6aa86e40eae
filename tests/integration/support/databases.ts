import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { StackOptions } from '../../../supabase/local/server.ts';
import type { Engine } from './engines.ts';
import { createTestDatabase } from './stack.ts';

/**
 * A new, empty database that survives a stack restart (PGlite in a temp folder, or a new database
 * on the run's cluster): for tests of what happens on the second start.
 */
export async function persistentDatabase(engine: Engine): Promise<{ options: StackOptions; cleanup(): Promise<void> }> {
  if (engine === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'garage-pglite-'));
    return { options: { dataDir }, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const db = await createTestDatabase(inject('pgUrl'));
  return { options: { databaseUrl: db.url, poolSize: 4 }, cleanup: () => db.drop() };
}

/** A temp folder with the given files (migrations, seed). */
export function tempSqlDir(files: Record<string, string>): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'garage-sql-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

