/**
 * What a change payload needs to know about a table: its columns (name and `pg_type.typname`, in
 * column order, as Realtime lists them), primary key, row level security, replica identity, and
 * which columns a role may select. Looked up once per batch of changes: fresh enough to follow
 * DDL and grants, cheap enough under a burst of writes.
 */
import type { Db } from '../../contracts.ts';
import { literal } from './sql.ts';

export interface Column {
  name: string;
  type: string;
}

export interface TableMeta {
  oid: number;
  columns: Column[];
  pk: string[];
  rls: boolean;
  /** `replica identity full`: old records carry every column. */
  fullIdentity: boolean;
  /** Column → its type as SQL can name it in a cast (`format_type`), for filter evaluation. */
  sqlTypes: Map<string, string>;
}

export class TableLookup {
  readonly #db: Db;
  readonly #tables = new Map<string, Promise<TableMeta | null>>();
  readonly #selectable = new Map<string, Promise<Set<string>>>();

  constructor(db: Db) {
    this.#db = db;
  }

  table(schema: string, table: string): Promise<TableMeta | null> {
    const key = `${schema}\0${table}`;
    let hit = this.#tables.get(key);
    if (!hit) this.#tables.set(key, (hit = this.#loadTable(schema, table)));
    return hit;
  }

  /** Columns `role` may SELECT (none when the role does not exist). */
  selectable(role: string, meta: TableMeta): Promise<Set<string>> {
    const key = `${role}\0${meta.oid}`;
    let hit = this.#selectable.get(key);
    if (!hit) this.#selectable.set(key, (hit = this.#loadSelectable(role, meta.oid)));
    return hit;
  }

  async #loadTable(schema: string, table: string): Promise<TableMeta | null> {
    const r = await this.#db.query<{ oid: number; rls: boolean; ident: string; columns: (Column & { sql: string })[] | null; pk: string[] | null }>(
      `select c.oid::int as oid, c.relrowsecurity as rls, c.relreplident::text as ident,
         (select json_agg(json_build_object('name', a.attname, 'type', t.typname, 'sql', pg_catalog.format_type(a.atttypid, null)) order by a.attnum)
            from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
           where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
         (select json_agg(a.attname order by a.attnum)
            from pg_catalog.pg_constraint k
            join pg_catalog.pg_attribute a on a.attrelid = k.conrelid and a.attnum = any (k.conkey)
           where k.conrelid = c.oid and k.contype = 'p') as pk
       from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where n.nspname = ${literal(schema)} and c.relname = ${literal(table)}`,
    );
    const row = r.rows[0];
    if (!row) return null;
    const columns = row.columns ?? [];
    return {
      oid: Number(row.oid),
      columns: columns.map((c) => ({ name: c.name, type: c.type })),
      sqlTypes: new Map(columns.map((c) => [c.name, c.sql])),
      pk: row.pk ?? [],
      rls: row.rls,
      fullIdentity: row.ident === 'f',
    };
  }

  async #loadSelectable(role: string, oid: number): Promise<Set<string>> {
    try {
      const r = await this.#db.query<{ name: string }>(
        `select a.attname as name from pg_catalog.pg_attribute a
          where a.attrelid = ${oid} and a.attnum > 0 and not a.attisdropped
            and pg_catalog.has_column_privilege(${literal(role)}, a.attrelid, a.attnum, 'SELECT')`,
      );
      return new Set(r.rows.map((x) => x.name));
    } catch {
      return new Set(); // an unknown role may select nothing
    }
  }
}
