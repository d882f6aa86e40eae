/**
 * Property test: random query strings, headers, methods and bodies never get a 5xx, every error is
 * a PostgREST-shaped JSON body, and the server still answers a good request afterwards.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../support/stack.ts';
import { REST_FIXTURE } from './fixture.ts';

const RUNS = 1000;

// Function names too: Postgres reads `"books"."count"` as count(books) unless the name is checked.
const word = fc.constantFrom('id', 'title', 'pages', 'tags', 'meta', 'name', 'author_id', 'authors', 'chapters', 'books', '"Mixed Case"', '"weird,col"', '*', 'nope', 'n',
  'count', 'json_agg', 'row_to_json', 'to_jsonb', 'array_agg', 'now', 'title_length', 'sleep');
/** Nesting within the limits, just past them, and past V8's stack (≈5,000 for JSON, less for the parsers). */
const depth = fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constantFrom(129, 301, 2000, 5000, 7000));
const op = fc.constantFrom('eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'is', 'in', 'cs', 'cd', 'ov', 'fts', 'match', 'not.eq', 'not.in', 'isdistinct', 'sl', 'adj', 'bogus');
const junk = fc.string({ maxLength: 24, unit: fc.constantFrom('(', ')', ',', '.', '"', '\\', ':', '!', '-', '>', '*', '{', '}', ' ', '%', 'a', '1', 'é', '\u0000', '\n', 'ﬀ') });
// Header values must be visible ASCII for fetch to send them.
const headerJunk = fc.string({ maxLength: 24, unit: fc.constantFrom('(', ')', ',', '.', '"', '=', ';', '-', '*', ' ', 'a', '1', 'z', '9') });
const value = fc.oneof(junk, fc.string({ maxLength: 16 }), fc.integer().map(String), fc.constantFrom('null', 'true', '(1,2)', '{a,b}', '("a,b",c)', '2024-01-01T00:00:00+00:00'));
const filterValue = fc.oneof(fc.tuple(op, value).map(([o, v]) => `${o}.${v}`), value);
const selectValue = fc.oneof(
  fc.array(fc.oneof(word, fc.tuple(word, word).map(([a, b]) => `${a}:${b}`),
    fc.tuple(word, fc.constantFrom('::text', '::int', '->a', '->>b', '->0', '!inner', '!author_id', '.sum()', '.avg()::int', '::int.max()', '.min()', '.count()')).map(([a, b]) => a + b),
    fc.constantFrom('count()', 'n:count()::text', '...authors(born.max())', '...authors!author_id(count())', 'authors(count())'),
    fc.tuple(word, word).map(([a, b]) => `${a}(${b})`), junk), { maxLength: 5 }).map((xs) => xs.join(',')),
  junk,
  fc.tuple(depth, fc.constantFrom('authors', 'chapters', 'a')).map(([n, w]) => `${w}(`.repeat(n) + 'id' + ')'.repeat(n)),
  fc.integer({ min: 1, max: 40 }).map((n) => Array.from({ length: n }, (_, i) => `x${i}:chapters(id)`).join(',')),
  fc.tuple(depth, fc.constantFrom('->', '->>')).map(([n, a]) => `meta${'->a'.repeat(n)}${a}b`),
  fc.integer({ min: 990, max: 1700 }).map((n) => Array.from({ length: n }, () => 'id').join(',')),
);
const logic = fc.oneof(
  fc.array(fc.oneof(fc.tuple(word, filterValue).map(([w, v]) => `${w}.${v}`), junk), { maxLength: 4 }).map((xs) => `(${xs.join(',')})`),
  junk,
  fc.tuple(depth, fc.constantFrom('or(', 'and(', 'not.or(', 'not.and(')).map(([n, w]) => `(${w.repeat(n)}id.eq.1${')'.repeat(n)})`),
);
const param = fc.oneof(
  fc.tuple(fc.constant('select'), selectValue),
  fc.tuple(fc.constantFrom('order', 'authors.order'), fc.oneof(fc.tuple(word, fc.constantFrom('', '.asc', '.desc', '.nullsfirst', '.desc.nullslast', '.xx')).map(([w, d]) => w + d), junk)),
  fc.tuple(fc.constantFrom('limit', 'offset', 'chapters.limit'), fc.oneof(fc.integer({ min: -5, max: 200 }).map(String), junk)),
  fc.tuple(fc.constantFrom('or', 'and', 'not.or', 'chapters.or'), logic),
  fc.tuple(fc.oneof(word, fc.constantFrom('authors.name', 'meta->>isbn', 'chapters.position'), depth.map((n) => `meta${'->a'.repeat(n)}`), junk), filterValue),
  fc.tuple(fc.constantFrom('columns', 'on_conflict', 'a', 'b', 'n', 'q'), value),
);
const path = fc.oneof(
  fc.constantFrom('/books', '/authors', '/items', '/todos', '/chapters', '/rpc/add', '/rpc/numbers', '/rpc/echo', '/rpc/search_books', '/rpc/nope', '/', '/rpc', '/rpc/add/x', '/nope', '//books', '/%E0%A4%A'),
  junk.map((s) => `/${encodeURIComponent(s)}`),
);
const body = fc.oneof(
  fc.constant(undefined),
  fc.json({ maxDepth: 3 }),
  junk,
  fc.dictionary(fc.oneof(word, fc.string({ maxLength: 6 })), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }).map((o) => JSON.stringify(o)),
  fc.array(fc.dictionary(fc.constantFrom('id', 'label', 'n', 'title', 'pages'), fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.constant(null)), { maxKeys: 3 }), { maxLength: 3 }).map((a) => JSON.stringify(a)),
  fc.tuple(depth, fc.constantFrom('[', '{"a":', '{"meta":')).map(([n, open]) => open.repeat(n) + '1' + (open === '[' ? ']' : '}').repeat(n)),
);
const headers = fc.record({
  Prefer: fc.option(fc.oneof(fc.array(fc.constantFrom('return=representation', 'return=minimal', 'count=exact', 'resolution=merge-duplicates', 'resolution=ignore-duplicates', 'missing=default', 'handling=strict', 'tx=rollback', 'bogus', 'count=x'), { maxLength: 3 }).map((x) => x.join(', ')), headerJunk), { nil: undefined }),
  Range: fc.option(fc.oneof(fc.tuple(fc.nat(20), fc.nat(20)).map(([a, b]) => `${a}-${b}`), headerJunk), { nil: undefined }),
  Accept: fc.option(fc.oneof(fc.constantFrom('application/json', 'application/vnd.pgrst.object+json', 'text/csv', '*/*', 'application/vnd.pgrst.array+json;nulls=stripped', 'x/y;q=0', ''), headerJunk), { nil: undefined }),
  'Accept-Profile': fc.option(fc.constantFrom('public', 'auth', 'graphql_public', ''), { nil: undefined }),
  who: fc.constantFrom('anon', 'service', 'user', 'garbage'),
}, { requiredKeys: ['who'] });

describeEngines('/rest/v1 under random input', (engine) => {
  let t: TestStack | undefined;
  beforeAll(async () => {
    // Aggregates on, so random selects reach their SQL (off, they would all stop at PGRST123).
    t = await startTestStack({ engine, bare: true, fixtureSql: REST_FIXTURE, configOverrides: { api: { db_aggregates_enabled: true } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`answers ${RUNS} random requests without a 5xx and keeps serving`, async () => {
    const stack = t as TestStack;
    const userToken = await stack.userToken('00000000-0000-4000-8000-0000000000aa');
    const tokens = { anon: stack.anonKey, service: stack.serviceRoleKey, user: userToken, garbage: 'a.b.c' };
    const method = fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS');
    await fc.assert(
      fc.asyncProperty(method, path, fc.array(param, { maxLength: 5 }), headers, body, async (m, p, params, h, b) => {
        // Parentheses and commas unescaped, as supabase-js sends them: deep nesting fits in a URL.
        const qs = new URLSearchParams(params).toString().replaceAll('%28', '(').replaceAll('%29', ')').replaceAll('%2C', ',');
        const { who, ...rest } = h;
        const sent: Record<string, string> = { apikey: stack.anonKey, Authorization: `Bearer ${tokens[who]}` };
        for (const [k, v] of Object.entries(rest)) if (v !== undefined) sent[k] = v;
        const res = await fetch(`${stack.url}/rest/v1${p}${qs ? `?${qs}` : ''}`, {
          method: m, headers: sent, ...(b !== undefined && m !== 'GET' && m !== 'HEAD' ? { body: b } : {}),
        });
        const text = await res.text();
        expect(res.status, `${m} ${p}?${qs} ${JSON.stringify(sent)} ${b} → ${text}`).toBeLessThan(500);
        if (res.status >= 400 && m !== 'HEAD' && res.status !== 431) {
          const err = JSON.parse(text) as Record<string, unknown>;
          expect(typeof err.message).toBe('string');
        }
      }),
      { numRuns: RUNS },
    );
    const ok = await fetch(`${stack.url}/rest/v1/authors?select=id&limit=1`, { headers: { apikey: stack.anonKey } });
    expect(ok.status).toBe(200);
    expect(Array.isArray(await ok.json())).toBe(true);
  }, 300_000);
});
