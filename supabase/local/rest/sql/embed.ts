import { ApiError } from '../errors.ts';
import type { SelectItem } from '../parse/types.ts';
import { closest, hasField, type ComputedRel, type ForeignKey, type Relation, type SchemaCache } from '../schema-cache.ts';
import { ident, qualified } from './ident.ts';

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one';

/**
 * A table joining two others (PostgREST's Junction): `source` is its foreign key to the parent,
 * `target` the one to the embedded table.
 */
export interface Junction {
  table: Relation;
  source: ForeignKey;
  target: ForeignKey;
}

export interface Relationship {
  target: Relation;
  toOne: boolean;
  /** What relates the two: a foreign key, a junction table (many-to-many), or a function of the parent's row. */
  via:
    | { kind: 'fk'; fk: ForeignKey; cardinality: Cardinality; forward: boolean }
    | { kind: 'm2m'; junction: Junction }
    | { kind: 'fn'; fn: ComputedRel };
  /** The FROM item of the embedded rows, named `targetRef`, given the parent's reference. */
  source(targetRef: string, parentRef: string): string;
  /** The join condition; null when the source holds only the related rows already (a function). */
  cond(targetRef: string, parentRef: string): string | null;
  /** The parent's columns the join reads (a write's RETURNING must include them); null: its whole row. */
  parentCols: string[] | null;
}

/** `forward`: from the table holding the key to the one it references. */
function fkRelationship(fk: ForeignKey, forward: boolean): Relationship {
  const target = forward ? fk.to : fk.from;
  const [parentCols, targetCols] = forward ? [fk.fromCols, fk.toCols] : [fk.toCols, fk.fromCols];
  const cardinality: Cardinality = fk.o2o ? 'one-to-one' : forward ? 'many-to-one' : 'one-to-many';
  return {
    target, toOne: cardinality !== 'one-to-many', via: { kind: 'fk', fk, cardinality, forward }, parentCols,
    source: (t) => `${qualified(target.schema, target.name)} as ${t}`,
    cond: (t, p) => parentCols.map((c, i) => `${t}.${ident(targetCols[i] ?? '')} = ${p}.${ident(c)}`).join(' and '),
  };
}

/**
 * Each embedded level is a subquery of its own, so one alias for its junction never meets another
 * (a nested many-to-many embed's junction is inside the nested subquery).
 */
const JUNCTION = ident('pgrst_junction');

const joinOn = (fk: ForeignKey, fromRef: string, toRef: string) =>
  fk.fromCols.map((c, i) => `${fromRef}.${ident(c)} = ${toRef}.${ident(fk.toCols[i] ?? '')}`).join(' and ');

/**
 * Many-to-many through a junction (PostgREST's M2M): the embedded table joined to the junction,
 * the junction to the parent. One row per junction row, as PostgREST's implicit join gives them.
 */
function junctionRelationship(junction: Junction): Relationship {
  const { table, source, target } = junction;
  return {
    target: target.to, toOne: false, via: { kind: 'm2m', junction }, parentCols: source.toCols,
    source: (t) => `${qualified(target.to.schema, target.to.name)} as ${t} join ${qualified(table.schema, table.name)} as ${JUNCTION} on ${joinOn(target, JUNCTION, t)}`,
    cond: (_t, p) => joinOn(source, JUNCTION, p),
  };
}

/**
 * The many-to-many relationships of `parent` (SchemaCache.hs `addM2MRels`): a table (or a view
 * of one) with two different many-to-one foreign keys, one to `parent`, whose columns are all
 * part of its primary key (which may have more). A table joined to itself this way is left out: PostgREST never
 * matches a many-to-many self-relationship (its docs use a function for those).
 */
function junctionsOf(cache: SchemaCache, parent: Relation): Junction[] {
  const manyToOne = cache.fks.filter((fk) => !fk.o2o);
  const out: Junction[] = [];
  for (const source of manyToOne) {
    // A junction outside the exposed schemas is left out (`removeInternal`).
    if (source.to !== parent || !cache.schemas.includes(source.from.schema)) continue;
    for (const target of manyToOne) {
      // Two keys of one constraint (a view showing its columns twice) are not a junction.
      if (target.name === source.name || target.from !== source.from || target.to === parent) continue;
      const pk = source.from.pk;
      if (pk.length && [...source.fromCols, ...target.fromCols].every((c) => pk.includes(c))) out.push({ table: source.from, source, target });
    }
  }
  return out;
}

/**
 * The function is called with the parent's row cast to the table's type: the parent may be a CTE
 * of a write or a function call, whose rows are records (PostgREST casts the same way).
 */
function computedRelationship(fn: ComputedRel): Relationship {
  return {
    target: fn.to, toOne: fn.toOne, via: { kind: 'fn', fn }, parentCols: null, cond: () => null,
    source: (t, p) => `${qualified(fn.schema, fn.name)}(${p}::${qualified(fn.from.schema, fn.from.name)}) as ${t}`,
  };
}

/**
 * Every relationship of `parent` in its schema (PostgREST's RelationshipsMap entry). A function
 * named like a table replaces the foreign-key relationships to that table (`getOverrideRelationshipsMap`).
 */
function relationshipsOf(cache: SchemaCache, parent: Relation): Relationship[] {
  const functions = cache.computedRels.filter((c) => c.from === parent && c.schema === parent.schema);
  const overridden = new Set(functions.map((c) => c.name));
  const out: Relationship[] = [];
  for (const fk of cache.fks) {
    if (fk.from === parent && fk.to.schema === parent.schema && !overridden.has(fk.to.name)) out.push(fkRelationship(fk, true));
    if (fk.to === parent && fk.from.schema === parent.schema && !overridden.has(fk.from.name)) out.push(fkRelationship(fk, false));
  }
  for (const j of junctionsOf(cache, parent)) {
    if (j.target.to.schema === parent.schema && !overridden.has(j.target.to.name)) out.push(junctionRelationship(j));
  }
  return [...out.sort(compareRelationships), ...functions.map(computedRelationship)];
}

const CARDINALITY_ORDER = { 'one-to-many': 0, 'many-to-one': 1, 'one-to-one': 2, 'many-to-many': 3 };
const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The order PostgREST keeps relationships in (the derived `Ord` of Relationship, sorted in
 * `getOverrideRelationshipsMap`), which is the order PGRST201 lists them: by the embedded table,
 * then one-to-many, many-to-one, one-to-one, many-to-many, then by constraint or junction.
 */
function compareRelationships(a: Relationship, b: Relationship): number {
  const key = (r: Relationship): [string, number, string, string] => {
    if (r.via.kind === 'm2m') {
      const { table, source, target } = r.via.junction;
      return [table.schema, CARDINALITY_ORDER['many-to-many'], table.name, `${source.name}\u0000${target.name}`];
    }
    // A view showing a key's columns twice has a relationship through each: by columns then.
    if (r.via.kind === 'fk') return ['', CARDINALITY_ORDER[r.via.cardinality], r.via.fk.name, `${r.via.fk.fromCols.join('\u0000')}\u0001${r.via.fk.toCols.join('\u0000')}`];
    return ['', 4, '', ''];
  };
  const [as, ac, an, ax] = key(a);
  const [bs, bc, bn, bx] = key(b);
  return text(a.target.schema, b.target.schema) || text(a.target.name, b.target.name) || ac - bc || text(as, bs) || text(an, bn) || text(ax, bx);
}

/**
 * Does `name` (and the hint) pick this relationship (Plan.hs `findRel`)? A foreign key by its
 * target table or view, a table's also by its constraint name or (to-one) its single column, then
 * by the hint's constraint or column; a function by its name only, whatever the hint.
 */
function matches(r: Relationship, name: string, hint: string | undefined): boolean {
  if (r.via.kind === 'fn') return r.via.fn.name === name;
  // Many-to-many: by the embedded table's name only, the hint naming the junction (`matchJunction`).
  if (r.via.kind === 'm2m') return r.target.name === name && (hint === undefined || r.via.junction.table.name === hint);
  const { fk, forward } = r.via;
  const byColumn = forward && fk.fromCols.length === 1 && fk.fromCols[0] === name;
  // A self-reference is one key read both ways: the table's name embeds the children (one-to-many),
  // the key's column the parent; a hint names the children's key column (`auditees:orgs!auditor`).
  if (fk.from === fk.to) {
    if (hint === undefined) return (r.target.name === name && !forward) || byColumn;
    return r.target.name === name && !forward && fk.fromCols.length === 1 && fk.fromCols[0] === hint;
  }
  // A view is embedded by its name only; a constraint or column names a table (PostgREST's
  // `relFTableIsView`, as constraint names are shared by a table and every view of it).
  const targetIsView = r.target.kind === 'v' || r.target.kind === 'm';
  if (!(r.target.name === name || (!targetIsView && (fk.name === name || byColumn)))) return false;
  return hint === undefined || fk.name === hint || fk.fromCols.includes(hint) || fk.toCols.includes(hint);
}

function describe(parent: Relation, r: Relationship) {
  // A function is never ambiguous in PostgREST's eyes: it describes one as an empty object.
  if (r.via.kind === 'fn') return {};
  const fmt = (cols: string[]) => `(${cols.join(', ')})`;
  if (r.via.kind === 'm2m') {
    const { table, source, target } = r.via.junction;
    return {
      cardinality: 'many-to-many',
      embedding: `${parent.name} with ${r.target.name}`,
      relationship: `${table.name} using ${source.name}${fmt(source.fromCols)} and ${target.name}${fmt(target.fromCols)}`,
    };
  }
  const { fk, cardinality, forward } = r.via;
  const [pCols, tCols] = forward ? [fk.fromCols, fk.toCols] : [fk.toCols, fk.fromCols];
  return {
    cardinality,
    embedding: `${parent.name} with ${r.target.name}`,
    relationship: `${fk.name} using ${parent.name}${fmt(pCols)} and ${r.target.name}${fmt(tCols)}`,
  };
}

/** Finds the relationship to embed `name` from `parent`, as PostgREST does (PGRST200/PGRST201). */
export function resolveRelationship(cache: SchemaCache, parent: Relation, name: string, hint?: string): Relationship {
  const all = relationshipsOf(cache, parent);
  const found = all.filter((r) => matches(r, name, hint));
  if (found.length === 1 && found[0]) return found[0];
  if (found.length > 1) {
    // A foreign key is named by its constraint, a many-to-many relationship by its junction (`relHint`).
    const hintOf = (r: Relationship) => (r.via.kind === 'fk' ? r.via.fk.name : r.via.kind === 'm2m' ? r.via.junction.table.name : '');
    const hints = found.map((r) => (r.via.kind === 'fn' ? '' : `'${r.target.name}!${hintOf(r)}'`));
    throw new ApiError(300, 'PGRST201', `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
      found.map((r) => describe(parent, r)),
      `Try changing '${name}' to one of the following: ${hints.join(', ')}. Find the desired relationship in the 'details' key.`);
  }
  const suggestion = closest(name, all.map((r) => r.target.name));
  throw new ApiError(400, 'PGRST200', `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
    `Searched for a foreign key relationship between '${parent.name}' and '${name}'${hint === undefined ? '' : ` using the hint '${hint}'`} in the schema '${parent.schema}', but no matches were found.`,
    suggestion ? `Perhaps you meant '${suggestion}' instead of '${name}'.` : null);
}

/**
 * The columns of `rel` a select needs from a write's RETURNING or a call's result (Plan.hs
 * `inferColsEmbedNeeds`): `*` when it selects `*` or embeds a function of the row; else the
 * selected columns and computed fields, the columns embeds join on, and `pk`, deduplicated and
 * sorted as PostgREST's Set. Only these are read back, so a role with column-level SELECT grants
 * can write and see the columns it may read (`returning t.*` would need them all). They are also
 * what a CSV answer's header line names, as in PostgREST.
 */
export function embedNeeds(cache: SchemaCache, rel: Relation, select: SelectItem[], pk: string[]): string[] {
  const cols = new Set<string>();
  for (const item of select) {
    if (item.kind === 'star') return ['*'];
    // A name that is neither (the legacy `count`, a typo) is the select's own business (42703).
    if (item.kind === 'field') { if (hasField(rel, item.field.name)) cols.add(item.field.name); continue; }
    // A function of the row (computed relationship) is called with the whole row.
    const needs = resolveRelationship(cache, rel, item.name, item.hint).parentCols;
    if (needs === null) return ['*'];
    for (const c of needs) cols.add(c);
  }
  for (const c of pk) cols.add(c);
  return [...cols].sort();
}
