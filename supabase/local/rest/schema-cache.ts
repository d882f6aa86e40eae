import type { Db } from '../contracts.ts';

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
}

export interface ForeignKey {
  name: string;
  from: Relation;
  fromCols: string[];
  to: Relation;
  toCols: string[];
}

export interface RoutineParam {
  name: string;
  type: string;
  hasDefault: boolean;
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
  params: RoutineParam[];
  description: string | null;
}

interface RawCache {
  relations: { oid: number; schema: string; name: string; kind: string; description: string | null }[] | null;
  columns: (Column & { rel: number })[] | null;
  keys: { rel: number; cols: string[]; primary: boolean }[] | null;
  fks: { name: string; rel: number; frel: number; cols: string[]; fcols: string[] }[] | null;
  routines: {
    schema: string; name: string; volatility: 'v' | 's' | 'i'; returns_set: boolean; return_type: string;
    ret_typtype: string; ret_relid: number; nargdefaults: number; has_out: boolean;
    args: { name: string; type: string; mode: string }[] | null; description: string | null;
  }[] | null;
  roles: string[] | null;
  all_roles: string[] | null;
}

// One round trip, one JSON document: identical on PGlite and node-postgres (no array/oid parsing).
const INTROSPECT = `
with rels as (
  select c.oid, n.nspname as schema, c.relname as name, c.relkind::text as kind, obj_description(c.oid, 'pg_class') as description
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r','v','m','f','p') and n.nspname = any($1::text[])
)
select json_build_object(
  'relations', (select json_agg(json_build_object('oid', oid, 'schema', schema, 'name', name, 'kind', kind, 'description', description)) from rels),
  'columns', (
    select json_agg(json_build_object(
      'rel', a.attrelid, 'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'typname', bt.typname,
      'typtype', t.typtype, 'nullable', not a.attnotnull, 'default', pg_get_expr(d.adbin, d.adrelid),
      'identity', a.attidentity::text, 'generated', a.attgenerated::text, 'description', col_description(a.attrelid, a.attnum),
      'enum', case when bt.typtype = 'e' then (select json_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = bt.oid) end
    ) order by a.attrelid, a.attnum)
    from pg_attribute a join rels r on r.oid = a.attrelid
    join pg_type t on t.oid = a.atttypid
    join pg_type bt on bt.oid = case when t.typtype = 'd' then t.typbasetype else t.oid end
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attnum > 0 and not a.attisdropped
  ),
  'keys', (
    select json_agg(json_build_object('rel', i.indrelid, 'primary', i.indisprimary,
      'cols', (select json_agg(a.attname order by k.o) from unnest(i.indkey::int2[]) with ordinality k(n, o) join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n)))
    from pg_index i join rels r on r.oid = i.indrelid
    where i.indisunique and i.indpred is null and i.indexprs is null
  ),
  'fks', (
    select json_agg(json_build_object('name', con.conname, 'rel', con.conrelid, 'frel', con.confrelid,
      'cols', (select json_agg(a.attname order by k.o) from unnest(con.conkey) with ordinality k(n, o) join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n),
      'fcols', (select json_agg(a.attname order by k.o) from unnest(con.confkey) with ordinality k(n, o) join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n)))
    from pg_constraint con
    where con.contype = 'f' and con.conrelid in (select oid from rels) and con.confrelid in (select oid from rels)
  ),
  'routines', (
    select json_agg(json_build_object(
      'schema', n.nspname, 'name', p.proname, 'volatility', p.provolatile::text, 'returns_set', p.proretset,
      'return_type', format_type(p.prorettype, null), 'ret_typtype', rt.typtype::text, 'ret_relid', rt.typrelid,
      'nargdefaults', p.pronargdefaults, 'has_out', coalesce('o' = any(p.proargmodes::text[]) or 't' = any(p.proargmodes::text[]), false),
      'description', obj_description(p.oid, 'pg_proc'),
      'args', (select json_agg(json_build_object('name', coalesce(p.proargnames[k.o], ''), 'type', format_type(k.t, null),
                 'mode', coalesce(p.proargmodes[k.o]::text, 'i')) order by k.o)
               from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality k(t, o))))
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type rt on rt.oid = p.prorettype
    where n.nspname = any($1::text[]) and p.prokind = 'f'
  ),
  'all_roles', (select json_agg(rolname) from pg_roles),
  'roles', (
    select json_agg(r.rolname) from pg_roles r
    where exists (select 1 from pg_roles a where a.rolname = 'authenticator' and pg_has_role(a.oid, r.oid, 'member'))
       or (not exists (select 1 from pg_roles a where a.rolname = 'authenticator') and r.rolname in ('anon', 'authenticated', 'service_role'))
  )
)::text as cache`;

/** PostgREST's schema cache: what the exposed schemas hold, read once and on reload. */
export class SchemaCache {
  relations = new Map<string, Relation>();
  fks: ForeignKey[] = [];
  routines = new Map<string, Routine[]>();
  /** Roles a request may switch to (members of `authenticator`, as PostgREST can only become those). */
  roles = new Set<string>();
  allRoles = new Set<string>();
  loadedAt = 0;

  constructor(readonly schemas: string[]) {}

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
    const result = await db.query<{ cache: string }>(INTROSPECT, [this.schemas]);
    const raw = JSON.parse(result.rows[0]?.cache ?? '{}') as RawCache;
    const byOid = new Map<number, Relation>();
    const relations = new Map<string, Relation>();
    for (const r of raw.relations ?? []) {
      const rel: Relation = { ...r, columns: [], columnMap: new Map(), pk: [], uniques: [] };
      byOid.set(r.oid, rel);
      relations.set(SchemaCache.key(r.schema, r.name), rel);
    }
    for (const { rel: oid, ...col } of raw.columns ?? []) {
      const rel = byOid.get(oid);
      if (!rel) continue;
      rel.columns.push(col);
      rel.columnMap.set(col.name, col);
    }
    for (const k of raw.keys ?? []) {
      const rel = byOid.get(k.rel);
      if (!rel) continue;
      if (k.primary) rel.pk = k.cols;
      rel.uniques.push(k.cols);
    }
    const fks: ForeignKey[] = [];
    for (const f of raw.fks ?? []) {
      const from = byOid.get(f.rel);
      const to = byOid.get(f.frel);
      if (from && to) fks.push({ name: f.name, from, fromCols: f.cols, to, toCols: f.fcols });
    }
    const routines = new Map<string, Routine[]>();
    for (const p of raw.routines ?? []) {
      const inputs = (p.args ?? []).filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
      const params = inputs.map((a, i) => ({ name: a.name, type: a.type, hasDefault: i >= inputs.length - p.nargdefaults }));
      const composite = p.ret_typtype === 'c' || (p.return_type === 'record' && p.has_out);
      const routine: Routine = {
        schema: p.schema, name: p.name, volatility: p.volatility, returnsSet: p.returns_set, returnType: p.return_type,
        kind: p.return_type === 'void' ? 'void' : composite ? 'composite' : 'scalar',
        params, description: p.description,
      };
      const returnRel = p.ret_relid ? byOid.get(p.ret_relid) : undefined;
      if (returnRel) routine.returnRel = returnRel;
      const key = SchemaCache.key(p.schema, p.name);
      routines.set(key, [...(routines.get(key) ?? []), routine]);
    }
    this.relations = relations;
    this.fks = fks;
    this.routines = routines;
    this.roles = new Set(raw.roles ?? []);
    this.allRoles = new Set(raw.all_roles ?? []);
    this.loadedAt = Date.now();
  }
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
