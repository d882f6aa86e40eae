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

  it('forwards exceptions raised in SQL, including RAISE SQLSTATE PGRST', async () => {
    const raised = await get().client().rpc('fail', { msg: 'Out of stock' });
    expect(raised.status).toBe(400);
    expect(raised.error).toEqual(pgrstError('P0001', 'Out of stock', 'some detail', 'some hint'));
    const teapot = await rest(get(), '/rpc/teapot', { method: 'POST' });
    expect([teapot.status, teapot.headers.get('x-tea'), teapot.json]).toEqual([418, 'earl grey', pgrstError('T418', 'I am a teapot', 'd', 'h')]);
  });
}
