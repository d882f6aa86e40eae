/**
 * Server-set columns, generated over every public table: whoever the matrix lets insert or update
 * a table cannot choose its created_at / updated_at / resolved_at / published_at, nor put a row
 * in another user's name (user_id, author_id, sender_id), nor move a row to another user. The
 * columns are read from the catalogue, so a new table with such columns is checked as soon as it
 * is in the matrix (which must cover every table).
 * Writes that repeat the document (as the RxDB plugin does) must still succeed on replicated tables.
 */
import { expect, it } from 'vitest';
import type { TestStack } from '../../../tests/integration/support/stack.ts';
import { clientFor } from './actors.ts';
import type { Actor, World } from './fixtures.ts';
import { tableWrites } from './tables.ts';

export const SERVER_TIMESTAMPS = ['created_at', 'updated_at', 'resolved_at', 'published_at'];
export const OWNER_COLUMNS = ['user_id', 'author_id', 'sender_id'];
const REPLICATED = ['devices', 'access_permissions', 'orders', 'notifications', 'support_tickets', 'support_messages', 'kb_articles',
  'support_categories', 'cart_items', 'device_events'];
const FORGED = '2001-02-03T04:05:06+00:00';
const forgedYear = 2001;

type Writers = (table: string, op: 'insert' | 'update') => Actor[];

async function columnsOf(t: TestStack, table: string): Promise<string[]> {
  const r = await t.db.query<{ c: string }>(
    "select column_name as c from information_schema.columns where table_schema = 'public' and table_name = $1", [table]);
  return r.rows.map((x) => x.c);
}

async function rowOf(t: TestStack, table: string, key: string, keyValue: string, cols: string[]): Promise<Record<string, unknown> | undefined> {
  const list = cols.map((c) => `${c}::text as ${c}`).join(', ');
  return (await t.db.query<Record<string, unknown>>(`select ${list} from public.${table} where ${key}::text = $1`, [keyValue])).rows[0];
}

const yearOf = (v: unknown) => (v == null ? null : new Date(String(v)).getUTCFullYear());

export function serverColumnsSuite(ctx: () => { t: TestStack; world: World }, tables: string[], writers: Writers) {
  const writes = tableWrites();
  const userOf = (w: World, actor: Actor) => (actor === 'anon' ? null : w.users[actor]);
  const someoneElse = (w: World, actor: Actor) => (actor === 'customerB' ? w.users.customerA : w.users.customerB);

  for (const table of tables) {
    it(`${table}: inserts cannot choose server timestamps or the owner`, async () => {
      const { t, world } = ctx();
      const cols = await columnsOf(t, table);
      const stamps = SERVER_TIMESTAMPS.filter((c) => cols.includes(c));
      const owner = OWNER_COLUMNS.find((c) => cols.includes(c));
      const spec = writes[table]!;
      for (const actor of writers(table, 'insert')) {
        const client = actor === 'anon' ? t.client() : await clientFor(t, world.users[actor]);
        const self = userOf(world, actor) ?? world.users.customerA;
        const { key, row } = await spec.insert(t, world, self);
        const sent = { ...row, ...Object.fromEntries(stamps.map((c) => [c, FORGED])) };
        const { error } = await client.from(table).insert(sent);
        expect(error, `${table} × ${actor}: an insert that sends server columns still succeeds`).toBeNull();
        const stored = await rowOf(t, table, spec.key, key, [...stamps, ...(owner ? [owner] : [])]);
        for (const c of stamps) expect(yearOf(stored?.[c]), `${table}.${c} × ${actor}`).not.toBe(forgedYear);
        if (!owner) continue;
        expect(stored?.[owner], `${table}.${owner} × ${actor}`).toBe(userOf(world, actor));
        const forged = await spec.insert(t, world, self);
        const other = await client.from(table).insert({ ...forged.row, [owner]: someoneElse(world, actor) });
        expect(other.error?.code, `${table}.${owner} × ${actor}: a row in someone else's name`).toBe('42501');
        expect(await rowOf(t, table, spec.key, forged.key, [owner])).toBeUndefined();
      }
    });

    it(`${table}: updates cannot change server timestamps or move the row to another user`, async () => {
      const { t, world } = ctx();
      const cols = await columnsOf(t, table);
      const stamps = SERVER_TIMESTAMPS.filter((c) => cols.includes(c));
      const owner = OWNER_COLUMNS.find((c) => cols.includes(c));
      const spec = writes[table]!;
      for (const actor of writers(table, 'update')) {
        const client = actor === 'anon' ? t.client() : await clientFor(t, world.users[actor]);
        const key = await spec.target(t, world);
        const watched = [...stamps, ...(owner ? [owner] : [])];
        const before = await rowOf(t, table, spec.key, key, watched);
        const sent = { ...spec.update().values, ...Object.fromEntries(stamps.map((c) => [c, FORGED])) };
        const { error } = await client.from(table).update(sent).eq(spec.key, key);
        // Replicated tables get whole documents back from their clients: the write must land.
        if (REPLICATED.includes(table)) expect(error, `${table} × ${actor}`).toBeNull();
        else if (error) expect(error.code, `${table} × ${actor}`).toBe('42501');
        const after = await rowOf(t, table, spec.key, key, watched);
        for (const c of stamps.filter((s) => s !== 'updated_at')) expect(after?.[c], `${table}.${c} × ${actor}`).toBe(before?.[c]);
        if (stamps.includes('updated_at')) expect(yearOf(after?.updated_at), `${table}.updated_at × ${actor}`).not.toBe(forgedYear);
        if (!owner) continue;
        const moved = await client.from(table).update({ [owner]: someoneElse(world, actor) }).eq(spec.key, key);
        expect(moved.error?.code, `${table}.${owner} × ${actor}: moving the row`).toBe('42501');
        expect((await rowOf(t, table, spec.key, key, [owner]))?.[owner]).toBe(before?.[owner]);
      }
    });
  }
}
