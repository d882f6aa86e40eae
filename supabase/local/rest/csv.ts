import { invalidBody } from './http.ts';

type Row = Record<string, string | null>;

/**
 * A `Content-Type: text/csv` body as PostgREST reads it (ApiRequest.hs `csvToJson` over cassava's
 * `decodeByName`): RFC 4180 fields (`"…"` quoted, `""` a quote inside), LF or CRLF line ends, the
 * first line naming the columns, blank lines skipped, and an unquoted or quoted `NULL` read as
 * null; every other value is a string Postgres converts to the column's type. A line shorter than
 * the header leaves a key out and fails the keys check, as there ("All lines must have same number
 * of fields"); a longer one is cut to the header's length (cassava zips the two).
 */
export function csvRows(text: string): Row[] {
  const records = parseRecords(text);
  const header = records.shift();
  if (!header) throw invalidBody('The CSV body has no header line');
  const rows = records.filter((r) => !(r.length === 1 && r[0] === '')).map((r) => {
    const row: Row = {};
    for (let i = 0; i < Math.min(header.length, r.length); i += 1) {
      const v = r[i] as string;
      row[header[i] as string] = v === 'NULL' ? null : v;
    }
    return row;
  });
  const keys = Object.keys(rows[0] ?? {}).sort().join('\0');
  if (!rows.every((r) => Object.keys(r).sort().join('\0') === keys)) throw invalidBody('All lines must have same number of fields');
  return rows;
}

/** The records of a CSV text; the header line must end with a line break (cassava's `header`). */
function parseRecords(text: string): string[][] {
  const records: string[][] = [];
  let i = 0;
  const fail = (what: string): never => { throw invalidBody(`Could not parse the CSV body: ${what} at line ${records.length + 1}`); };
  while (i < text.length || records.length === 0) {
    const record: string[] = [];
    for (;;) {
      let field = '';
      if (text[i] === '"') {
        i += 1;
        for (;;) {
          const q = text.indexOf('"', i);
          if (q < 0) fail('a quoted field is not closed');
          field += text.slice(i, q);
          i = q + 1;
          if (text[i] !== '"') break;
          field += '"';
          i += 1;
        }
      } else {
        const m = /[,\r\n"]/.exec(text.slice(i));
        const end = m ? i + m.index : text.length;
        if (text[end] === '"') fail('a quote inside an unquoted field');
        field = text.slice(i, end);
        i = end;
      }
      record.push(field);
      if (text[i] !== ',') break;
      i += 1;
    }
    if (i < text.length && text[i] !== '\n' && text[i] !== '\r') fail('a quoted field is followed by more text');
    if (text.startsWith('\r\n', i)) i += 2;
    else if (text[i] === '\n' || text[i] === '\r') i += 1;
    else if (records.length === 0) fail('the header line does not end with a line break');
    records.push(record);
  }
  return records;
}
