import { ApiError } from '../errors.ts';

/** A double-quoted SQL identifier. Every user-given name goes through here; NUL cannot be quoted. */
export function ident(name: string): string {
  if (name.includes('\0')) throw new ApiError(400, 'PGRST100', 'Identifiers cannot contain NUL characters');
  return `"${name.replaceAll('"', '""')}"`;
}

export function qualified(schema: string, name: string): string {
  return `${ident(schema)}.${ident(name)}`;
}

/** A SQL string literal, for text that never carries user values (defaults, type names). */
export function literal(value: string): string {
  return `'${value.replaceAll('\0', '').replaceAll("'", "''")}'`;
}

/** Collects bind parameters; `add` returns the placeholder. User values only ever travel this way. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    if (typeof value === 'string' && value.includes('\0')) {
      // Postgres text cannot hold NUL; answer as Postgres would for such input.
      throw new ApiError(400, '22021', 'invalid byte sequence for encoding "UTF8": 0x00');
    }
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * Type names accepted in `::cast`. PostgREST's parser allows letters, digits, `_`, `$` and spaces; a
 * space could smuggle SQL in, so multi-word names are limited to Postgres's own spellings.
 */
const MULTI_WORD_TYPES = new Set([
  'double precision', 'character varying', 'bit varying', 'timestamp with time zone',
  'timestamp without time zone', 'time with time zone', 'time without time zone',
]);

export function castType(type: string): string {
  const t = type.trim().toLowerCase().replace(/\s+/g, ' ');
  if (/^[a-z_][a-z0-9_$]*$/.test(t) || MULTI_WORD_TYPES.has(t)) return t;
  throw new ApiError(400, 'PGRST100', `Unsupported cast type '${type}' in the select parameter`, 'Casts take one type name, or a multi-word name Postgres itself spells that way.');
}
