/**
 * Postgres text[] literals: `{a,"b c","say \"hi\""}`. Each element is double-quoted with `"` and
 * `\` escaped, which Postgres reads back exactly whatever the element holds (commas, braces,
 * spaces, the word NULL).
 */
export function toPgTextArray(value: unknown): string {
  const items = Array.isArray(value) ? value.map(String) : [];
  return `{${items.map((item) => `"${item.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/** PostgREST returns text[] as a JSON array; a literal (from a proxy or an old client) is parsed too. */
export function fromPgTextArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || value.length < 2) return [];
  const items: string[] = [];
  const body = value.slice(1, -1);
  let i = 0;
  while (i < body.length) {
    let item = '';
    if (body[i] === '"') {
      i += 1;
      while (i < body.length && body[i] !== '"') {
        if (body[i] === '\\') i += 1;
        item += body[i] ?? '';
        i += 1;
      }
      i += 1;
    } else {
      while (i < body.length && body[i] !== ',') item += body[i++];
    }
    items.push(item);
    i += 1; // the comma
  }
  return items;
}
