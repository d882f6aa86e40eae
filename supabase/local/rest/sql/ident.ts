import { quoteLiteral } from '../../literal.ts';
import { ApiError } from '../errors.ts';

/** A double-quoted SQL identifier. Every user-given name goes through here; NUL cannot be quoted. */
export function ident(name: string): string {
  if (name.includes('\0')) throw new ApiError(400, 'PGRST100', 'Identifiers cannot contain NUL characters');
  return `"${name.replaceAll('"', '""')}"`;
}

export function qualified(schema: string, name: string): string {
  return `${ident(schema)}.${ident(name)}`;
}

/** A SQL string literal for names and paths, where a NUL is dropped rather than refused. */
export function literal(value: string): string {
  return quoteLiteral(value.replaceAll('\0', ''));
}

/**
 * User values only ever travel this way: `add` returns the value as a quoted literal. Literals,
 * not bind parameters, let a request go to Postgres as one text (`Db.requestStatement`); an
 * unknown-type literal is resolved by context exactly as an untyped parameter is.
 */
export class Params {
  add(value: string): string {
    if (value.includes('\0')) {
      // Postgres text cannot hold NUL; answer as Postgres would for such input.
      throw new ApiError(400, '22021', 'invalid byte sequence for encoding "UTF8": 0x00');
    }
    return quoteLiteral(value);
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
