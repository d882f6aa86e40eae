import { ApiError } from '../errors.ts';
import { closest, type ComputedRel, type ForeignKey, type Relation, type SchemaCache } from '../schema-cache.ts';
import { ident, qualified } from './ident.ts';

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one';

export interface Relationship {
  target: Relation;
  toOne: boolean;
  /** What relates the two: a foreign key, or a function of the parent's row. */
  via: { kind: 'fk'; fk: ForeignKey; cardinality: Cardinality; forward: boolean } | { kind: 'fn'; fn: ComputedRel };
  /** The FROM item of the embedded rows, named `targetRef`, given the parent's reference. */
  source(targetRef: string, parentRef: string): string;
  /** The join condition; null when the source holds only the related rows already (a function). */
  cond(targetRef: string, parentRef: string): string | null;
  /** The parent's columns the join reads (a write's RETURNING must include them); null: its whole row. */
  parentCols: string[] | null;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

function isUnique(rel: Relation, cols: string[]): boolean {
  return rel.uniques.some((u) => sameSet(u, cols));
}

/** `forward`: from the table holding the key to the one it references. */
function fkRelationship(fk: ForeignKey, forward: boolean): Relationship {
  const target = forward ? fk.to : fk.from;
  const [parentCols, targetCols] = forward ? [fk.fromCols, fk.toCols] : [fk.toCols, fk.fromCols];
  const o2o = isUnique(fk.from, fk.fromCols);
  const cardinality: Cardinality = o2o ? 'one-to-one' : forward ? 'many-to-one' : 'one-to-many';
  return {
    target, toOne: cardinality !== 'one-to-many', via: { kind: 'fk', fk, cardinality, forward }, parentCols,
    source: (t) => `${qualified(target.schema, target.name)} as ${t}`,
    cond: (t, p) => parentCols.map((c, i) => `${t}.${ident(targetCols[i] ?? '')} = ${p}.${ident(c)}`).join(' and '),
  };
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
  return [...out, ...functions.map(computedRelationship)];
}

/**
 * Does `name` (and the hint) pick this relationship (Plan.hs `findRel`)? A foreign key by its
 * target table, its constraint name or (to-one) its single column, then by the hint's constraint
 * or column; a function by its name only, whatever the hint.
 */
function matches(r: Relationship, name: string, hint: string | undefined): boolean {
  if (r.via.kind === 'fn') return r.via.fn.name === name;
  const { fk, forward } = r.via;
  const byColumn = forward && fk.fromCols.length === 1 && fk.fromCols[0] === name;
  if (!(r.target.name === name || fk.name === name || byColumn)) return false;
  return hint === undefined || fk.name === hint || fk.fromCols.includes(hint) || fk.toCols.includes(hint);
}

function describe(parent: Relation, r: Relationship) {
  // A function is never ambiguous in PostgREST's eyes: it describes one as an empty object.
  if (r.via.kind === 'fn') return {};
  const { fk, cardinality, forward } = r.via;
  const fmt = (cols: string[]) => `(${cols.join(', ')})`;
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
    const hints = found.map((r) => (r.via.kind === 'fk' ? `'${r.target.name}!${r.via.fk.name}'` : ''));
    throw new ApiError(300, 'PGRST201', `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
      found.map((r) => describe(parent, r)),
      `Try changing '${name}' to one of the following: ${hints.join(', ')}. Find the desired relationship in the 'details' key.`);
  }
  const suggestion = closest(name, all.map((r) => r.target.name));
  throw new ApiError(400, 'PGRST200', `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
    `Searched for a foreign key relationship between '${parent.name}' and '${name}'${hint === undefined ? '' : ` using the hint '${hint}'`} in the schema '${parent.schema}', but no matches were found.`,
    suggestion ? `Perhaps you meant '${suggestion}' instead of '${name}'.` : null);
}
