/**
 * Resolves a channel's `postgres_changes` bindings against the `supabase_realtime` publication, as
 * Realtime does when it inserts `realtime.subscription` rows: `*` matches every published schema or
 * table, a binding that matches no published table is refused, and each filter must name a column
 * the subscriber's role may select with a value that casts to the column's type. Errors carry
 * Realtime's texts. A published table still lacking the capture trigger gets it here (for a
 * database where the event trigger could not be installed).
 */
import type { Db } from '../../contracts.ts';
import { describeParams, type BindingParams } from './filters.ts';
import { literal } from './sql.ts';

export const entityKey = (schema: string, table: string) => `${schema}.${table}`;

const unable = (b: BindingParams) =>
  `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${describeParams(b)}]`;
const exception = (b: BindingParams, text: string) =>
  `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [${describeParams(b)}]. Exception: ${text}`;

interface PgError {
  code?: string;
  message?: string;
}
const pgText = (e: unknown) => `ERROR ${(e as PgError).code ?? 'XX000'} ${(e as PgError).message ?? String(e)}`;

interface Published {
  schema: string;
  table: string;
  oid: number;
  captured: boolean;
}

/** The publication as last read, per database: joins within a second share one read. */
const recent = new WeakMap<Db, { at: number; rows: Published[] }>();

export async function resolveBindings(db: Db, role: string, bindings: BindingParams[]): Promise<Set<string>[] | { error: string }> {
  const cached = recent.get(db);
  const fresh = cached && performance.now() - cached.at < 1000 ? cached.rows : undefined;
  // A binding that matches nothing in the cached list reads the publication again (a table just
  // published must not be refused); a `*` binding may miss a table published in the last second.
  const covered = fresh && bindings.every((b) => fresh.some((p) => (b.schema === '*' || p.schema === b.schema) && (b.table === '*' || p.table === b.table)));
  const published = covered ? fresh : await readPublication(db);
  return resolveAgainst(db, role, bindings, published);
}

async function readPublication(db: Db): Promise<Published[]> {
  const rows = (
    await db.query<Published>(
      `select p.schemaname as schema, p.tablename as table, c.oid::int as oid,
         exists (select 1 from pg_catalog.pg_trigger t where t.tgrelid = c.oid and t.tgname = '_realtime_capture') as captured
       from pg_catalog.pg_publication_tables p
       join pg_catalog.pg_namespace n on n.nspname = p.schemaname
       join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
       where p.pubname = 'supabase_realtime'`,
    )
  ).rows;
  if (rows.some((p) => !p.captured)) await db.query('select _realtime.sync_triggers()');
  const marked = rows.map((p) => ({ ...p, captured: true }));
  recent.set(db, { at: performance.now(), rows: marked });
  return marked;
}

async function resolveAgainst(db: Db, role: string, bindings: BindingParams[], published: Published[]): Promise<Set<string>[] | { error: string }> {
  const matches = bindings.map((b) => published.filter((p) => (b.schema === '*' || p.schema === b.schema) && (b.table === '*' || p.table === b.table)));
  // A join with many filtered bindings checks them all in a few statements; only when that finds
  // a problem does the binding-by-binding check below name it, with Realtime's text.
  if (matches.every((m) => m.length > 0) && (await allFiltersValid(db, role, bindings, matches))) {
    return matches.map((m) => new Set(m.map((p) => entityKey(p.schema, p.table))));
  }
  const out: Set<string>[] = [];
  for (const [i, b] of bindings.entries()) {
    const matched = matches[i]!;
    if (matched.length === 0) return { error: unable(b) };
    for (const entity of matched) {
      const problem = await checkFilters(db, role, entity.oid, b);
      if (problem) return { error: exception(b, problem) };
    }
    out.push(new Set(matched.map((m) => entityKey(m.schema, m.table))));
  }
  return out;
}

interface ColumnInfo {
  name: string;
  type: string;
  ok: boolean;
}

async function columnsOf(db: Db, role: string, oid: number): Promise<ColumnInfo[]> {
  return (
    await db.query<ColumnInfo>(
      `select a.attname as name, format_type(a.atttypid, null) as type,
         pg_catalog.has_column_privilege(${literal(role)}, a.attrelid, a.attnum, 'SELECT') as ok
       from pg_catalog.pg_attribute a where a.attrelid = ${oid} and a.attnum > 0 and not a.attisdropped`,
    )
  ).rows;
}

/** True when every filter names a selectable column and its value casts (one statement for all casts). */
async function allFiltersValid(db: Db, role: string, bindings: BindingParams[], matches: Published[][]): Promise<boolean> {
  const columns = new Map<number, ColumnInfo[]>();
  const exprs: string[] = [];
  try {
    for (const [i, b] of bindings.entries()) {
      if (b.filters.length === 0) continue;
      for (const entity of matches[i]!) {
        if (!columns.has(entity.oid)) columns.set(entity.oid, await columnsOf(db, role, entity.oid));
        for (const f of b.filters) {
          const col = columns.get(entity.oid)!.find((c) => c.name === f.column && c.ok);
          if (!col) return false;
          exprs.push(f.op === 'in' ? `cardinality((${literal(f.value)})::${col.type}[]) <= 100` : `(${literal(f.value)})::${col.type} is not distinct from (${literal(f.value)})::${col.type}`);
        }
      }
    }
    for (let at = 0; at < exprs.length; at += 500) {
      const r = await db.query<{ ok: boolean }>(`select ${exprs.slice(at, at + 500).join(' and ')} as ok`);
      if (r.rows[0]?.ok !== true) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/** Realtime's `subscription_check_filters`, as the error text it would raise (or undefined). */
async function checkFilters(db: Db, role: string, oid: number, b: BindingParams): Promise<string | undefined> {
  if (b.filters.length === 0) return undefined;
  let columns: ColumnInfo[];
  try {
    columns = await columnsOf(db, role, oid);
  } catch (error) {
    return pgText(error);
  }
  for (const f of b.filters) {
    const col = columns.find((c) => c.name === f.column && c.ok);
    if (!col) return `ERROR P0001 (raise_exception) invalid column for filter ${f.column}`;
    try {
      if (f.op === 'in') {
        const r = await db.query<{ n: number | null }>(`select cardinality((${literal(f.value)})::${col.type}[]) as n`);
        if ((r.rows[0]?.n ?? 0) > 100) return 'ERROR P0001 (raise_exception) too many values for `in` filter. Maximum 100';
      } else await db.query(`select (${literal(f.value)})::${col.type}`);
    } catch (error) {
      return pgText(error);
    }
  }
  return undefined;
}
