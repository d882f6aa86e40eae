import { ApiError } from '../errors.ts';
import { closest, type ForeignKey, type Relation, type SchemaCache } from '../schema-cache.ts';
import { ident } from './ident.ts';

export interface Relationship {
  target: Relation;
  toOne: boolean;
  fk: ForeignKey;
  /** The join condition, given the embedded table's alias and the parent's reference. */
  cond(targetRef: string, parentRef: string): string;
  cardinality: 'many-to-one' | 'one-to-many' | 'one-to-one';
  /** The parent's columns the join condition reads (a write's RETURNING must include them). */
  parentCols: string[];
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

function isUnique(rel: Relation, cols: string[]): boolean {
  return rel.uniques.some((u) => sameSet(u, cols));
}

function candidates(cache: SchemaCache, parent: Relation, name: string): Relationship[] {
  const out: Relationship[] = [];
  for (const fk of cache.fks) {
    if (fk.from === parent && fk.to.schema === parent.schema) {
      const byColumn = fk.fromCols.length === 1 && fk.fromCols[0] === name;
      if (fk.to.name === name || fk.name === name || byColumn) {
        const o2o = isUnique(fk.from, fk.fromCols);
        out.push({
          target: fk.to, toOne: true, fk, cardinality: o2o ? 'one-to-one' : 'many-to-one', parentCols: fk.fromCols,
          cond: (t, p) => fk.fromCols.map((c, i) => `${t}.${ident(fk.toCols[i] ?? '')} = ${p}.${ident(c)}`).join(' and '),
        });
      }
    }
    if (fk.to === parent && fk.from.schema === parent.schema && (fk.from.name === name || fk.name === name)) {
      const o2o = isUnique(fk.from, fk.fromCols);
      out.push({
        target: fk.from, toOne: o2o, fk, cardinality: o2o ? 'one-to-one' : 'one-to-many', parentCols: fk.toCols,
        cond: (t, p) => fk.fromCols.map((c, i) => `${t}.${ident(c)} = ${p}.${ident(fk.toCols[i] ?? '')}`).join(' and '),
      });
    }
  }
  return out;
}

function describe(parent: Relation, r: Relationship) {
  const fmt = (cols: string[]) => `(${cols.join(', ')})`;
  const [pCols, tCols] = r.fk.from === parent && r.cardinality !== 'one-to-many' && r.target === r.fk.to
    ? [r.fk.fromCols, r.fk.toCols] : [r.fk.toCols, r.fk.fromCols];
  return {
    cardinality: r.cardinality,
    embedding: `${parent.name} with ${r.target.name}`,
    relationship: `${r.fk.name} using ${parent.name}${fmt(pCols)} and ${r.target.name}${fmt(tCols)}`,
  };
}

/** Finds the foreign key to embed `name` from `parent`, as PostgREST does (PGRST200/PGRST201). */
export function resolveRelationship(cache: SchemaCache, parent: Relation, name: string, hint?: string): Relationship {
  let found = candidates(cache, parent, name);
  if (hint !== undefined) {
    found = found.filter((r) => r.fk.name === hint || r.fk.fromCols.includes(hint) || r.fk.toCols.includes(hint));
  }
  if (found.length === 1 && found[0]) return found[0];
  if (found.length > 1) {
    throw new ApiError(300, 'PGRST201', `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
      found.map((r) => describe(parent, r)),
      `Try changing '${name}' to one of the following: ${found.map((r) => `'${name}!${r.fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`);
  }
  const related = cache.fks.flatMap((fk) => (fk.from === parent ? [fk.to.name] : fk.to === parent ? [fk.from.name] : []));
  const suggestion = closest(name, related);
  throw new ApiError(400, 'PGRST200', `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
    `Searched for a foreign key relationship between '${parent.name}' and '${name}'${hint === undefined ? '' : ` using the hint '${hint}'`} in the schema '${parent.schema}', but no matches were found.`,
    suggestion ? `Perhaps you meant '${suggestion}' instead of '${name}'.` : null);
}
