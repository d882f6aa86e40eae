/** Identifier and literal quoting for the few statements Realtime builds from user input. */
import { quoteLiteral } from '../../literal.ts';

/** A double-quoted identifier; NUL (which Postgres cannot hold) is dropped. */
export const ident = (name: string) => `"${name.replaceAll('\0', '').replaceAll('"', '""')}"`;

export const qualified = (schema: string, table: string) => `${ident(schema)}.${ident(table)}`;

/** A value as a literal; NUL is dropped (no column can hold it, so it never matches). */
export const literal = (value: string) => quoteLiteral(value.replaceAll('\0', ''));

/** A JSON value as the text Postgres would compare it as (`value #>> '{}'`). */
export function jsonText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
