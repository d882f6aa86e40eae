import { request } from 'node:http';
import { expect, it, vi } from 'vitest';
import type { TestStack } from '../support/stack.ts';
import { USER_A } from './fixture.ts';
import { asService, pgrstError, rest } from './helpers.ts';

/** Names Postgres would take as a function of the table's row (`"books"."count"` is `count(books)`). */
const FUNCTION_NAMES = ['count', 'json_agg', 'row_to_json', 'to_json', 'to_jsonb', 'array_agg', 'now'];

const nested = (depth: number, inner = 'id') => 'profiles(id,authors('.repeat(Math.floor(depth / 2)) + (depth % 2 ? `profiles(${inner})` : inner) + '))'.repeat(Math.floor(depth / 2));
const jsonNested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** Request shapes refused before any SQL runs, names that are not columns, and what SQL is told. */
export function limitsSuite(get: () => TestStack): void {
  it('answers a name that is not a column with 42703, never as a function call on the row', async () => {
    const t = get();
    for (const name of FUNCTION_NAMES) {
      const books = pgrstError('42703', `column books.${name} does not exist`);
      // A selected `count` is PostgREST's legacy count (tested below), not a function call either.
      const selects = name === 'count' ? [] : [
        `/books?select=${name}`, `/books?select=${name}&limit=1`, `/authors?select=id,books!author_id(${name})`, `/rpc/search_books?q=a&select=${name}`,
      ];
      const paths = [...selects, `/books?select=id&order=${name}`, `/books?${name}=eq.1`, `/books?or=(${name}.eq.1)`];
      for (const path of paths) {
        const r = await rest(t, path);
        // An embedded table is named by its alias in the query, as Postgres names it for PostgREST.
        const expected = path.includes('books!author_id') ? pgrstError('42703', `column books_1.${name} does not exist`) : books;
        expect([r.status, r.json], path).toEqual([400, expected]);
      }
      if (name !== 'count') {
        const stats = await rest(t, `/rpc/book_stats?select=${name}`);
        expect([stats.status, stats.json], name).toEqual([400, pgrstError('42703', `column book_stats.${name} does not exist`)]);
      }
      const del = await rest(t, `/books?${name}=eq.1`, { method: 'DELETE', headers: asService(t) });
      expect([del.status, del.json], name).toEqual([400, books]);
      const patch = await rest(t, `/books?${name}=eq.1`, { method: 'PATCH', headers: { ...asService(t), 'Content-Type': 'application/json' }, body: '{"pages":1}' });
      expect([patch.status, patch.json], name).toEqual([400, books]);
    }
  });

  it("answers PostgREST's legacy count: select=count and an embedded rel(count)", async () => {
    const t = get();
    const embedded = await rest(t, '/authors?select=id,books!author_id(count)&books.id=lte.5&id=lte.3&order=id');
    expect([embedded.status, embedded.json]).toEqual([200, [{ id: 1, books: [{ count: 2 }] }, { id: 2, books: [{ count: 2 }] }, { id: 3, books: [{ count: 0 }] }]]);
    const filtered = await rest(t, '/authors?select=name,n:books!author_id(total:count)&books.status=eq.draft&id=eq.2');
    expect([filtered.status, filtered.json]).toEqual([200, [{ name: 'Terry', n: [{ total: 1 }] }]]);
    const viaClient = await t.client().from('books').select('id, chapters(count)').in('id', [1, 2]).order('id');
    expect(viaClient).toMatchObject({ status: 200, data: [{ id: 1, chapters: [{ count: 3 }] }, { id: 2, chapters: [{ count: 0 }] }] });
    const root = await rest(t, '/books?select=count&status=eq.published&id=lte.5');
    expect([root.status, root.json]).toEqual([200, [{ count: 3 }]]);
    const rpc = await rest(t, '/rpc/search_books?q=guards&select=count');
    expect([rpc.status, rpc.json]).toEqual([200, [{ count: 1 }]]);
    // Beside other columns it is an aggregate without GROUP BY, refused by Postgres as PostgREST's is.
    expect((await rest(t, '/books?select=id,count')).json.code).toBe('42803');
  });

  it('still selects computed fields and the columns of a function result', async () => {
    const t = get();
    const computed = await rest(t, '/books?select=id,title_length&id=eq.1&order=title_length');
    expect([computed.status, computed.json]).toEqual([200, [{ id: 1, title_length: 20 }]]);
    const filtered = await rest(t, '/books?select=id&title_length=eq.4');
    expect(filtered.json).toEqual([{ id: 4 }]);
    const stats = await rest(t, '/rpc/book_stats?select=book_id,chapters&book_id=eq.1');
    expect([stats.status, stats.json]).toEqual([200, [{ book_id: 1, chapters: 3 }]]);
  });

  it('finds a column added after the schema cache was read', async () => {
    const t = get();
    const settle = () => new Promise((r) => setTimeout(r, 1100)); // reloads are at most one a second
    await t.db.exec('create table public.late_columns (id int primary key); insert into public.late_columns values (1)');
    await settle();
    expect((await rest(t, '/late_columns?select=id')).json).toEqual([{ id: 1 }]);
    await t.db.exec('alter table public.late_columns add column extra text');
    await settle();
    const r = await rest(t, '/late_columns?select=id,extra');
    expect([r.status, r.json]).toEqual([200, [{ id: 1, extra: null }]]);
  });

  it('caps embedded resources at 20 per request and 5 levels deep, with PGRST100', async () => {
    const t = get();
    const deep5 = await rest(t, `/authors?select=id,${nested(5)}&id=eq.1`);
    expect(deep5.status).toBe(200);
    const deep6 = await rest(t, `/authors?select=id,${nested(6)}`);
    expect([deep6.status, deep6.json.code, deep6.json.details]).toEqual([400, 'PGRST100', 'Embedded resources can be nested at most 5 levels deep']);
    const parens = await rest(t, `/books?select=${'a('.repeat(5000)}id${')'.repeat(5000)}`);
    expect([parens.status, parens.json.code]).toEqual([400, 'PGRST100']);
    const wide = (n: number) => Array.from({ length: n }, (_, i) => `p${i}:profiles(id)`).join(',');
    expect((await rest(t, `/authors?select=id,${wide(20)}`)).status).toBe(200);
    const tooWide = await rest(t, `/authors?select=id,${wide(21)}`);
    expect([tooWide.status, tooWide.json]).toEqual([400, pgrstError('PGRST100', 'The select parameter is too complex',
      'At most 20 embedded resources are allowed in one request',
      'Split the request into simpler ones, or move the query into a database function called with /rpc.')]);
  });

  it('caps JSON paths at 32 arrows and select lists at 1,000 items, with PGRST100', async () => {
    const t = get();
    const path = (n: number) => `meta${'->a'.repeat(n - 1)}->>a`;
    expect((await rest(t, `/books?select=id,${path(32)}&id=eq.1`)).status).toBe(200);
    for (const q of [`select=id,${path(33)}`, `select=id&${path(300)}=eq.1`, `select=id&order=${path(300)}`, `select=id&or=(${path(300)}.eq.1)`]) {
      const r = await rest(t, `/books?${q}`);
      expect([r.status, r.json.code, r.json.details], q.slice(0, 30)).toEqual([400, 'PGRST100', 'A JSON path can have at most 32 arrows (-> or ->>)']);
    }
    const items = (n: number) => Array.from({ length: n }, (_, i) => `c${i}:id`).join(',');
    expect((await rest(t, `/books?select=${items(1000)}&id=eq.1`)).status).toBe(200);
    const many = await rest(t, `/books?select=${items(1001)}`);
    expect([many.status, many.json.code, many.json.details]).toEqual([400, 'PGRST100', 'At most 1000 items are allowed in one select list']);
  });

  it('refuses regular expressions that can run for minutes (back-references, repeated quantified groups, > 256 characters)', async () => {
    const t = get();
    const hint = 'Split the request into simpler ones, or move the query into a database function called with /rpc.';
    const backref = 'Back-references (\\1 to \\9) are not allowed in a filter pattern';
    const nestedQ = 'A repeated group cannot contain a quantifier (nested quantifiers such as (a+)+ are not allowed in a filter pattern)';
    const q = encodeURIComponent;
    const refused: [string, string][] = [
      [`title=match.${q('(.*)(.*)(.*)(.*)(.*)(.*)\\6\\5\\4\\3\\2\\1x')}`, backref],
      [`title=not.imatch.${q('(a)\\1')}`, backref],
      [`title=match.${q('(a{255}){255}')}`, nestedQ],
      [`title=match.${q('(a+)+$')}`, nestedQ],
      [`title=imatch.${q('(?:x|.*)*y')}`, nestedQ],
      [`or=(id.eq.1,title.match.${q('"(.*)*"')})`, nestedQ],
      [`title=match.${'a'.repeat(257)}`, 'A filter pattern can be at most 256 characters long'],
    ];
    for (const [filter, details] of refused) {
      const r = await rest(t, `/books?select=id&${filter}`);
      expect([r.status, r.json], filter).toEqual([400, pgrstError('PGRST100', 'The regular expression is too complex', details, hint)]);
    }
    // Ordinary patterns still run, including quantifiers, optional groups and brackets.
    for (const [filter, ids] of [[`title=match.${q('^(The|A) [LW]')}`, [1, 2]], [`title=imatch.${q('guards?! (guards)?')}`, [3]],
      [`title=match.${q('^[(M]o+rt$')}`, [4]], [`title=match.${'.?'.repeat(128)}`, [1, 2, 3, 4, 5]]] as const) {
      const r = await rest(t, `/books?select=id&order=id&${filter}`);
      expect([r.status, r.json.map((b: { id: number }) => b.id)], filter).toEqual([200, ids]);
    }
  });

  it('refuses a repeated * in one select list, which would overflow the target list, with PGRST100', async () => {
    const t = get();
    expect((await rest(t, '/books?select=*,id,title,authors!author_id(*)&id=eq.1')).status).toBe(200);
    for (const select of [Array(1000).fill('*').join(','), '*,*', 'id,authors(*,name,*)']) {
      const r = await rest(t, `/books?select=${select}`);
      expect([r.status, r.json.code, r.json.details], select.slice(0, 20)).toEqual([400, 'PGRST100', '`*` can appear at most once in one select list']);
    }
  });

  it('caps nested and()/or() at 10 levels, with PGRST100', async () => {
    const t = get();
    const tree = (depth: number) => {
      let inner = 'id.eq.1';
      for (let i = 1; i < depth; i += 1) inner = `${i % 2 ? 'not.and' : 'or'}(${inner},id.eq.1)`;
      return `(${inner})`;
    };
    expect((await rest(t, `/books?select=id&or=${tree(10)}`)).status).toBe(200);
    for (const depth of [11, 300]) {
      const r = await rest(t, `/books?select=id&or=${tree(depth)}`);
      expect([r.status, r.json.code, r.json.details], String(depth)).toEqual([400, 'PGRST100', 'and(…)/or(…) can be nested at most 10 levels deep']);
    }
  });

  it('refuses JSON bodies nested more than 128 levels with PGRST102, before parsing them', async () => {
    const t = get();
    const json = { 'Content-Type': 'application/json' };
    // An object (a function takes an array of objects only), then 127 arrays: 128 levels.
    const ok = await rest(t, '/rpc/echo', { method: 'POST', headers: json, body: `{"a":${jsonNested(127)}}` });
    expect(ok.status).toBe(200);
    const quoted = await rest(t, '/rpc/echo', { method: 'POST', headers: json, body: JSON.stringify({ s: '['.repeat(500) + '{' }) });
    expect(quoted.status).toBe(200);
    for (const [path, body] of [['/rpc/echo', jsonNested(129)], ['/rpc/echo', jsonNested(5000)], ['/rpc/echo_named', `{"payload":${jsonNested(5000)}}`],
      ['/items', `{"id":"deep","label":${jsonNested(5000)}}`]] as const) {
      const r = await rest(t, path, { method: 'POST', headers: { ...json, ...asService(t) }, body });
      expect([r.status, r.json], path).toEqual([400, pgrstError('PGRST102', 'The JSON body is nested too deeply', 'Arrays and objects can be nested at most 128 levels deep')]);
    }
  });

  it('does not log a body the client stopped sending as a server error', async () => {
    const t = get();
    const errors = vi.spyOn(console, 'error');
    try {
      const { hostname, port } = new URL(t.url);
      await new Promise<void>((resolve) => {
        const req = request({ hostname, port, method: 'POST', path: '/rest/v1/items', headers: { apikey: t.serviceRoleKey, 'Content-Type': 'application/json', 'Content-Length': 1000 } });
        req.on('error', () => resolve());
        req.write('[{"id":"cut', () => setTimeout(() => { req.destroy(); resolve(); }, 50));
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(errors.mock.calls.filter((c) => String(c[0]).includes('[rest]'))).toEqual([]);
    } finally {
      errors.mockRestore();
    }
    expect((await rest(t, '/items?select=id&id=eq.cut')).json).toEqual([]);
  });

  it('gives SQL the role settings and the address the stack trusts, not the client', async () => {
    const t = get();
    const forged = { 'X-Forwarded-For': '203.0.113.7', 'X-Real-IP': '203.0.113.8' };
    const anon = await rest(t, '/rpc/request_limits', { headers: forged });
    expect(anon.json).toEqual({ role: 'anon', statement_timeout: '3s', forwarded_for: '127.0.0.1', real_ip: null });
    const user = await rest(t, '/rpc/request_limits', { headers: { Authorization: `Bearer ${await t.userToken(USER_A)}` } });
    expect([user.json.role, user.json.statement_timeout]).toEqual(['authenticated', '8s']);
    // service_role has no timeout of its own: it runs under authenticator's, as on a hosted project.
    const service = await rest(t, '/rpc/request_limits', { headers: asService(t) });
    expect([service.json.role, service.json.statement_timeout]).toEqual(['service_role', '8s']);
  });
}
