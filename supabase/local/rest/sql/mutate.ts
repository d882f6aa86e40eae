import type { Relation } from '../schema-cache.ts';
import { ident, qualified } from './ident.ts';

/** The value a column gets when a row of a bulk insert lacks it under `Prefer: missing=default`. */
function defaultExpr(rel: Relation, column: string): string {
  const col = rel.columnMap.get(column);
  if (!col) return 'null';
  if (col.default !== null && col.default !== '') return col.default;
  if (col.identity === 'd' || col.identity === 'a') {
    return `nextval(pg_get_serial_sequence(${`'${qualified(rel.schema, rel.name).replaceAll("'", "''")}'`}, '${column.replaceAll("'", "''")}'))`;
  }
  return 'null';
}

export interface InsertSpec {
  rel: Relation;
  columns: string[];
  /** Placeholder of the JSON array of rows. */
  payload: string;
  missingDefault: boolean;
  /** No columns: no ON CONFLICT at all (PostgREST's upsert on a table without a key). */
  onConflict?: { columns: string[]; merge: boolean };
  /**
   * merge-duplicates: count the rows actually inserted in the `pgrst.inserted` setting, as
   * PostgREST does (SqlFragment.hs `addConfigPgrstInserted`): +1 for every row the SELECT feeds
   * the INSERT, -1 for every conflicting row updated instead. Read with `INSERTED_SQL`.
   */
  countInserted?: boolean;
  /** What the statement returns (`returningSql`); undefined for nothing. */
  returning?: string[];
}

/** The rows a merge-duplicates upsert inserted (null: none went through the INSERT at all). */
export const INSERTED_SQL = `nullif(current_setting('pgrst.inserted', true), '')::int`;

const bumpInserted = (by: '+' | '-', never: string) =>
  `set_config('pgrst.inserted', (coalesce(${INSERTED_SQL}, 0) ${by} 1)::text, true) <> '${never}'`;

/**
 * PostgREST's `returningF`: the columns the response needs (`*` for all), or `1` when there are
 * none but the rows are counted. Listing columns rather than `*` lets a role with column-level
 * SELECT grants write and read back the columns it may read.
 */
function returningSql(rel: Relation, columns: string[] | undefined): string {
  if (columns === undefined) return '';
  if (columns.length === 0) return ' returning 1';
  const ref = ident(rel.name);
  return ` returning ${columns.map((c) => (c === '*' ? `${ref}.*` : `${ref}.${ident(c)}`)).join(', ')}`;
}

/**
 * INSERT … SELECT from the JSON payload, as PostgREST builds it: json_populate_recordset converts
 * every value with the column's own type, so no value is ever spliced into the SQL text.
 */
export function insertSql(s: InsertSpec): string {
  const target = qualified(s.rel.schema, s.rel.name);
  const cols = s.columns.map(ident);
  let source: string;
  let values: string[];
  if (s.missingDefault) {
    // Every row's defaults are computed, given or not: PostgREST's statement draws a serial
    // column's next value for each row, so sequences advance as they do there. (The subquery
    // names the row so that it is evaluated once per row, not once for the statement.)
    const defaults = s.columns.map((c) => [c, defaultExpr(s.rel, c)] as const).filter(([, d]) => d !== 'null');
    const named = new Map(defaults.map(([c], i) => [c, `"pgrst_defaults"."d${i}"`]));
    source = `json_array_elements(${s.payload}::json) with ordinality as "pgrst_e"("j", "o") cross join lateral json_populate_record(null::${target}, "pgrst_e"."j") as "pgrst_body"`;
    if (defaults.length) source += ` cross join lateral (select ${defaults.map(([, d], i) => `${d} as "d${i}"`).join(', ')} where "pgrst_e"."o" is not null) as "pgrst_defaults"`;
    values = s.columns.map((c) => `case when "pgrst_e"."j"->${`'${c.replaceAll("'", "''")}'`} is null then ${named.get(c) ?? 'null'} else "pgrst_body".${ident(c)} end`);
  } else {
    source = `json_populate_recordset(null::${target}, ${s.payload}::json) as "pgrst_body"`;
    values = s.columns.map((c) => `"pgrst_body".${ident(c)}`);
  }
  let sql = `insert into ${target}${cols.length ? ` (${cols.join(', ')})` : ''} select ${values.join(', ')} from ${source}`;
  if (s.countInserted) sql += ` where ${bumpInserted('+', '0')}`;
  if (s.onConflict && s.onConflict.columns.length > 0) {
    const target2 = `(${s.onConflict.columns.map(ident).join(', ')})`;
    sql += s.onConflict.merge && cols.length
      ? ` on conflict ${target2} do update set ${cols.map((c) => `${c} = excluded.${c}`).join(', ')}${s.countInserted ? ` where ${bumpInserted('-', '-1')}` : ''}`
      : ` on conflict ${target2} do nothing`;
  }
  return sql + returningSql(s.rel, s.returning);
}

export function updateSql(rel: Relation, columns: string[], payload: string, where: string[], returning?: string[]): string {
  const target = qualified(rel.schema, rel.name);
  const sets = columns.map((c) => `${ident(c)} = "pgrst_body".${ident(c)}`).join(', ');
  return `update ${target} set ${sets} from (select * from json_populate_record(null::${target}, ${payload}::json)) as "pgrst_body"`
    + `${where.length ? ` where ${where.join(' and ')}` : ''}${returningSql(rel, returning)}`;
}

export function deleteSql(rel: Relation, where: string[], returning?: string[]): string {
  return `delete from ${qualified(rel.schema, rel.name)}${where.length ? ` where ${where.join(' and ')}` : ''}${returningSql(rel, returning)}`;
}
