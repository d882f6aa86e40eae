import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import type { Db, Tx } from '../contracts.ts';
import { lineAt, splitSql } from './split.ts';

/** A SQL file that failed: which file, which line, and what Postgres said. */
export class MigrationError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly pgMessage: string,
    readonly code: string | undefined,
  ) {
    super(`${file}:${line}: ${pgMessage}${code ? ` (SQLSTATE ${code})` : ''}`);
    this.name = 'MigrationError';
  }
}

// The Supabase CLI's file-name rule: <version digits>_<name>.sql; other files are skipped.
const MIGRATION_FILE = /^([0-9]+)_(.*)\.sql$/;

/**
 * Where in the statement the error is. Postgres gives a 1-based character position for parse and
 * analysis errors; many others (a missing referenced table, a constraint) have none, so look for the
 * object the message names, and fall back to the statement's first line of code.
 */
function errorIndex(sql: string, position: number, message: string): number {
  if (Number.isFinite(position) && position > 0) return position - 1;
  const named = /"([^"]+)"/.exec(message)?.[1];
  if (named) {
    const lower = sql.toLowerCase();
    for (const candidate of [named, named.split('.').at(-1)!]) {
      const at = lower.indexOf(candidate.toLowerCase());
      if (at >= 0) return at;
    }
  }
  const code = /^(?:\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)*/.exec(sql)?.[0].length ?? 0;
  return code;
}

/** Runs a file's statements one by one on `tx`, turning a Postgres error into a MigrationError. */
async function runFile(tx: Tx, path: string, text: string): Promise<string[]> {
  const statements = splitSql(text);
  for (const stmt of statements) {
    try {
      await tx.exec(stmt.sql);
    } catch (error) {
      const e = error as { message?: string; code?: string; position?: string | number };
      const message = e.message ?? String(error);
      const index = stmt.offset + errorIndex(stmt.sql, Number(e.position), message);
      throw new MigrationError(relative(process.cwd(), path) || path, lineAt(text, index), message, e.code);
    }
  }
  return statements.map((s) => s.sql);
}

export interface MigrateOptions {
  /** Folder with the platform SQL (applied every start, in name order). */
  platformDir: string;
  /** supabase/migrations */
  migrationsDir: string;
  /** supabase/seed.sql; run only on a fresh database. */
  seedFile: string;
  log?: (line: string) => void;
}

export interface MigrateResult {
  fresh: boolean;
  applied: string[];
  seeded: boolean;
}

function sqlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
}

/** Platform objects, then pending migrations (CLI semantics), then the seed on a fresh database. */
export async function migrate(db: Db, options: MigrateOptions): Promise<MigrateResult> {
  const log = options.log ?? (() => {});
  const probe = await db.query<{ exists: boolean }>(
    "select to_regclass('supabase_migrations.schema_migrations') is not null as exists",
  );
  const fresh = !probe.rows[0]?.exists;

  for (const file of sqlFiles(options.platformDir)) {
    const path = join(options.platformDir, file);
    await db.transaction((tx) => runFile(tx, path, readFileSync(path, 'utf8')));
  }

  // The CLI's history table, created the way `supabase db push` creates it.
  await db.exec(`create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (version text not null primary key);
    alter table supabase_migrations.schema_migrations add column if not exists statements text[];
    alter table supabase_migrations.schema_migrations add column if not exists name text;
    create table if not exists supabase_migrations.seed_files (path text not null primary key, hash text not null);`);

  const done = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
  );
  const applied: string[] = [];
  for (const file of sqlFiles(options.migrationsDir)) {
    const match = MIGRATION_FILE.exec(file);
    if (!match) {
      log(`Skipping migration ${file}... (file name must match pattern "<timestamp>_name.sql")`);
      continue;
    }
    const [, version, name] = match as unknown as [string, string, string];
    if (done.has(version)) continue;
    const path = join(options.migrationsDir, file);
    // Each migration in its own transaction, recorded in the same one: all or nothing.
    await db.transaction(async (tx) => {
      const statements = await runFile(tx, path, readFileSync(path, 'utf8'));
      await tx.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
        version,
        name,
        statements,
      ]);
    });
    log(`Applying migration ${file}...`);
    applied.push(file);
  }

  let seeded = false;
  if (fresh && existsSync(options.seedFile)) {
    const text = readFileSync(options.seedFile, 'utf8');
    const hash = createHash('sha256').update(text).digest('hex');
    await db.transaction(async (tx) => {
      await runFile(tx, options.seedFile, text);
      await tx.query(
        'insert into supabase_migrations.seed_files (path, hash) values ($1, $2) on conflict (path) do update set hash = excluded.hash',
        [`supabase/${basename(options.seedFile)}`, hash],
      );
    });
    log(`Seeding data from ${basename(options.seedFile)}...`);
    seeded = true;
  }
  return { fresh, applied, seeded };
}
