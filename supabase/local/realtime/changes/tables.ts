/**
 * What a change payload needs to know about a table: its columns (name and `pg_type.typname`, in
 * column order, as Realtime lists them), primary key, row level security, replica identity, and
 * which columns a role may select. Kept between deliveries while the table's catalog rows are
 * unchanged: every read of changes also reads each table's signature (TABLE_SIGNATURE), and a new
 * one drops what was known of it: two round trips fewer per delivery than looking it up each time.
 */
import type { Db } from '../../contracts.ts';
import { literal } from './sql.ts';

export interface Column {
  name: string;
  type: string;
}

export interface TableMeta {
  /** `schema\0table`, as `TableLookup` keys it. */
  key: string;
  oid: number;
  columns: Column[];
  pk: string[];
  rls: boolean;
  /** `replica identity full`: old records carry every column. */
  fullIdentity: boolean;
  /** Column → its type as SQL can name it in a cast (`format_type`), for filter evaluation. */
  sqlTypes: Map<string, string>;
}

/**
 * An SQL expression (over `schema_name` and `table_name` in scope) that changes whenever anything
 * the lookup reads of that table may have: the versions (xmin) of its pg_class row (grants, row
 * level security, replica identity, rename), of its columns' rows (column grants, types, drops),
 * of its primary key, and of role memberships and the set of roles (has_column_privilege follows
 * both). A catalog row rewritten in place (statistics) does not change it, nor does anything read.
 */
export const TABLE_SIGNATURE = `(select concat_ws(':', c.xmin,
     (select string_agg(a.xmin::text, ',' order by a.attnum) from pg_catalog.pg_attribute a where a.attrelid = c.oid and a.attnum > 0),
     (select string_agg(k.xmin::text, ',') from pg_catalog.pg_constraint k where k.conrelid = c.oid and k.contype = 'p'),
     (select string_agg(m.xmin::text, ',') from pg_catalog.pg_auth_members m),
     (select concat(count(*), '/', max(r.oid)) from pg_catalog.pg_roles r))
   from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
   where n.nspname = schema_name and c.relname = table_name)`;

interface Known {
  signature: string | undefined;
  meta?: Promise<TableMeta | null>;
  /** role → the columns it may select */
  selectable: Map<string, Promise<Set<string>>>;
}

export class TableLookup {
  readonly #db: Db;
  readonly #tables = new Map<string, Known>();

  constructor(db: Db) {
    this.#db = db;
  }

  /** Forgets what is known of a table unless it was read under this signature (TABLE_SIGNATURE). */
  renew(schema: string, table: string, signature: string): void {
    const key = `${schema}\0${table}`;
    if (this.#tables.get(key)?.signature !== signature) this.#tables.set(key, { signature, selectable: new Map() });
  }

  table(schema: string, table: string): Promise<TableMeta | null> {
    const key = `${schema}\0${table}`;
    let known = this.#tables.get(key);
    if (!known) this.#tables.set(key, (known = { signature: undefined, selectable: new Map() }));
    if (!known.meta) {
      const meta = this.#loadTable(schema, table);
      known.meta = meta;
      // A failed lookup is not kept: the next delivery asks again.
      meta.catch(() => known.meta === meta && delete known.meta);
    }
    return known.meta;
  }

  /** Columns `role` may SELECT (none when the role does not exist, or the database did not answer). */
  selectable(role: string, meta: TableMeta): Promise<Set<string>> {
    const known = this.#tables.get(meta.key);
    const kept = known?.selectable.get(role);
    if (kept) return kept.catch(() => new Set<string>());
    const loading = this.#loadSelectable(role, meta.oid);
    known?.selectable.set(role, loading);
    // Kept only when answered: a database that failed to answer is asked again next time.
    loading.catch(() => known?.selectable.get(role) === loading && known.selectable.delete(role));
    return loading.catch(() => new Set<string>());
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
      key: `${schema}\0${table}`,
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
    } catch (error) {
      // An unknown role (42704) may select nothing; any other failure is not an answer.
      if ((error as { code?: string }).code === '42704') return new Set();
      throw error;
    }
  }
}
