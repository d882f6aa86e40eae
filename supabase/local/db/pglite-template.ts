import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * initdb is most of PGlite's start-up (≈10 s on a busy 2-core machine, ≈3 s from a snapshot).
 * A new database starts from a snapshot of a freshly initialised one, kept in the temp folder per
 * PGlite version and shared by processes (tests start many fresh databases).
 */
const version = (() => {
  try {
    // package.json is not in the package's exports: find it from the entry point.
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const root = entry.slice(0, entry.lastIndexOf('/dist/'));
    return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
})();
const TEMPLATE = join(tmpdir(), `garage-pglite-initdb-${version}.tar`);

let cached: Blob | undefined;

/** The snapshot, if one exists (undefined: initdb runs, then call saveTemplate). */
export function loadTemplate(): Blob | undefined {
  if (cached) return cached;
  if (!existsSync(TEMPLATE)) return undefined;
  try {
    cached = new Blob([readFileSync(TEMPLATE)]);
    return cached;
  } catch {
    return undefined;
  }
}

/** Snapshots a database that nothing has touched yet (right after initdb). */
export async function saveTemplate(pg: PGlite): Promise<void> {
  if (existsSync(TEMPLATE)) return;
  const dump = await pg.dumpDataDir('none');
  const bytes = new Uint8Array(await dump.arrayBuffer());
  cached = new Blob([bytes]);
  // Write then rename, so a concurrent reader never sees half a file.
  const partial = `${TEMPLATE}.${process.pid}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, TEMPLATE);
}

/** A folder PGlite would have to initdb: missing or empty. */
export function isEmptyDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}
