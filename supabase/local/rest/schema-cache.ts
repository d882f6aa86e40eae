import type { Db } from '../contracts.ts';
import { introspect, type RawCache } from './schema-query.ts';

export interface Column {
  name: string;
  type: string;
  typname: string;
  typtype: string;
  nullable: boolean;
  default: string | null;
  identity: string;
  generated: string;
  description: string | null;
  enum: string[] | null;
}

export interface Relation {
  oid: number;
  schema: string;
  name: string;
  /** pg_class.relkind: r table, v view, m materialized view, f foreign, p partitioned. */
  kind: string;
  description: string | null;
  columns: Column[];
  columnMap: Map<string, Column>;
  pk: string[];
  uniques: string[][];
  /** Functions taking this relation's row (PostgREST computed fields): `select=full_name`. */
  computed: Set<string>;
}

export interface ForeignKey {
  name: string;
  from: Relation;
  fromCols: string[];
  to: Relation;
  toCols: string[];
  /** One-to-one: the key's columns are unique in `from` (a view's key inherits its table's). */
  o2o: boolean;
}

/**
 * A function of one table's row returning rows of a table (PostgREST's computed relationship):
 * `f(books) returns setof authors` embeds as `books?select=*,f(*)`. Embedded through the
 * function's name in the parent's schema; a name equal to a table's replaces the foreign-key
 * relationships between the two.
 */
export interface ComputedRel {
  schema: string;
  name: string;
  from: Relation;
  to: Relation;
  toOne: boolean;
}

export interface RoutineParam {
  name: string;
  type: string;
  hasDefault: boolean;
  /** `VARIADIC v text[]`: called as `VARIADIC v := …`, with every value of a repeated `?v=`. */
  variadic: boolean;
}

export interface Routine {
  schema: string;
  name: string;
  volatility: 'v' | 's' | 'i';
  returnsSet: boolean;
  returnType: string;
  kind: 'void' | 'scalar' | 'composite';
  /** The table or view whose row type the function returns (enables embedding on its result). */
  returnRel?: Relation;
  /** The result's column names (a scalar's is the function's own name). */
  columns: string[];
  params: RoutineParam[];
  description: string | null;
}

/** PostgREST's schema cache: what the exposed schemas hold, read once and on reload. */
export class SchemaCache {
  relations = new Map<string, Relation>();
  fks: ForeignKey[] = [];
  computedRels: ComputedRel[] = [];
  routines = new Map<string, Routine[]>();
  /** Roles a request may switch to (members of `authenticator`, as PostgREST can only become those). */
  roles = new Set<string>();
  allRoles = new Set<string>();
  /**
   * Per request role, the settings its transaction gets: authenticator's (what a PostgREST session
   * has from its login), overridden by the role's own. So service_role, which has no timeout of its
   * own on a hosted project, runs under authenticator's.
   */
  roleSettings = new Map<string, Record<string, string>>();
  loadedAt = 0;

  /** `extraSearchPath`: where views a view reads from are followed to their tables (PostgREST's `db-extra-search-path`). */
  constructor(readonly schemas: string[], readonly extraSearchPath: string[] = []) {}

  static key(schema: string, name: string): string {
    return `${schema}\u0000${name}`;
  }

  relation(schema: string, name: string): Relation | undefined {
    return this.relations.get(SchemaCache.key(schema, name));
  }

  routinesNamed(schema: string, name: string): Routine[] {
    return this.routines.get(SchemaCache.key(schema, name)) ?? [];
  }

  async load(db: Db): Promise<void> {
    const params = [this.schemas, this.extraSearchPath];
    let result;
    try {
      result = await db.query<{ cache: string }>(introspect(true), params);
    } catch (e) {
      // Views' rules are read as PostgREST reads them, by turning their node trees into JSON; a
      // rule that does not turn (a Postgres release PostgREST 12 did not know) costs the views
      // their relationships, not the API.
      console.warn('[rest] could not read the views\' key columns; views have no relationships:', e instanceof Error ? e.message : e);
      result = await db.query<{ cache: string }>(introspect(false), params);
    }
    const raw = JSON.parse(result.rows[0]?.cache ?? '{}') as RawCache;
    const byOid = new Map<number, Relation>();
    const relations = new Map<string, Relation>();
    for (const r of raw.relations ?? []) {
      const rel: Relation = { ...r, columns: [], columnMap: new Map(), pk: [], uniques: [], computed: new Set() };
      byOid.set(r.oid, rel);
      relations.set(SchemaCache.key(r.schema, r.name), rel);
    }
    for (const { rel: oid, ...col } of raw.columns ?? []) {
      const rel = byOid.get(oid);
      if (!rel) continue;
      rel.columns.push(col);
      rel.columnMap.set(col.name, col);
    }
    // Tables outside the exposed schemas that views show: never served, but their keys relate views.
    for (const r of raw.base_rels ?? []) {
      byOid.set(r.oid, { ...r, description: null, columns: [], columnMap: new Map(), pk: [], uniques: [], computed: new Set() });
    }
    for (const k of raw.keys ?? []) {
      const rel = byOid.get(k.rel);
      if (!rel) continue;
      if (k.primary) rel.pk = k.cols;
      rel.uniques.push(k.cols);
    }
    const tableFks: ForeignKey[] = [];
    for (const f of raw.fks ?? []) {
      const from = byOid.get(f.rel);
      const to = byOid.get(f.frel);
      if (from && to) tableFks.push({ name: f.name, from, fromCols: f.cols, to, toCols: f.fcols, o2o: isUnique(from, f.cols) });
    }
    const viewKeys = (raw.view_keys ?? []).flatMap((k) => {
      const view = byOid.get(k.view);
      const rel = byOid.get(k.rel);
      return view && rel ? [{ view, rel, name: k.name, type: k.type, cols: k.cols }] : [];
    });
    addViewPrimaryKeys(viewKeys);
    const fks = [...tableFks, ...viewForeignKeys(tableFks, viewKeys)];
    const routines = new Map<string, Routine[]>();
    const computedRels: ComputedRel[] = [];
    for (const p of raw.routines ?? []) {
      // Before the callable check: `f(books)` (an unnamed parameter) is a relationship, not an RPC.
      const relFrom = p.row_arg_relid ? byOid.get(p.row_arg_relid) : undefined;
      const relTo = p.ret_relid ? byOid.get(p.ret_relid) : undefined;
      if (relFrom && relTo) computedRels.push({ schema: p.schema, name: p.name, from: relFrom, to: relTo, toOne: p.single_row });
      const inputs = (p.args ?? []).filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
      const params = inputs.map((a, i) => ({ name: a.name, type: a.type, hasDefault: i >= inputs.length - p.nargdefaults, variadic: a.mode === 'v' }));
      const composite = p.ret_typtype === 'c' || (p.return_type === 'record' && p.has_out);
      const outputs = (p.args ?? []).filter((a) => a.mode === 'o' || a.mode === 'b' || a.mode === 't').map((a) => a.name);
      const routine: Routine = {
        schema: p.schema, name: p.name, volatility: p.volatility, returnsSet: p.returns_set, returnType: p.return_type,
        kind: p.return_type === 'void' ? 'void' : composite ? 'composite' : 'scalar',
        columns: !composite ? [p.name] : p.ret_cols ?? outputs,
        params, description: p.description,
      };
      if (p.self_relid) byOid.get(p.self_relid)?.computed.add(p.name);
      const returnRel = p.ret_relid ? byOid.get(p.ret_relid) : undefined;
      if (returnRel) routine.returnRel = returnRel;
      if (!callable(routine)) continue;
      const key = SchemaCache.key(p.schema, p.name);
      routines.set(key, [...(routines.get(key) ?? []), routine]);
    }
    for (const overloads of routines.values()) overloads.sort(compareOverloads);
    this.relations = relations;
    this.fks = fks;
    this.computedRels = computedRels;
    this.routines = routines;
    this.roles = new Set(raw.roles ?? []);
    this.allRoles = new Set(raw.all_roles ?? []);
    this.roleSettings = mergeRoleSettings(this.roles, raw.role_settings ?? []);
    this.loadedAt = Date.now();
  }
}

const isUnique = (rel: Relation, cols: string[]) => rel.uniques.some((u) => u.length === cols.length && u.every((c) => cols.includes(c)));

/** A view column showing a table's key column (SchemaCache.hs `ViewKeyDependency`). */
interface ViewKey {
  view: Relation;
  rel: Relation;
  name: string;
  type: 'p' | 'f' | 'f_ref';
  /** Per key column in the key's order: the table column, and every view column showing it. */
  cols: [string, string[]][];
}

/**
 * Each way of naming a key's columns in the view (`expandKeyDepCols`): a column shown twice
 * (`id as a, id as b`) gives a relationship through each.
 */
function expandKeyCols(cols: [string, string[]][]): string[][] {
  return cols.reduce<string[][]>((acc, [, names]) => acc.flatMap((prefix) => names.map((n) => [...prefix, n])), [[]]);
}

/**
 * A view's primary key is its table's, under the view's names (`addViewPrimaryKeys`; the first
 * view column of a key column shown twice): upserts, writes' RETURNING and many-to-many
 * junctions use it as they use a table's.
 */
function addViewPrimaryKeys(keys: ViewKey[]): void {
  for (const k of keys) {
    if (k.type === 'p') k.view.pk = k.cols.map(([, names]) => names[0] ?? '');
  }
}

/**
 * The foreign keys of views (SchemaCache.hs `addViewM2OAndO2ORels`): a view showing every column
 * of a table's foreign key references what that table references, a view showing every column
 * the key references is referenced by that table, and two such views reference each other; under
 * the constraint's name, with its cardinality. Their inverses and many-to-many junctions follow
 * from them as from tables' keys.
 */
function viewForeignKeys(fks: ForeignKey[], keys: ViewKey[]): ForeignKey[] {
  const out: ForeignKey[] = [];
  for (const fk of fks) {
    const fromViews = keys.filter((k) => k.rel === fk.from && k.name === fk.name && k.type === 'f')
      .flatMap((k) => expandKeyCols(k.cols).map((cols) => ({ rel: k.view, cols })));
    const toViews = keys.filter((k) => k.rel === fk.to && k.name === fk.name && k.type === 'f_ref')
      .flatMap((k) => expandKeyCols(k.cols).map((cols) => ({ rel: k.view, cols })));
    const add = (from: Relation, fromCols: string[], to: Relation, toCols: string[]) => out.push({ name: fk.name, from, fromCols, to, toCols, o2o: fk.o2o });
    for (const v of fromViews) add(v.rel, v.cols, fk.to, fk.toCols);
    for (const v of toViews) add(fk.from, fk.fromCols, v.rel, v.cols);
    for (const a of fromViews) for (const b of toViews) add(a.rel, a.cols, b.rel, b.cols);
  }
  return out;
}

/**
 * Whether PostgREST's schema cache holds a function at all (SchemaCache.hs `funcsSqlQuery`): not a
 * trigger function, and with no unnamed parameter, or exactly one when the first parameter is
 * bytea, json, jsonb, text or xml (a body it can pass whole). Others are not callable by /rpc
 * (PGRST202), though a function of a row stays a computed field.
 */
function callable(r: Routine): boolean {
  if (r.returnType === 'trigger') return false;
  const unnamed = r.params.filter((p) => p.name === '').length;
  return unnamed === 0 || (unnamed === 1 && ['bytea', 'json', 'jsonb', 'text', 'xml'].includes(r.params[0]?.type ?? ''));
}

/**
 * The order PostgREST keeps overloads in (Routine.hs `instance Ord Routine`), which is the order
 * PGRST203 lists them: fewer parameters first, then by description (none first), then parameter
 * by parameter by name, type, then optional before required.
 */
function compareOverloads(a: Routine, b: Routine): number {
  if (a.params.length !== b.params.length) return a.params.length - b.params.length;
  const text = (x: string | null, y: string | null) => (x === y ? 0 : x === null ? -1 : y === null ? 1 : x < y ? -1 : 1);
  const byDescription = text(a.description, b.description);
  if (byDescription !== 0) return byDescription;
  for (let i = 0; i < a.params.length; i += 1) {
    const p = a.params[i]!;
    const q = b.params[i]!;
    const c = text(p.name, q.name) || text(p.type, q.type) || Number(q.hasDefault) - Number(p.hasDefault);
    if (c !== 0) return c;
  }
  return 0;
}

/** Names a select, filter or order may use on `rel`: its columns and computed fields. */
export function hasField(rel: Relation, name: string): boolean {
  return rel.columnMap.has(name) || rel.computed.has(name);
}

/** A function's result as a relation (columns known by name only), for selects and filters on it. */
export function resultRelation(routine: Routine): Relation {
  if (routine.returnRel) return routine.returnRel;
  const columns = routine.columns.map((name): Column => ({
    name, type: 'unknown', typname: 'unknown', typtype: 'b', nullable: true, default: null, identity: '', generated: '', description: null, enum: null,
  }));
  return {
    oid: 0, schema: routine.schema, name: routine.name, kind: 'f', description: null,
    columns, columnMap: new Map(columns.map((c) => [c.name, c])), pk: [], uniques: [], computed: new Set(),
  };
}

function mergeRoleSettings(roles: Set<string>, rows: { role: string; key: string; value: string }[]): Map<string, Record<string, string>> {
  const own = new Map<string, Record<string, string>>();
  for (const { role, key, value } of rows) own.set(role, { ...own.get(role), [key]: value });
  const base = own.get('authenticator') ?? {};
  const merged = new Map<string, Record<string, string>>();
  for (const role of roles) merged.set(role, { ...base, ...own.get(role) });
  return merged;
}

/** Similarity for "Perhaps you meant" hints (PostgREST uses a fuzzy set with a 0.75 minimum score). */
export function closest(name: string, candidates: Iterable<string>, minScore = 0.75): string | undefined {
  let best: string | undefined;
  let bestScore = minScore;
  for (const c of candidates) {
    const score = 1 - levenshtein(name.toLowerCase(), c.toLowerCase()) / Math.max(name.length, c.length, 1);
    if (score >= bestScore && c !== name) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}

function levenshtein(a: string, b: string): number {
  if (a.length > 200 || b.length > 200) return Math.max(a.length, b.length);
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const cur = [i];
    for (let j = 1; j <= b.length; j += 1) {
      cur[j] = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length] ?? 0;
}
