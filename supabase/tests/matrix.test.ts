/**
 * THE AUTHORIZATION MATRIX: every public table × {anon, customer A, customer B, support, admin} ×
 * {select, insert, update, delete}, checked through supabase-js against the running stack.
 *
 * select: exactly these base rows are visible ('all' = every base row of the table).
 * insert: the actor inserts a row as themselves (a parent device/ticket is customer A's).
 * update / delete: on a fresh row owned by customer A (profiles: customer A's own profile).
 * 'ok' = the write landed (verified as the owner), 'denied' = refused or 0 rows, nothing changed.
 * Admin here has NO verified factor; the aal rule is checked in matrix-aal below.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeEngines, startTestStack, type TestStack } from '../../tests/integration/support/stack.ts';
import { clientFor, probe } from './support/actors.ts';
import { ACTORS, buildWorld, type Actor, type World } from './support/fixtures.ts';
import { tableWrites } from './support/tables.ts';
import { aalSuite } from './support/aal.suite.ts';
import { escalationSuite } from './support/escalation.suite.ts';
import { internalMessagesSuite } from './support/internal.suite.ts';
import { serverColumnsSuite } from './support/server-columns.suite.ts';

type Rows = string[] | 'all';
type Write = 'ok' | 'denied';
type Op = 'select' | 'insert' | 'update' | 'delete';
//   table                      op         anon                 customerA                                 customerB                    support   admin
const MATRIX: [string, Op, ...(Rows | Write)[]][] = [
  ['profiles',                 'select', [],                  ['pA'],                                   ['pB'],                      'all',    'all'],
  ['profiles',                 'insert', 'denied',            'denied',                                 'denied',                    'denied', 'denied'],
  ['profiles',                 'update', 'denied',            'ok',                                     'denied',                    'denied', 'ok'],
  ['profiles',                 'delete', 'denied',            'denied',                                 'denied',                    'denied', 'denied'],
  ['products',                 'select', ['productActive'],   ['productActive'],                        ['productActive'],           ['productActive'], 'all'],
  ['products',                 'insert', 'denied',            'denied',                                 'denied',                    'denied', 'ok'],
  ['products',                 'update', 'denied',            'denied',                                 'denied',                    'denied', 'ok'],
  ['products',                 'delete', 'denied',            'denied',                                 'denied',                    'denied', 'ok'],
  ['inventory',                'select', [],                  [],                                       [],                          [],       'all'],
  ['inventory',                'insert', 'denied',            'denied',                                 'denied',                    'denied', 'ok'],
  ['inventory',                'update', 'denied',            'denied',                                 'denied',                    'denied', 'ok'],
  ['inventory',                'delete', 'denied',            'denied',                                 'denied',                    'denied', 'ok'],
  ['financial_transactions',   'select', [],                  [],                                       [],                          [],       'all'],
  ['financial_transactions',   'insert', 'denied',            'denied',                                 'denied',                    'denied', 'ok'],
  ['financial_transactions',   'update', 'denied',            'denied',                                 'denied',                    'denied', 'ok'],
  ['financial_transactions',   'delete', 'denied',            'denied',                                 'denied',                    'denied', 'ok'],
  ['orders',                   'select', [],                  ['orderA'],                               ['orderB'],                  'all',    'all'],
  ['orders',                   'insert', 'denied',            'denied',                                 'denied',                    'denied', 'denied'],
  ['orders',                   'update', 'denied',            'denied',                                 'denied',                    'denied', 'ok'],
  ['orders',                   'delete', 'denied',            'denied',                                 'denied',                    'denied', 'denied'],
  ['devices',                  'select', [],                  ['deviceA'],                              ['deviceB'],                 [],       []],
  ['devices',                  'insert', 'denied',            'ok',                                     'ok',                        'ok',     'ok'],
  ['devices',                  'update', 'denied',            'ok',                                     'denied',                    'denied', 'denied'],
  ['devices',                  'delete', 'denied',            'denied',                                 'denied',                    'denied', 'denied'],
  ['access_permissions',       'select', [],                  ['permissionA'],                          ['permissionB'],             [],       []],
  ['access_permissions',       'insert', 'denied',            'ok',                                     'denied',                    'denied', 'denied'],
  ['access_permissions',       'update', 'denied',            'ok',                                     'denied',                    'denied', 'denied'],
  ['access_permissions',       'delete', 'denied',            'denied',                                 'denied',                    'denied', 'denied'],
  ['notifications',            'select', [],                  ['notificationA'],                        ['notificationB'],           [],       []],
  ['notifications',            'insert', 'denied',            'denied',                                 'denied',                    'denied', 'denied'],
  ['notifications',            'update', 'denied',            'ok',                                     'denied',                    'denied', 'denied'],
  ['notifications',            'delete', 'denied',            'denied',                                 'denied',                    'denied', 'denied'],
  ['access_logs',              'select', [],                  [],                                       [],                          'all',    'all'],
  ['access_logs',              'insert', 'denied',            'denied',                                 'denied',                    'denied', 'denied'],
  ['access_logs',              'update', 'denied',            'denied',                                 'denied',                    'denied', 'denied'],
  ['access_logs',              'delete', 'denied',            'denied',                                 'denied',                    'denied', 'denied'],
  ['cms_content',              'select', ['publishedPage'],   ['publishedPage', 'publishedPost'],       ['publishedPage', 'publishedPost'], 'all', 'all'],
  ['cms_content',              'insert', 'denied',            'denied',                                 'denied',                    'ok',     'ok'],
  ['cms_content',              'update', 'denied',            'denied',                                 'denied',                    'ok',     'ok'],
  ['cms_content',              'delete', 'denied',            'denied',                                 'denied',                    'denied', 'ok'],
  ['support_categories',       'select', ['activeCategory'],  ['activeCategory'],                       ['activeCategory'],          'all',    'all'],
  ['support_categories',       'insert', 'denied',            'denied',                                 'denied',                    'denied', 'ok'],
  ['support_categories',       'update', 'denied',            'denied',                                 'denied',                    'denied', 'ok'],
  ['support_categories',       'delete', 'denied',            'denied',                                 'denied',                    'denied', 'ok'],
  ['support_tickets',          'select', [],                  ['ticketA'],                              ['ticketB'],                 'all',    'all'],
  ['support_tickets',          'insert', 'denied',            'ok',                                     'ok',                        'ok',     'ok'],
  ['support_tickets',          'update', 'denied',            'denied',                                 'denied',                    'ok',     'ok'],
  ['support_tickets',          'delete', 'denied',            'denied',                                 'denied',                    'denied', 'denied'],
  ['support_messages',         'select', [],                  ['messageA', 'staffReplyA'],              ['messageB'],                'all',    'all'],
  ['support_messages',         'insert', 'denied',            'ok',                                     'denied',                    'ok',     'ok'],
  ['support_messages',         'update', 'denied',            'denied',                                 'denied',                    'denied', 'denied'],
  ['support_messages',         'delete', 'denied',            'denied',                                 'denied',                    'denied', 'denied'],
  ['kb_articles',              'select', ['publishedArticle'], ['publishedArticle'],                    ['publishedArticle'],        'all',    'all'],
  ['kb_articles',              'insert', 'denied',            'denied',                                 'denied',                    'ok',     'ok'],
  ['kb_articles',              'update', 'denied',            'denied',                                 'denied',                    'ok',     'ok'],
  ['kb_articles',              'delete', 'denied',            'denied',                                 'denied',                    'ok',     'ok'],
  ['kb_helpful_votes',         'select', [],                  ['voteA'],                                ['voteB'],                   [],       []],
  ['kb_helpful_votes',         'insert', 'denied',            'denied',                                 'denied',                    'denied', 'denied'],
  ['kb_helpful_votes',         'update', 'denied',            'denied',                                 'denied',                    'denied', 'denied'],
  ['kb_helpful_votes',         'delete', 'denied',            'denied',                                 'denied',                    'denied', 'denied'],
  ['cart_items',               'select', [],                  ['lineA'],                                ['lineB'],                   [],       []],
  ['cart_items',               'insert', 'denied',            'ok',                                     'ok',                        'ok',     'ok'],
  ['cart_items',               'update', 'denied',            'ok',                                     'denied',                    'denied', 'denied'],
  ['cart_items',               'delete', 'denied',            'denied',                                 'denied',                    'denied', 'denied'],
  ['device_events',            'select', [],                  ['eventA'],                               ['eventB'],                  [],       []],
  ['device_events',            'insert', 'denied',            'denied',                                 'denied',                    'denied', 'denied'],
  ['device_events',            'update', 'denied',            'denied',                                 'denied',                    'denied', 'denied'],
  ['device_events',            'delete', 'denied',            'denied',                                 'denied',                    'denied', 'denied'],
  ['door_commands',            'select', [],                  ['commandA'],                             ['commandB'],                [],       []],
  ['door_commands',            'insert', 'denied',            'denied',                                 'denied',                    'denied', 'denied'],
  ['door_commands',            'update', 'denied',            'denied',                                 'denied',                    'denied', 'denied'],
  ['door_commands',            'delete', 'denied',            'denied',                                 'denied',                    'denied', 'denied'],
  ['newsletter_subscriptions', 'select', [],                  [],                                       [],                          [],       'all'],
  ['newsletter_subscriptions', 'insert', 'ok',                'ok',                                     'ok',                        'ok',     'ok'],
  ['newsletter_subscriptions', 'update', 'denied',            'denied',                                 'denied',                    'denied', 'denied'],
  ['newsletter_subscriptions', 'delete', 'denied',            'denied',                                 'denied',                    'denied', 'ok'],
];

describeEngines('authorization matrix', (engine) => {
  let t: TestStack;
  let world: World;
  const clients = new Map<Actor, SupabaseClient>();
  const writes = tableWrites();

  beforeAll(async () => {
    t = await startTestStack({ engine });
    world = await buildWorld(t);
    clients.set('anon', t.client());
    for (const actor of ACTORS.filter((a) => a !== 'anon') as Exclude<Actor, 'anon'>[]) {
      clients.set(actor, await clientFor(t, world.users[actor]));
    }
  });
  afterAll(() => t?.close());

  it('covers every table in public', async () => {
    const { rows } = await t.db.query<{ name: string }>(
      "select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1",
    );
    expect([...new Set(MATRIX.map((r) => r[0]))].sort()).toEqual(rows.map((r) => r.name));
  });

  for (const [table, op, ...cells] of MATRIX) {
    ACTORS.forEach((actor, i) => {
      const expected = cells[i]!;
      it(`${table} × ${actor} × ${op} → ${Array.isArray(expected) ? `[${expected.join(', ')}]` : expected}`, async () => {
        const client = clients.get(actor)!;
        const spec = writes[table]!;
        const exists = async (key: string) =>
          Number(await probe(t, `select count(*)::int as v from public.${table} where ${spec.key}::text = $1`, [key])) > 0;

        if (op === 'select') {
          const base = world.rows[table]!;
          const { data, error } = await client.from(table).select(spec.key).in(spec.key, Object.values(base));
          expect(error).toBeNull();
          const seen = (data as unknown as Record<string, unknown>[]).map((r) => String(r[spec.key]));
          const names = Object.entries(base).filter(([, v]) => seen.includes(v)).map(([k]) => k).sort();
          expect(names).toEqual(expected === 'all' ? Object.keys(base).sort() : [...(expected as string[])].sort());
        } else if (op === 'insert') {
          const self = actor === 'anon' ? world.users.customerA : world.users[actor];
          const { key, row } = await spec.insert(t, world, self);
          const { error } = await client.from(table).insert(row);
          if (expected === 'ok') expect(error).toBeNull();
          expect(await exists(key)).toBe(expected === 'ok');
        } else if (op === 'update') {
          const key = await spec.target(t, world);
          const u = spec.update();
          const before = await probe(t, `select (${u.probe}) as v from public.${table} where ${spec.key}::text = $1`, [key]);
          const { error } = await client.from(table).update(u.values).eq(spec.key, key);
          const after = await probe(t, `select (${u.probe}) as v from public.${table} where ${spec.key}::text = $1`, [key]);
          if (expected === 'ok') {
            expect(error).toBeNull();
            expect(after).toBe(u.expect);
          } else {
            expect(after).toBe(before);
          }
        } else {
          const key = await spec.target(t, world);
          const { error } = await client.from(table).delete().eq(spec.key, key);
          if (expected === 'ok') expect(error).toBeNull();
          expect(await exists(key)).toBe(expected !== 'ok');
        }
      });
    });
  }

  const ctx = () => ({ t, world });
  describe('aal rule for admins with a verified factor', () => aalSuite(ctx));
  describe('self-escalation and protected columns', () => escalationSuite(ctx));
  describe('internal messages never reach customers', () => internalMessagesSuite(ctx));
  const tables = [...new Set(MATRIX.map((r) => r[0]))];
  const writers = (table: string, op: Op) => ACTORS.filter((_, i) => MATRIX.find((r) => r[0] === table && r[1] === op)?.[i + 2] === 'ok');
  describe('server-set columns on every table', () => serverColumnsSuite(ctx, tables, writers));
});
