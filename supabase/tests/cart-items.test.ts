/**
 * cart_items and support_categories as the RxDB Supabase plugin uses them, through supabase-js:
 * the derived id (two devices' same line collide with the 409 the plugin recognises), the line's
 * checks, the plugin's guarded PATCH and soft delete, a paged checkpoint pull whose `or=` filter
 * carries the ids, Realtime changes to the owner only, and the categories' replication columns.
 * Who may read or write which rows is the authorization matrix's job (matrix.test.ts).
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../../tests/integration/support/stack.ts';
import { record } from '../../tests/integration/realtime/helpers.ts';
import { clientFor, createUser, probe } from './support/actors.ts';
import { cartItemId, nextProductId } from './support/fixtures.ts';

const UUID_V5 = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describeEngines('cart_items and support_categories replication', (engine) => {
  let t: TestStack;
  let product: number;
  let userA: string;
  let userB: string;
  let a: SupabaseClient;
  beforeAll(async () => {
    t = await startTestStack({ engine });
    product = Number(nextProductId());
    await t.db.query(`insert into public.products (id, name, slug, price, category, stock) values ($1, 'Opener', $2, 50, 'indoor', 9)`, [product, `opener-${product}`]);
    [userA, userB] = [await createUser(t), await createUser(t)];
    a = await clientFor(t, userA);
  });
  afterAll(() => t?.close());

  const line = (user: string, lineId: string, extra: Record<string, unknown> = {}) => ({
    id: cartItemId(user, lineId), line_id: lineId, product_id: product, name: 'Opener', price: 50, quantity: 1,
    added_at: '2026-11-26T10:00:00.000Z', ...extra,
  });

  it('a line is stored under the owner with the id derived from owner and line key; a second device gets 409 23505', async () => {
    const lineId = `${product}:Color=Schwarz Ä`;
    const first = await a.from('cart_items').insert(line(userA, lineId)).select().single();
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ id: cartItemId(userA, lineId), user_id: userA, quantity: 1, _deleted: false });
    expect(first.data.id).toMatch(UUID_V5);
    expect(first.data.added_at).toMatch(/^2026-11-26T10:00:00/); // the client's, not the server's
    const second = await (await clientFor(t, userA)).from('cart_items').insert(line(userA, lineId, { quantity: 2 }));
    expect(second).toMatchObject({ status: 409, error: { code: '23505' } });
  });

  it('refuses lines that break the rules with Postgres codes (400 check, 409 foreign key)', async () => {
    const n = () => `${product}:V=${randomUUID().slice(0, 6)}`;
    const cases: [string, Record<string, unknown>, string][] = [
      ['id of another line', { ...line(userA, n()), id: cartItemId(userA, n()) }, '23514'],
      ['quantity 0', line(userA, n(), { quantity: 0 }), '23514'],
      ['quantity 100', line(userA, n(), { quantity: 100 }), '23514'],
      ['negative price', line(userA, n(), { price: -1 }), '23514'],
      ['empty name', line(userA, n(), { name: '' }), '23514'],
      ['line of another product', line(userA, `${product + 1}:V=x`), '23514'],
      ['line key over 200 bytes', line(userA, `${product}:V=${'é'.repeat(100)}`), '23514'],
    ];
    for (const [what, row, code] of cases) {
      const { error, status } = await a.from('cart_items').insert(row);
      expect({ what, code: error?.code, status }).toEqual({ what, code, status: 400 });
    }
    const missing = await a.from('cart_items').insert({ ...line(userA, '999999'), product_id: 999999 });
    expect(missing).toMatchObject({ status: 409, error: { code: '23503' } });
  });

  it("the plugin's guarded PATCH changes a line and soft-deletes it; the owner still pulls the tombstone", async () => {
    const lineId = `${product}:Size=L`;
    const { data: row } = await a.from('cart_items').insert(line(userA, lineId)).select().single();
    // As the plugin updates: every other field must still hold its assumed value, and not deleted.
    const guarded = (values: Record<string, unknown>, assumed: Record<string, unknown>) =>
      a.from('cart_items').update(values).match({ id: row.id, quantity: assumed.quantity, name: 'Opener' }).eq('_deleted', false).select();
    const bumped = await guarded({ quantity: 3 }, { quantity: 1 });
    expect(bumped.data?.[0]).toMatchObject({ quantity: 3 });
    expect((await guarded({ quantity: 5 }, { quantity: 1 })).data).toEqual([]); // stale assumption: conflict
    const removed = await guarded({ _deleted: true }, { quantity: 3 });
    expect(removed.data?.[0]).toMatchObject({ _deleted: true });
    expect((await a.from('cart_items').select('id, _deleted').eq('id', row.id)).data).toEqual([{ id: row.id, _deleted: true }]);
    expect(removed.data![0]._modified > bumped.data![0]._modified).toBe(true);
  });

  it('a checkpoint pull pages through every line once, ids inside the or= filter', async () => {
    const user = await createUser(t);
    const c = await clientFor(t, user);
    for (const v of ['a', 'b, c', '(d)', 'e.f', 'g"h']) {
      expect((await c.from('cart_items').insert(line(user, `${product}:V=${v}`))).error).toBeNull();
    }
    const seen: string[] = [];
    let cp: { m: string; id: string } | null = null;
    for (let page = 0; page < 10; page++) {
      let q = c.from('cart_items').select('*').order('_modified').order('id').limit(2);
      if (cp) q = q.or(`_modified.gt.${cp.m},and(_modified.eq.${cp.m},id.gt.${cp.id})`);
      const { data, error } = await q;
      expect(error).toBeNull();
      if (!data!.length) break;
      seen.push(...data!.map((r) => r.line_id as string));
      cp = { m: data!.at(-1)!._modified, id: data!.at(-1)!.id };
    }
    expect(seen.sort()).toEqual(['a', 'b, c', '(d)', 'e.f', 'g"h'].map((v) => `${product}:V=${v}`).sort());
  });

  it("Realtime sends a line's changes to its owner, not to another user", async () => {
    const mine = t.client({ accessToken: await t.userToken(userA) });
    await mine.realtime.setAuth(await t.userToken(userA));
    const other = t.client({ accessToken: await t.userToken(userB) });
    await other.realtime.setAuth(await t.userToken(userB));
    const binding = { event: '*' as const, schema: 'public', table: 'cart_items' };
    const [ra, rb] = [await record(mine, 'cart-a', [binding]), await record(other, 'cart-b', [binding])];
    const lineId = `${product}:Live=1`;
    expect((await a.from('cart_items').insert(line(userA, lineId))).error).toBeNull();
    const change = await ra.waitFor(ra.changes, (x) => (x.new as { line_id?: string })?.line_id === lineId);
    expect(change).toMatchObject({ eventType: 'INSERT', new: { user_id: userA, quantity: 1 } });
    await new Promise((r) => setTimeout(r, 300));
    expect(rb.changes).toEqual([]);
  });

  it('the key is the same UUID on the server as on the devices, for any line key', async () => {
    const user = randomUUID();
    for (const lineId of ['1', `${product}:Color=Schwarz Ä`, `${product}:V=a'b"c,(d)`, `${product}:V=${'é'.repeat(90)}`]) {
      const server = await probe(t, 'select private.cart_item_id($1, $2) as v', [user, lineId]);
      expect({ lineId, server }).toEqual({ lineId, server: cartItemId(user, lineId) });
    }
    // RFC 9562's own example of a version 5 UUID, with our function's arithmetic on the DNS namespace.
    const example = await probe(t, `select encode(set_byte(set_byte(h, 6, (get_byte(h, 6) & 15) | 80), 8, (get_byte(h, 8) & 63) | 128), 'hex')::uuid::text as v
      from (select substring(extensions.digest(decode('6ba7b8109dad11d180b400c04fd430c8', 'hex') || convert_to('www.example.com', 'UTF8'), 'sha1') from 1 for 16) as h) d`);
    expect(example).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it("a line deleted for good reaches other subscribers as its key alone, which names neither owner nor product", async () => {
    const p = Number(nextProductId());
    await t.db.query(`insert into public.products (id, name, slug, price, category, stock) values ($1, 'Withdrawn', $2, 5, 'indoor', 1)`, [p, `withdrawn-${p}`]);
    const lineId = `${p}:Color=Red`;
    expect((await a.from('cart_items').insert({ ...line(userA, lineId), product_id: p })).error).toBeNull();
    const other = t.client({ accessToken: await t.userToken(userB) });
    await other.realtime.setAuth(await t.userToken(userB));
    const rb = await record(other, 'cart-deletes', [{ event: 'DELETE', schema: 'public', table: 'cart_items' }]);
    await t.db.query('delete from public.products where id = $1', [p]);
    const removed = await rb.waitFor(rb.changes, (x) => x.eventType === 'DELETE');
    // As on hosted Supabase, a DELETE carries the primary key to every subscriber; the key is opaque.
    expect(Object.keys(removed.old as object)).toEqual(['id']);
    const key = (removed.old as { id: string }).id;
    expect(key).toBe(cartItemId(userA, lineId));
    expect(key).toMatch(UUID_V5);
    for (const secret of [userA, String(p), Buffer.from(lineId).toString('hex')]) expect(key).not.toContain(secret);
  });

  it('deleting a product or a user takes their lines out of every cart', async () => {
    const p = Number(nextProductId());
    await t.db.query(`insert into public.products (id, name, slug, price, category, stock) values ($1, 'Gone', $2, 5, 'indoor', 1)`, [p, `gone-${p}`]);
    const user = await createUser(t);
    const c = await clientFor(t, user);
    expect((await c.from('cart_items').insert({ ...line(user, String(p)), product_id: p })).error).toBeNull();
    expect((await c.from('cart_items').insert(line(user, String(product)))).error).toBeNull();
    await t.db.query('delete from public.products where id = $1', [p]);
    expect(await probe(t, 'select count(*)::int as v from public.cart_items where user_id = $1', [user])).toBe(1);
    await t.db.query('delete from auth.users where id = $1', [user]);
    expect(await probe(t, 'select count(*)::int as v from public.cart_items where user_id = $1', [user])).toBe(0);
  });

  it('support_categories carry the replication columns: existing rows stamped, changes restamped, in the publication', async () => {
    const seeded = await t.db.query<{ n: number }>('select count(*)::int as n from public.support_categories where _modified is null or _deleted');
    expect(seeded.rows[0]!.n).toBe(0);
    const id = randomUUID();
    await t.db.query(`insert into public.support_categories (id, name) values ($1, $2)`, [id, `Replicated ${id}`]);
    const before = String(await probe(t, 'select _modified::text as v from public.support_categories where id = $1', [id]));
    const admin = await clientFor(t, await createUser(t, { role: 'admin' }));
    const { data, error } = await admin.from('support_categories').update({ _deleted: true }).eq('id', id).select('_deleted, _modified');
    expect(error).toBeNull();
    expect(data?.[0]?._deleted).toBe(true);
    expect(String(await probe(t, 'select _modified::text as v from public.support_categories where id = $1', [id])) > before).toBe(true);
    const published = await t.db.query<{ t: string }>(`select tablename as t from pg_publication_tables
      where pubname = 'supabase_realtime' and tablename in ('support_categories', 'cart_items') order by 1`);
    expect(published.rows.map((r) => r.t)).toEqual(['cart_items', 'support_categories']);
  });
});
