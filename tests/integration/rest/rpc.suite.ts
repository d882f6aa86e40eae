import { expect, it } from 'vitest';
import type { TestStack } from '../support/stack.ts';
import { asService, pgrstError, rest } from './helpers.ts';

/** /rpc/<fn>: named arguments by POST and GET, scalars, rows, sets, void, errors raised in SQL. */
export function rpcSuite(get: () => TestStack): void {
  it('calls functions with named arguments by POST and GET, using defaults', async () => {
    const c = get().client();
    expect((await c.rpc('add', { a: 2, b: 3 })).data).toBe(5);
    expect((await c.rpc('add', { a: 2 })).data).toBe(12);
    expect((await c.rpc('add', { a: 1, b: 1 }, { get: true })).data).toBe(2);
    expect((await c.rpc('hello')).data).toBe('hello');
    const wire = await rest(get(), '/rpc/add?a=40&b=2');
    expect([wire.status, wire.text]).toEqual([200, '42']);
  });

  it('returns rows for composite and set-returning functions, with select, filters and order', async () => {
    const c = get().client();
    expect((await c.rpc('get_author', { aid: 2 })).data).toEqual({ id: 2, name: 'Terry', born: '1948-04-28' });
    const set = await c.rpc('search_books', { q: 'a' }).select('title, author:authors!author_id(name)').eq('status', 'published').order('title', { ascending: false });
    expect(set.error).toBeNull();
    expect(set.data).toEqual([
      { title: 'The Left Hand of Darkness', author: { name: 'Ursula' } },
      { title: 'Guards! Guards!', author: { name: 'Terry' } },
      { title: 'A Wizard of Earthsea', author: { name: 'Ursula' } },
    ]);
    expect((await c.rpc('numbers', { n: 4 })).data).toEqual([1, 2, 3, 4]);
    const filtered = await rest(get(), '/rpc/numbers?n=10&numbers=gt.7', { headers: { Prefer: 'count=exact' } });
    expect([filtered.json, filtered.headers.get('content-range')]).toEqual([[8, 9, 10], '0-2/3']);
    const single = await c.rpc('search_books', { q: 'Mort' }).single();
    expect(single.data).toMatchObject({ title: 'Mort' });
  });

  // PostgREST (Query/Statements.hs prepareCall, Response.hs): exact and estimated count the call's
  // rows, planned gives no total; a single value or void is one row (page total 1).
  it('counts the rows of a call for Content-Range, calling the function once', async () => {
    const t = get();
    const range = async (path: string, prefer?: string, init: { method?: string; body?: string } = {}) => {
      const r = await rest(t, path, { ...init, headers: { ...asService(t), ...(prefer ? { Prefer: prefer } : {}) } });
      return [r.status, r.headers.get('content-range'), r.text];
    };
    expect(await range('/rpc/add?a=3&b=4', 'count=exact')).toEqual([200, '0-0/1', '7']);
    expect(await range('/rpc/add?a=3&b=4')).toEqual([200, '0-0/*', '7']);
    expect((await range('/rpc/get_author?aid=2', 'count=exact')).slice(0, 2)).toEqual([200, '0-0/1']);
    expect((await range('/rpc/numbers?n=10&limit=3&offset=2', 'count=exact')).slice(0, 2)).toEqual([206, '2-4/10']);
    expect((await range('/rpc/numbers?n=10&numbers=gt.3', 'count=estimated')).slice(0, 2)).toEqual([200, '0-6/7']);
    expect((await range('/rpc/numbers?n=10', 'count=planned')).slice(0, 2)).toEqual([200, '0-9/*']);
    expect((await range('/rpc/numbers?n=4', 'count=exact', { method: 'HEAD' }))).toEqual([200, '0-3/4', '']);
    // supabase-js reads the total from Content-Range, also for HEAD and GET calls.
    const c = t.client();
    expect(await c.rpc('add', { a: 1, b: 2 }, { count: 'exact' })).toMatchObject({ data: 3, count: 1, status: 200 });
    expect(await c.rpc('numbers', { n: 4 }, { head: true, count: 'exact' })).toMatchObject({ data: null, count: 4, status: 200 });
    expect(await c.rpc('numbers', { n: 6 }, { get: true, count: 'exact' }).range(0, 1)).toMatchObject({ data: [1, 2], count: 6, status: 206 });
    // A void call is one row too, answered 204.
    expect(await range('/rpc/add_author', 'count=exact', { method: 'POST', body: '{"name":"Counted once"}' })).toEqual([204, '0-0/1', '']);
    // A volatile set-returning call with a count inserts its rows once, not once more for the count.
    expect((await range('/rpc/add_authors?select=name', 'count=exact', { method: 'POST', body: '{"names":["Twice?","Twice?"]}' })).slice(0, 2)).toEqual([200, '0-1/2']);
    const svc = t.client({ serviceRole: true });
    expect((await svc.from('authors').select('name').in('name', ['Counted once', 'Twice?'])).data).toHaveLength(3);
    await svc.from('authors').delete().in('name', ['Counted once', 'Twice?']);
  });

  it('passes the whole body to a function with one unnamed json parameter', async () => {
    const { data } = await get().client().rpc('echo', { any: ['thing', 1], nested: { ok: true } });
    expect(data).toEqual({ any: ['thing', 1], nested: { ok: true } });
    const named = await rest(get(), '/rpc/echo_named', { method: 'POST', headers: { Prefer: 'params=single-object' }, body: '{"x":[1,{"y":null}]}' });
    expect([named.status, named.json, named.headers.get('preference-applied')]).toEqual([200, { x: [1, { y: null }] }, 'params=single-object']);
  });

  it('answers 204 for void functions and runs volatile ones read-write on POST only', async () => {
    const svc = get().client({ serviceRole: true });
    const { status, error } = await svc.rpc('add_author', { name: 'Via RPC' });
    expect([status, error]).toEqual([204, null]);
    expect((await svc.from('authors').select('name').eq('name', 'Via RPC')).data).toEqual([{ name: 'Via RPC' }]);
    const viaGet = await rest(get(), '/rpc/add_author?name=Nope', { headers: asService(get()) });
    expect(viaGet.status).toBe(405);
    expect(viaGet.json).toEqual(pgrstError('25006', 'cannot execute INSERT in a read-only transaction'));
    // A stable function runs read-only even by POST, as PostgREST runs it.
    expect((await svc.rpc('whoami')).data).toMatchObject({ method: 'POST', read_only: 'on' });
    await svc.from('authors').delete().eq('name', 'Via RPC');
  });

  // Query.hs `failNotSingular`, `failExceedsMaxAffectedPref`: checked on the call's rows before
  // the transaction ends, so a refused call leaves nothing behind.
  it('rolls a call back when its rows break single or a strict max-affected', async () => {
    const t = get();
    const svc = t.client({ serviceRole: true });
    const call = (names: string[], prefer: string, accept = 'application/json') => rest(t, '/rpc/add_authors?select=name', {
      method: 'POST', headers: { ...asService(t), Prefer: prefer, Accept: accept }, body: JSON.stringify({ names }),
    });
    const tooMany = await call(['Max A', 'Max B'], 'max-affected=1, handling=strict');
    expect([tooMany.status, tooMany.json]).toEqual([400, pgrstError('PGRST124', 'Query result exceeds max-affected preference constraint', 'The query affects 2 rows')]);
    const notOne = await call(['Single A', 'Single B'], 'return=representation', 'application/vnd.pgrst.object+json');
    expect([notOne.status, notOne.json]).toEqual([406, pgrstError('PGRST116', 'Cannot coerce the result to a single JSON object', 'The result contains 2 rows')]);
    expect((await svc.from('authors').select('name').in('name', ['Max A', 'Max B', 'Single A', 'Single B'])).data).toEqual([]);
    // Within the limit, or lenient (the default handling), the call commits.
    expect((await call(['Max C'], 'max-affected=1, handling=strict')).json).toEqual([{ name: 'Max C' }]);
    expect((await call(['Max D', 'Max E'], 'max-affected=1')).status).toBe(200);
    await svc.from('authors').delete().in('name', ['Max C', 'Max D', 'Max E']);
  });

  it('reports unknown functions and argument sets like PostgREST', async () => {
    const none = await rest(get(), '/rpc/nope', { method: 'POST', body: '{"a":1,"b":2}' });
    expect(none.status).toBe(404);
    expect(none.json).toEqual(pgrstError('PGRST202', 'Could not find the function public.nope(a, b) in the schema cache',
      'Searched for the function public.nope with parameters a, b or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.'));
    const wrongArgs = await rest(get(), '/rpc/add?x=1');
    expect(wrongArgs.json).toEqual(pgrstError('PGRST202', 'Could not find the function public.add(x) in the schema cache',
      'Searched for the function public.add with parameter x, but no matches were found in the schema cache.', 'Perhaps you meant to call the function public.add(a, b)'));
    const typo = await rest(get(), '/rpc/helo');
    expect(typo.json.hint).toBe('Perhaps you meant to call the function public.hello');
    const badMethod = await rest(get(), '/rpc/add', { method: 'PATCH', body: '{}' });
    expect([badMethod.status, badMethod.json.code]).toEqual([405, 'PGRST101']);
  });

  // PostgREST (Plan.hs findProc, Error.hs AmbiguousRpc, Routine.hs's overload order): every
  // overload that fits the argument names is a candidate; two or more are a 300 listing them.
  it('answers overloads it cannot choose between with PGRST203, listed as PostgREST lists them', async () => {
    const hint = 'Try renaming the parameters or the function itself in the database so function overloading can be resolved';
    const noArgs = await rest(get(), '/rpc/overloaded');
    expect([noArgs.status, noArgs.json]).toEqual([300, pgrstError('PGRST203',
      'Could not choose the best candidate function between: public.overloaded(), public.overloaded( => text)', null, hint)]);
    const viaJs = await get().client().rpc('overloaded');
    expect([viaJs.status, viaJs.error?.code]).toEqual([300, 'PGRST203']);
    // The unnamed parameter is named '' in the body; it gets the whole body.
    const unnamed = await rest(get(), '/rpc/overloaded', { method: 'POST', body: '{"":"y"}' });
    expect([unnamed.status, unnamed.json]).toEqual([200, 'unnamed:{"":"y"}']);
    const sameArgs = await rest(get(), '/rpc/same_args?arg=1');
    expect([sameArgs.status, sameArgs.json]).toEqual([300, pgrstError('PGRST203',
      'Could not choose the best candidate function between: public.same_args(arg => boolean), public.same_args(arg => integer), public.same_args(arg => text, num => integer)', null, hint)]);
    expect((await rest(get(), '/rpc/same_args?arg=1&num=2')).json).toBe('text 2');
    // Two functions that could each take the whole body.
    const bodies = await rest(get(), '/rpc/json_or_jsonb', { method: 'POST', body: '{"a":1}' });
    expect([bodies.status, bodies.json]).toEqual([300, pgrstError('PGRST203',
      'Could not choose the best candidate function between: public.json_or_jsonb( => json), public.json_or_jsonb( => jsonb)', null, hint)]);
    // An unnamed parameter of another type: not in PostgREST's schema cache at all.
    const hidden = await rest(get(), '/rpc/unnamed_int', { method: 'POST', body: '{"":1}' });
    expect([hidden.status, hidden.json.code, hidden.json.message]).toEqual([404, 'PGRST202', 'Could not find the function public.unnamed_int() in the schema cache']);
    expect(hidden.json.details).toBe('Searched for the function public.unnamed_int with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.');
    // GET never falls back to the whole-body function.
    const getEcho = await rest(get(), '/rpc/echo?a=1');
    expect([getEcho.status, getEcho.json.code]).toEqual([404, 'PGRST202']);
  });

  // PostgREST (Plan.hs findProc `hasSingleUnnamedParam`, QueryBuilder.hs `singleParameter`): a POST
  // whose Content-Type matches the type of a function's one unnamed parameter passes the body as it is.
  it('passes a text, xml or binary body whole to a function with one unnamed parameter of that type', async () => {
    const t = get();
    const text = await rest(t, '/rpc/shout', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'a "quoted", \\ back\nslashed body' });
    expect([text.status, text.json]).toEqual([200, 'A "QUOTED", \\ BACK\nSLASHED BODY']);
    const xml = await rest(t, '/rpc/xml_root', { method: 'POST', headers: { 'Content-Type': 'text/xml' }, body: '<catalog><book/></catalog>' });
    expect([xml.status, xml.json]).toEqual([200, 'catalog']);
    const bytes = await fetch(`${t.url}/rest/v1/rpc/byte_length`, {
      method: 'POST', headers: { apikey: t.anonKey, 'Content-Type': 'application/octet-stream' }, body: new Uint8Array([0, 1, 2, 0xff, 0xfe]),
    });
    expect([bytes.status, await bytes.text()]).toEqual([200, '5']);
    // A type no unnamed parameter takes: the error names the single parameter PostgREST looked for.
    const noText = await rest(t, '/rpc/add', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' });
    expect([noText.status, noText.json]).toEqual([404, pgrstError('PGRST202', 'Could not find the function public.add in the schema cache',
      'Searched for the function public.add with a single unnamed text parameter, but no matches were found in the schema cache.')]);
    const noBytes = await rest(t, '/rpc/shout', { method: 'POST', headers: { 'Content-Type': 'application/octet-stream' }, body: 'x' });
    expect(noBytes.json.details).toBe('Searched for the function public.shout with a single unnamed bytea parameter, but no matches were found in the schema cache.');
    // A function without parameters does not take a raw body either.
    const hello = await rest(t, '/rpc/hello', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '' });
    expect([hello.status, hello.json.code]).toEqual([404, 'PGRST202']);
    const unknown = await rest(t, '/rpc/add', { method: 'POST', headers: { 'Content-Type': 'application/xml' }, body: '<a/>' });
    expect([unknown.status, unknown.json]).toEqual([400, pgrstError('PGRST102', 'Content-Type not acceptable: application/xml')]);
  });

  // ApiRequest.hs getPayload: a form and a CSV body name arguments as a JSON object does; an array
  // of objects (JSON or CSV rows) calls the function once, with the first.
  it('reads named arguments from forms, CSV and JSON arrays (the first row)', async () => {
    const t = get();
    const form = await rest(t, '/rpc/add', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=1&b=2' });
    expect([form.status, form.json]).toEqual([200, 3]);
    const csv = await rest(t, '/rpc/add', { method: 'POST', headers: { 'Content-Type': 'text/csv' }, body: 'a,b\n1,2\n5,5' });
    expect([csv.status, csv.json]).toEqual([200, 3]);
    const array = await rest(t, '/rpc/add', { method: 'POST', body: '[{"a":40,"b":2},{"a":5,"b":5}]' });
    expect([array.status, array.json]).toEqual([200, 42]);
    const ragged = await rest(t, '/rpc/add', { method: 'POST', body: '[{"a":40,"b":2},{"a":5}]' });
    expect([ragged.status, ragged.json]).toEqual([400, pgrstError('PGRST102', 'All object keys must match')]);
    // The whole-body function gets the array as it is; an array of anything but objects of the
    // same keys is refused first, as by PostgREST.
    const echoed = await rest(t, '/rpc/echo', { method: 'POST', body: '[{"a": 1}, {"a": 2}]' });
    expect([echoed.status, echoed.json]).toEqual([200, [{ a: 1 }, { a: 2 }]]);
    const mixed = await rest(t, '/rpc/echo', { method: 'POST', body: '[1, {"a": 2}]' });
    expect([mixed.status, mixed.json]).toEqual([400, pgrstError('PGRST102', 'All object keys must match')]);
    // A large integer reaches SQL as sent, not through a JavaScript number.
    const big = await rest(t, '/rpc/echo_named', { method: 'POST', body: '{"payload": 9007199254740993}' });
    expect([big.status, big.text]).toEqual([200, '9007199254740993']);
    // `character` arguments are read without their one-character limit (PostgREST's ppTypeMaxLength).
    expect((await rest(t, '/rpc/first_letter?c=abc')).json).toBe('abc');
  });

  // CallPlan.hs jsonRpcParams: a repeated query parameter (or form field) is every value of a
  // variadic parameter, called with VARIADIC.
  it('calls variadic functions with repeated parameters, an array, or the default', async () => {
    const t = get();
    expect((await rest(t, '/rpc/variadic_words?words=hi&words=there')).json).toEqual(['hi', 'there']);
    expect((await rest(t, '/rpc/variadic_words?words=hi')).json).toEqual(['hi']);
    expect((await rest(t, '/rpc/variadic_words')).json).toEqual([]);
    expect((await rest(t, '/rpc/variadic_words', { method: 'POST', body: '{"words":["a","b","c"]}' })).json).toEqual(['a', 'b', 'c']);
    const form = await rest(t, '/rpc/variadic_words', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'words=x&words=y' });
    expect(form.json).toEqual(['x', 'y']);
    expect((await t.client().rpc('variadic_words', { words: ['via', 'js'] })).data).toEqual(['via', 'js']);
    // Not variadic: the last value of a repeated parameter.
    expect((await rest(t, '/rpc/add?a=1&a=5&b=1')).json).toBe(6);
  });

  // PostgREST 12 reads arguments with json_to_record, typed as the parameters are: a polymorphic
  // parameter is a pseudo-type no column can have, so Postgres refuses the call.
  it('answers a polymorphic parameter as PostgREST 12 does (42P16)', async () => {
    const r = await rest(get(), '/rpc/poly_echo?v=1');
    expect([r.status, r.json]).toEqual([400, pgrstError('42P16', 'column "v" has pseudo-type anyelement')]);
  });

  // PostgREST's CSV of a call: the header names the columns of its "pgrst_source" (a single value's
  // is `pgrst_scalar`; a row's, the returned ones: the selected columns, sorted).
  it('answers calls in CSV, and their EXPLAIN', async () => {
    const t = get();
    const csv = async (path: string) => {
      const r = await rest(t, path, { headers: { Accept: 'text/csv' } });
      return [r.status, r.headers.get('content-type'), r.text];
    };
    expect(await csv('/rpc/add?a=1&b=2')).toEqual([200, 'text/csv; charset=utf-8', 'pgrst_scalar\n3']);
    expect((await csv('/rpc/hello'))[2]).toBe('pgrst_scalar\nhello');
    expect((await csv('/rpc/numbers?n=3'))[2]).toBe('pgrst_scalar\n1\n2\n3');
    expect((await csv('/rpc/get_author?aid=2'))[2]).toBe('id,name,born\n2,Terry,1948-04-28');
    expect((await csv('/rpc/search_books?q=Guards&select=title,pages'))[2]).toBe('pages,title\n"Guards! Guards!",416');
    expect((await csv('/rpc/search_books?q=zzz'))[2]).toBe('\n');
    const plan = await rest(t, '/rpc/numbers?n=3', { headers: { Accept: 'application/vnd.pgrst.plan+json' } });
    expect([plan.status, plan.headers.get('content-type')]).toEqual([200, 'application/vnd.pgrst.plan+json; for="application/json"; charset=utf-8']);
    expect(plan.json[0].Plan).toHaveProperty('Node Type');
    const voidPlan = await rest(t, '/rpc/add_author', { method: 'POST', headers: { Accept: 'application/vnd.pgrst.plan' }, body: '{"name":"Never"}' });
    expect(voidPlan.status).toBe(200);
    expect((await t.client({ serviceRole: true }).from('authors').select('id').eq('name', 'Never')).data).toEqual([]);
  });

  it('forwards exceptions raised in SQL, including RAISE SQLSTATE PGRST', async () => {
    const raised = await get().client().rpc('fail', { msg: 'Out of stock' });
    expect(raised.status).toBe(400);
    expect(raised.error).toEqual(pgrstError('P0001', 'Out of stock', 'some detail', 'some hint'));
    const teapot = await rest(get(), '/rpc/teapot', { method: 'POST' });
    expect([teapot.status, teapot.headers.get('x-tea'), teapot.json]).toEqual([418, 'earl grey', pgrstError('T418', 'I am a teapot', 'd', 'h')]);
  });
}
