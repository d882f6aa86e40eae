/**
 * A SQL string literal, written as libpq's PQescapeLiteral writes it: quotes doubled and, when the
 * text has a backslash, an E'' string with backslashes doubled, so it reads the same whatever
 * `standard_conforming_strings` says. The leading space keeps an E'' from gluing onto a word.
 */
export function quoteLiteral(value: string): string {
  if (value.includes('\0')) throw new Error('A SQL literal cannot contain a NUL character');
  const quoted = `'${value.replaceAll("'", "''")}'`;
  return value.includes('\\') ? ` E${quoted.replaceAll('\\', '\\\\')}` : quoted;
}
