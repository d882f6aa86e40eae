import { expect, it } from 'vitest';
import type { TestStack } from '../support/stack.ts';
import { USER_A } from './fixture.ts';
import { asService, pgrstError, rest } from './helpers.ts';

/** Inserts, upserts, updates and deletes through supabase-js, and their wire details. */
export function writeSuite(get: () => TestStack): void {
  const svc = () => get().client({ serviceRole: true });

  it('inserts one row and returns it when asked', async () => {
    const { data, error, status } = await svc().from('items').insert({ id: 'w1', label: 'one', n: 1 }).select().single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual({ id: 'w1', label: 'one', n: 1, 'Mixed Case': null, 'weird,col': null });
    const minimal = await rest(get(), '/items', { method: 'POST', headers: { ...asService(get()), 'Content-Type': 'application/json' }, body: '{"id":"w2"}' });
    expect([minimal.status, minimal.text, minimal.headers.get('content-range')]).toEqual([201, '', '*/*']);
  });

  it('inserts in bulk with the union of keys; missing keys are null, or defaults with missing=default', async () => {
    const bulk = await svc().from('books').insert([{ title: 'Bulk 1', pages: 10, status: 'draft' }, { title: 'Bulk 2', status: 'draft' }]).select('title, pages, tags');
    expect(bulk.error).toBeNull();
    expect(bulk.data).toEqual([{ title: 'Bulk 1', pages: 10, tags: [] }, { title: 'Bulk 2', pages: null, tags: [] }]);
    const nulls = await svc().from('books').insert([{ title: 'N1', tags: ['a'] }, { title: 'N2' }]).select('title, tags');
    expect(nulls.error).toMatchObject({ code: '23502' });
    const defaults = await svc().from('books').insert([{ title: 'D1', tags: ['a'] }, { title: 'D2' }], { defaultToNull: false }).select('title, tags, status');
    expect(defaults.error).toBeNull();
    expect(defaults.data).toEqual([{ title: 'D1', tags: ['a'], status: 'draft' }, { title: 'D2', tags: [], status: 'draft' }]);
    // As in PostgREST, every row draws the identity's next value, the row that gives its own id too.
    const before = (await svc().from('authors').insert({ name: 'Seq 0' }).select('id').single()).data?.id as number;
    const drawn = await svc().from('authors').insert([{ id: 9000, name: 'Seq 1' }, { name: 'Seq 2' }], { defaultToNull: false }).select('id, name');
    expect(drawn.data).toEqual([{ id: 9000, name: 'Seq 1' }, { id: before + 2, name: 'Seq 2' }]);
    await svc().from('authors').delete().like('name', 'Seq %');
    const uneven = await rest(get(), '/items', { method: 'POST', headers: asService(get()), body: '[{"id":"u1"},{"id":"u2","label":"x"}]' });
    expect(uneven.status).toBe(400);
    expect(uneven.json).toEqual(pgrstError('PGRST102', 'All object keys must match'));
    await svc().from('books').delete().in('title', ['Bulk 1', 'Bulk 2', 'D1', 'D2']);
  });

  it('upserts with merge-duplicates and ignore-duplicates on the primary key or on_conflict', async () => {
    const c = svc();
    await c.from('items').insert({ id: 'up1', label: 'before', n: 1 });
    const merged = await c.from('items').upsert({ id: 'up1', label: 'after' }).select('id, label, n');
    expect(merged.data).toEqual([{ id: 'up1', label: 'after', n: 1 }]);
    const ignored = await c.from('items').upsert([{ id: 'up1', label: 'ignored' }, { id: 'up2', label: 'new' }], { ignoreDuplicates: true }).select('id, label');
    expect(ignored.data).toEqual([{ id: 'up2', label: 'new' }]);
    const onLabel = await rest(get(), '/profiles?on_conflict=author_id&select=author_id,bio', {
      method: 'POST', headers: { ...asService(get()), Prefer: 'resolution=merge-duplicates,return=representation' }, body: '{"author_id":1,"bio":"Changed"}',
    });
    // Every row updated an existing one: 200, as PostgREST answers (next test).
    expect([onLabel.status, onLabel.json]).toEqual([200, [{ author_id: 1, bio: 'Changed' }]]);
    expect(onLabel.headers.get('preference-applied')).toBe('resolution=merge-duplicates, return=representation');
    await c.from('profiles').update({ bio: 'Earthsea' }).eq('author_id', 1);
  });

  // PostgREST (Response.hs, SqlFragment.hs addConfigPgrstInserted): an insert answers 201, but a
  // merge-duplicates upsert that inserted no row answers 200, with or without a representation.
  it('answers an upsert 201 when it inserted a row and 200 when it only updated, as PostgREST', async () => {
    const t = get();
    const post = (path: string, prefer: string, body: string) => rest(t, path, { method: 'POST', headers: { ...asService(t), Prefer: prefer }, body });
    const merge = 'resolution=merge-duplicates, return=representation';
    const both = await post('/items?select=id,label', merge, '[{"id":"a","label":"first, with comma"},{"id":"st1","label":"new"}]');
    expect([both.status, both.json]).toEqual([201, [{ id: 'a', label: 'first, with comma' }, { id: 'st1', label: 'new' }]]);
    const updated = await post('/items?select=id,label', merge, '[{"id":"a","label":"first, with comma"},{"id":"st1","label":"again"}]');
    expect([updated.status, updated.json]).toEqual([200, [{ id: 'a', label: 'first, with comma' }, { id: 'st1', label: 'again' }]]);
    const minimal = await post('/items', 'resolution=merge-duplicates', '{"id":"st1","label":"minimal"}');
    expect([minimal.status, minimal.text]).toEqual([200, '']);
    const empty = await post('/items', merge, '[]');
    expect([empty.status, empty.json]).toEqual([200, []]);
    const defaults = await post('/items?columns=id,label&select=id,label', `${merge}, missing=default`, '[{"id":"st1"},{"id":"st2","label":"two"}]');
    expect([defaults.status, defaults.json]).toEqual([201, [{ id: 'st1', label: null }, { id: 'st2', label: 'two' }]]);
    const viaJs = await get().client({ serviceRole: true }).from('items').upsert({ id: 'st1', label: 'js' });
    expect([viaJs.status, viaJs.error]).toEqual([200, null]);
    // ignore-duplicates is an insert: 201 even when every row was a duplicate.
    const ignored = await post('/items?select=id', 'resolution=ignore-duplicates, return=representation', '{"id":"st1"}');
    expect([ignored.status, ignored.json]).toEqual([201, []]);
    // No key to resolve on: a plain insert, and Preference-Applied leaves the resolution out.
    const noKey = await post('/no_pk?select=a,b', merge, '{"a":"1","b":"0"}');
    expect([noKey.status, noKey.json, noKey.headers.get('preference-applied')]).toEqual([201, [{ a: '1', b: '0' }], 'return=representation']);
    await get().client({ serviceRole: true }).from('items').delete().in('id', ['st1', 'st2']);
  });

  // PostgREST (Plan.hs inferColsEmbedNeeds, QueryBuilder.hs returningF): a write returns only the
  // selected columns, the columns its embeds join on and the primary key, never `*` unless asked.
  it('returns the selected columns of a write under column-level SELECT grants', async () => {
    const t = get();
    const headers = { Authorization: `Bearer ${await t.userToken(USER_A)}`, Prefer: 'return=representation' };
    const write = (method: string, path: string, body: string, prefer?: string) =>
      rest(t, path, { method, headers: { ...headers, ...(prefer ? { Prefer: prefer } : {}) }, body });
    const inserted = await write('POST', '/secrets?select=id,name', '{"id":1,"name":"one","secret":"s1","author_id":1}');
    expect([inserted.status, inserted.json]).toEqual([201, [{ id: 1, name: 'one' }]]);
    const updated = await write('PATCH', '/secrets?id=eq.1&select=name,author:authors(name)', '{"name":"uno","secret":"s2"}');
    expect([updated.status, updated.json]).toEqual([200, [{ name: 'uno', author: { name: 'Ursula' } }]]);
    const merge = 'resolution=merge-duplicates, return=representation';
    const upserted = await write('POST', '/secrets?select=name', '[{"id":1,"name":"eins"},{"id":2,"name":"zwei"}]', merge);
    expect([upserted.status, upserted.json]).toEqual([201, [{ name: 'eins' }, { name: 'zwei' }]]);
    // Postgres's own rule, so PostgREST's too: DO UPDATE SET secret = excluded.secret reads it.
    const mergesSecret = await write('POST', '/secrets?select=name', '{"id":2,"name":"zwei","secret":"s4"}', merge);
    expect([mergesSecret.status, mergesSecret.json.code]).toEqual([403, '42501']);
    const viaJs = await t.client({ accessToken: await t.userToken(USER_A) }).from('secrets').update({ secret: 's5' }).eq('id', 2).select('id, name');
    expect([viaJs.error, viaJs.data]).toEqual([null, [{ id: 2, name: 'zwei' }]]);
    // `*` or a column it may not read still needs the grant, as on PostgREST.
    for (const select of ['*', 'id,secret']) {
      const refused = await write('PATCH', `/secrets?id=eq.1&select=${select}`, '{"name":"x"}');
      expect([refused.status, refused.json.code], select).toEqual([403, '42501']);
    }
    expect((await rest(t, '/secrets?select=id,name&order=id', { headers: asService(t) })).json).toEqual([{ id: 1, name: 'eins' }, { id: 2, name: 'zwei' }]);
    // A computed field of the written row, returned with it.
    const computed = await rest(t, '/books?id=eq.4&select=id,title_length', { method: 'PATCH', headers: { ...asService(t), Prefer: 'return=representation' }, body: '{"pages":272}' });
    expect([computed.status, computed.json]).toEqual([200, [{ id: 4, title_length: 4 }]]);
    // A function of the row embedded (computed relationship) needs the whole row: returned as `*`.
    const related = await rest(t, '/books?id=eq.3&select=id,editor(name),...authors!author_id(author:name)',
      { method: 'PATCH', headers: { ...asService(t), Prefer: 'return=representation' }, body: '{"pages":416}' });
    expect([related.status, related.json]).toEqual([200, [{ id: 3, editor: { name: 'Ursula' }, author: 'Terry' }]]);
    await t.db.exec('delete from public.secrets');
  });

  it('answers a duplicate insert with 409 and 23505, as the RxDB plugin expects', async () => {
    const dup = await svc().from('items').insert({ id: 'a' });
    expect(dup.status).toBe(409);
    expect(dup.error).toEqual(pgrstError('23505', 'duplicate key value violates unique constraint "items_pkey"', 'Key (id)=(a) already exists.'));
  });

  it('updates with filters and returns the changed rows with embeds', async () => {
    const c = svc();
    const { data, error, status } = await c.from('books').update({ pages: 190 }).eq('id', 1).select('id, pages, author:authors!author_id(name)');
    expect([error, status]).toEqual([null, 200]);
    expect(data).toEqual([{ id: 1, pages: 190, author: { name: 'Ursula' } }]);
    const none = await c.from('books').update({ pages: 1 }).eq('id', -1).select();
    expect(none.data).toEqual([]);
    const minimal = await rest(get(), '/books?id=eq.1', { method: 'PATCH', headers: { ...asService(get()), Prefer: 'count=exact' }, body: '{"pages":183}' });
    expect([minimal.status, minimal.text, minimal.headers.get('content-range')]).toEqual([204, '', '0-0/1']);
  });

  it('rolls back a write that asked for one object but touched several', async () => {
    const r = await rest(get(), '/items?id=in.(a,b)', {
      method: 'PATCH', headers: { ...asService(get()), Accept: 'application/vnd.pgrst.object+json', Prefer: 'return=representation' }, body: '{"n":99}',
    });
    expect(r.status).toBe(406);
    expect(r.json.code).toBe('PGRST116');
    const after = await svc().from('items').select('n').in('id', ['a', 'b']).order('id');
    expect(after.data).toEqual([{ n: 1.5 }, { n: 2 }]);
  });

  it('commits despite Prefer: tx=rollback under the default db-tx-end (commit), as PostgREST', async () => {
    const r = await rest(get(), '/items', { method: 'POST', headers: { ...asService(get()), Prefer: 'tx=rollback,return=representation' }, body: '{"id":"kept"}' });
    expect([r.status, r.headers.get('preference-applied')]).toEqual([201, 'return=representation']);
    expect((await svc().from('items').select('id').eq('id', 'kept')).data).toEqual([{ id: 'kept' }]);
    const call = await rest(get(), '/rpc/add_author', { method: 'POST', headers: { ...asService(get()), Prefer: 'tx=rollback' }, body: '{"name":"Kept author"}' });
    expect(call.status).toBe(204);
    expect((await svc().from('authors').select('name').eq('name', 'Kept author')).data).toEqual([{ name: 'Kept author' }]);
    // tx=rollback is a known preference, merely not allowed: strict handling does not refuse it.
    const strict = await rest(get(), '/items', { method: 'POST', headers: { ...asService(get()), Prefer: 'handling=strict, tx=rollback' }, body: '{"id":"kept2"}' });
    expect([strict.status, strict.headers.get('preference-applied')]).toEqual([201, 'handling=strict']);
    expect((await svc().from('items').select('id').eq('id', 'kept2')).data).toEqual([{ id: 'kept2' }]);
    await svc().from('items').delete().in('id', ['kept', 'kept2']);
    await svc().from('authors').delete().eq('name', 'Kept author');
  });

  it('deletes with filters', async () => {
    const c = svc();
    await c.from('items').insert([{ id: 'del1' }, { id: 'del2' }]);
    const { data, status } = await c.from('items').delete().like('id', 'del*').select('id').order('id');
    expect(status).toBe(200);
    expect(data?.map((r) => r.id).sort()).toEqual(['del1', 'del2']);
    await c.from('items').insert({ id: 'del3' });
    const gone = await rest(get(), '/items?id=eq.del3', { method: 'DELETE', headers: asService(get()) });
    expect([gone.status, gone.headers.get('content-range')]).toEqual([204, '0-0/*']);
  });

  it('maps constraint and type errors to PostgREST statuses', async () => {
    const post = (body: string) => rest(get(), '/books', { method: 'POST', headers: asService(get()), body });
    const notNull = await post('{"title":null}');
    expect([notNull.status, notNull.json.code, notNull.json.message]).toEqual([400, '23502', 'null value in column "title" of relation "books" violates not-null constraint']);
    expect((await post('{"title":"x","status":"nope"}')).json).toMatchObject({ code: '23514' });
    const badType = await post('{"title":"x","pages":"many"}');
    expect([badType.status, badType.json]).toEqual([400, pgrstError('22P02', 'invalid input syntax for type integer: "many"')]);
    const fk = await post('{"title":"x","author_id":999}');
    expect([fk.status, fk.json.code, fk.json.details]).toEqual([409, '23503', 'Key (author_id)=(999) is not present in table "authors".']);
  });

  it('rejects unknown columns, bad JSON and oversized bodies', async () => {
    const unknown = await svc().from('items').insert({ id: 'z', nope: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.error).toEqual(pgrstError('PGRST204', "Could not find the 'nope' column of 'items' in the schema cache"));
    const patchUnknown = await rest(get(), '/items?id=eq.a', { method: 'PATCH', headers: asService(get()), body: '{"zzz":1}' });
    expect(patchUnknown.json.code).toBe('PGRST204');
    for (const body of ['{bad', '', '"text"', '[1,2]']) {
      const r = await rest(get(), '/items', { method: 'POST', headers: asService(get()), body });
      expect(r.status).toBe(400);
      expect(r.json.code).toBe('PGRST102');
    }
    const big = await rest(get(), '/items', { method: 'POST', headers: asService(get()), body: JSON.stringify({ id: 'big', label: 'x'.repeat(1_100_000) }) });
    expect(big.status).toBe(413);
    expect(big.json.message).toBe('Payload Too Large');
  });

  // ApiRequest.hs getPayload: CSV rows (NULL is null) and form fields insert as JSON objects of
  // strings; any other Content-Type is PGRST102. A CSV answer's header names the RETURNING columns.
  it('inserts CSV and form bodies and answers a write in CSV', async () => {
    const post = (path: string, contentType: string, body: string, accept = 'text/csv') => rest(get(), path, {
      method: 'POST', headers: { ...asService(get()), 'Content-Type': contentType, Accept: accept, Prefer: 'return=representation' }, body,
    });
    const csv = await post('/no_pk', 'text/csv', 'a,b\ncsv1,"with, comma"\r\nNULL,"csv2 ""q"""\n\n');
    expect([csv.status, csv.headers.get('content-type'), csv.text]).toEqual([201, 'text/csv; charset=utf-8', 'a,b\ncsv1,"with, comma"\n,"csv2 ""q"""']);
    expect((await svc().from('no_pk').select('a, b').like('b', '%csv2%')).data).toEqual([{ a: null, b: 'csv2 "q"' }]);
    const ragged = await post('/no_pk', 'text/csv', 'a,b\nfoo,bar\nbaz');
    expect([ragged.status, ragged.json]).toEqual([400, pgrstError('PGRST102', 'All lines must have same number of fields')]);
    // Typed by the columns: numbers and arrays from their text.
    const typed = await post('/books?select=title,pages,tags', 'text/csv', 'title,pages,tags,status\nCSV book,12,"{a,b}",draft', 'application/json');
    expect([typed.status, typed.json]).toEqual([201, [{ title: 'CSV book', pages: 12, tags: ['a', 'b'] }]]);
    // The header is what the insert returned (the selected columns and the key, sorted), as PostgREST's.
    const returned = await post('/items?select=label', 'text/csv', 'id,label\ncsv3,third');
    expect([returned.status, returned.text]).toEqual([201, 'id,label\nthird']);
    const form = await post('/items?select=id,label,n', 'application/x-www-form-urlencoded', 'id=form1&label=a+b%26c&n=1.5', 'application/json');
    expect([form.status, form.json]).toEqual([201, [{ id: 'form1', label: 'a b&c', n: 1.5 }]]);
    const text = await post('/items', 'text/plain', '{"id":"t"}', 'application/json');
    expect([text.status, text.json]).toEqual([400, pgrstError('PGRST102', 'Content-Type not acceptable: text/plain')]);
    await svc().from('no_pk').delete().like('b', '%csv%');
    await svc().from('no_pk').delete().like('a', 'csv%');
    await svc().from('books').delete().eq('title', 'CSV book');
    await svc().from('items').delete().in('id', ['csv3', 'form1']);
  });

  // A view's primary key is its table's (SchemaCache.hs addViewPrimaryKeys): upserts resolve on it.
  it('upserts through a view on the primary key of its table, and patches with a CSV row', async () => {
    const upsert = await rest(get(), '/author_view?select=author_key,name', {
      method: 'POST', headers: { ...asService(get()), Prefer: 'resolution=merge-duplicates,return=representation' }, body: '{"author_key":3,"name":"Iain M."}',
    });
    expect([upsert.status, upsert.json, upsert.headers.get('preference-applied')]).toEqual([200, [{ author_key: 3, name: 'Iain M.' }], 'resolution=merge-duplicates, return=representation']);
    const patch = await rest(get(), '/author_view?author_key=eq.3&select=name', {
      method: 'PATCH', headers: { ...asService(get()), 'Content-Type': 'text/csv', Prefer: 'return=representation' }, body: 'name\nIain\n',
    });
    expect([patch.status, patch.json]).toEqual([200, [{ name: 'Iain' }]]);
  });

  it('answers the EXPLAIN of a write without running it, unless options=analyze', async () => {
    const plan = await rest(get(), '/items?id=eq.a', {
      method: 'DELETE', headers: { ...asService(get()), Accept: 'application/vnd.pgrst.plan+json', Prefer: 'return=representation' },
    });
    expect([plan.status, plan.headers.get('content-type')]).toEqual([200, 'application/vnd.pgrst.plan+json; for="application/json"; charset=utf-8']);
    expect(plan.json[0].Plan).toHaveProperty('Node Type');
    expect((await svc().from('items').select('id').eq('id', 'a')).data).toEqual([{ id: 'a' }]);
    const analyzed = await rest(get(), '/items', {
      method: 'POST', headers: { ...asService(get()), Accept: 'application/vnd.pgrst.plan; options=analyze' }, body: '{"id":"planned"}',
    });
    expect([analyzed.status, analyzed.headers.get('content-type')]).toEqual([200, 'application/vnd.pgrst.plan+text; for="application/json"; options=analyze; charset=utf-8']);
    expect(analyzed.text).toContain('Insert on items');
    expect((await svc().from('items').select('id').eq('id', 'planned')).data).toEqual([{ id: 'planned' }]);
    await svc().from('items').delete().eq('id', 'planned');
  });

  // User values reach Postgres as quoted literals in one text (Db.requestStatement): each of these
  // must come back byte for byte through a write, filters, an RPC argument and a JSON path key.
  it('carries quotes, backslashes and statement-like text as plain values on every path', async () => {
    const c = svc();
    const hostile = ["it's", 'back\\slash\\', "\\'; drop table items; --", "E'x'", '$1 $$ $q$', "'); commit; select ('"];
    const rows = hostile.map((label, i) => ({ id: `h${i}`, label }));
    const inserted = await c.from('items').insert(rows).select('id, label').order('id');
    expect(inserted.error).toBeNull();
    expect(inserted.data).toEqual(rows);
    for (const row of rows) {
      const byEq = await c.from('items').select('id').eq('label', row.label);
      expect(byEq.data).toEqual([{ id: row.id }]);
    }
    const byIn = await c.from('items').select('id').in('label', hostile).order('id');
    expect(byIn.data).toEqual(rows.map(({ id }) => ({ id })));
    const echoed = await c.rpc('echo_named', { payload: { [hostile[2]!]: hostile[5] } });
    expect(echoed.data).toEqual({ [hostile[2]!]: hostile[5] });
    const book = await c.from('books').insert({ title: 'Hostile', meta: { [hostile[0]!]: hostile[1] } }).select('id').single();
    const byPath = await c.from('books').select('title, v:meta->>"it\'s"').eq('meta->>"it\'s"', hostile[1]!);
    expect(byPath.data).toEqual([{ title: 'Hostile', v: hostile[1] }]);
    await c.from('books').delete().eq('id', book.data!.id);
    expect((await c.from('items').select('id', { count: 'exact', head: true })).error).toBeNull();
    await c.from('items').delete().in('id', rows.map(({ id }) => id));
  });
}
