import { expect, it } from 'vitest';
import type { TestStack } from '../support/stack.ts';
import { asService, pgrstError, rest } from './helpers.ts';

/** Malformed requests get PostgREST's error for them, never a 5xx or a silently wrong answer. */
export function errorsSuite(get: () => TestStack): void {
  it('rejects malformed select parameters with PGRST100', async () => {
    const cases: [string, string, string][] = [
      ['id,', '"failed to parse select parameter (id,)" (line 1, column 4)', 'unexpected end of input expecting field name (* or [a..z0..9_$])'],
      ['id,authors!author_id(name', '"failed to parse select parameter (id,authors!author_id(name)" (line 1, column 26)', 'unexpected end of input expecting ")"'],
      ['*!hint', '"failed to parse select parameter (*!hint)" (line 1, column 2)', 'unexpected "!" expecting ")", "," or end of input'],
    ];
    for (const [select, message, details] of cases) {
      const r = await rest(get(), `/books?select=${encodeURIComponent(select)}`);
      expect(r.status).toBe(400);
      expect(r.json).toEqual(pgrstError('PGRST100', message, details));
    }
  });

  it('rejects malformed filters, logic trees and orders with PGRST100', async () => {
    const noop = await rest(get(), '/books?id=noop.1&title=eq.x');
    expect(noop.json).toEqual(pgrstError('PGRST100', '"failed to parse filter (noop.1)" (line 1, column 1)', 'unexpected "n" expecting "not" or operator (eq, gt, ...)'));
    const embedded = await rest(get(), '/books?authors.id=noop.1');
    expect(embedded.json).toEqual(pgrstError('PGRST100', '"failed to parse filter (noop.1)" (line 1, column 6)', 'unknown single value operator noop'));
    for (const q of ['or=(id.eq.1', 'or=()', 'or=(id.in.1,2)', 'and=(id.eq.1,xor(id.eq.2))', 'order=id.ac', 'id=is.maybe', 'id=in.1,2']) {
      const r = await rest(get(), `/books?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.json.code, q).toBe('PGRST100');
      expect(r.json.message, q).toMatch(/^"failed to parse (logic tree|order|filter) \(/);
    }
  });

  it('answers unknown tables, columns and embeds with schema cache errors', async () => {
    const table = await rest(get(), '/bookz');
    expect([table.status, table.json]).toEqual([404, pgrstError('PGRST205', "Could not find the table 'public.bookz' in the schema cache", null, "Perhaps you meant the table 'public.books'")]);
    const column = await rest(get(), '/books?select=nope');
    expect([column.status, column.json]).toEqual([400, pgrstError('42703', 'column books.nope does not exist')]);
    const filterCol = await rest(get(), '/books?nope=eq.1');
    expect([filterCol.status, filterCol.json.code]).toEqual([400, '42703']);
    const notEmbedded = await rest(get(), '/books?select=id&chapters.id=eq.1');
    expect([notEmbedded.status, notEmbedded.json]).toEqual([400, pgrstError('PGRST108', "'chapters' is not an embedded resource in this request", null, "Verify that 'chapters' is included in the 'select' query parameter.")]);
    const path = await rest(get(), '/books/1');
    expect([path.status, path.json.code]).toEqual([404, 'PGRST125']);
  });

  it('validates Prefer with handling=strict and ignores unknown preferences otherwise', async () => {
    const strict = await rest(get(), '/books?select=id&id=eq.1', { headers: { Prefer: 'handling=strict, count=bogus' } });
    expect([strict.status, strict.json]).toEqual([400, pgrstError('PGRST122', 'Invalid preferences given with handling=strict', 'Invalid preferences: count=bogus')]);
    const lenient = await rest(get(), '/books?select=id&id=eq.1', { headers: { Prefer: 'count=bogus, whatever' } });
    expect([lenient.status, lenient.json]).toEqual([200, [{ id: 1 }]]);
  });

  it('rejects negative limits and bad ranges; ignores Range headers it cannot read', async () => {
    const negative = await rest(get(), '/books?limit=-1');
    expect([negative.status, negative.json.details]).toEqual([416, 'Limit should be greater than or equal to zero.']);
    const offset = await rest(get(), '/books?offset=-3');
    expect([offset.status, offset.json.code]).toEqual([400, '2201X']);
    const garbage = await rest(get(), '/books?select=id&order=id', { headers: { Range: 'bytes=abc' } });
    expect([garbage.status, garbage.json.length]).toEqual([200, 5]);
  });

  it('filters the embed itself with rel=is.null and refuses other operators on it', async () => {
    const orphans = await rest(get(), '/books?select=id,author:authors!author_id(name)&author=is.null');
    expect(orphans.json).toEqual([{ id: 5, author: null }]);
    const bad = await rest(get(), '/books?select=id,author:authors!author_id(name)&author=eq.1');
    expect([bad.status, bad.json]).toEqual([400, pgrstError('PGRST120', "Bad operator on the 'author' embedded resource", 'Only is null or not is null filters are allowed on embedded resources')]);
  });

  // ApiRequest.hs getPayload: a body is read by its Content-Type, and one it cannot read is PGRST102.
  it('refuses bodies it cannot read, by their Content-Type, with PGRST102', async () => {
    const t = get();
    const post = (path: string, contentType: string, body: string) => rest(t, path, { method: 'POST', headers: { ...asService(t), 'Content-Type': contentType }, body });
    expect((await post('/items', 'text/csv', 'id,label')).json).toEqual(pgrstError('PGRST102', 'Could not parse the CSV body: the header line does not end with a line break at line 1'));
    expect((await post('/items', 'text/csv', 'id,label\n"x,y\n')).json).toEqual(pgrstError('PGRST102', 'Could not parse the CSV body: a quoted field is not closed at line 2'));
    expect((await post('/items', 'text/csv', 'id,label\nx"y,z\n')).json).toEqual(pgrstError('PGRST102', 'Could not parse the CSV body: a quote inside an unquoted field at line 2'));
    for (const [path, type] of [['/items', 'application/geo+json'], ['/items', 'application/octet-stream'], ['/rpc/add', 'application/vnd.pgrst.object+json']] as const) {
      const r = await post(path, type, '{}');
      expect([r.status, r.json], type).toEqual([400, pgrstError('PGRST102', `Content-Type not acceptable: ${type}`)]);
    }
  });

  it('answers features it does not implement with a clear 4xx', async () => {
    const spreadAggregate = await rest(get(), '/authors?select=id,...books!author_id(pages.max())');
    expect([spreadAggregate.status, spreadAggregate.json.code]).toEqual([400, 'PGRST127']);
    const put = await rest(get(), '/items?id=eq.a', { method: 'PUT', headers: asService(get()), body: '{"id":"a"}' });
    expect([put.status, put.json.code]).toEqual([400, 'PGRST127']);
    const trace = await rest(get(), '/items', { method: 'TRACE' }).catch(() => undefined);
    if (trace) expect(trace.status).toBeLessThan(500);
  });
}
