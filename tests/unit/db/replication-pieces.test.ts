import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { devices } from '@/db/collections/devices.ts';
import { addedAtStamp, cartItems } from '@/db/collections/cart-items.ts';
import { kbArticles } from '@/db/collections/kb-articles.ts';
import { fromPgTextArray, toPgTextArray } from '@/db/collections/pg-array.ts';
import { mergeConflictHandler, type Replaced } from '@/db/replication/merge.ts';
import { createPushGuard, type RefusedWrite } from '@/db/replication/push-guard.ts';

describe('Postgres text[] literals', () => {
  it('round-trip any strings', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), (items) => {
        expect(fromPgTextArray(toPgTextArray(items))).toEqual(items);
      }),
    );
  });
});

describe('field-wise merge (the server wins)', () => {
  const base = { id: 'd1', user_id: 'u', name: 'A', location: 'x', status: 'offline', updated_at: '1', _deleted: false };
  const run = async (mine: object, theirs: object, assumed: object | undefined = base) => {
    const replaced: Replaced[] = [];
    const handler = mergeConflictHandler(devices as never, (r) => replaced.push(r));
    const doc = await handler.resolve({ newDocumentState: { ...base, ...mine } as never, assumedMasterState: assumed as never, realMasterState: { ...base, ...theirs } as never }, 'test');
    return { doc, replaced };
  };

  it('keeps what only this device changed and takes what only the server changed', async () => {
    const { doc, replaced } = await run({ location: 'left bay' }, { status: 'online', updated_at: '2' });
    expect(doc).toMatchObject({ location: 'left bay', status: 'online', updated_at: '2' });
    expect(replaced).toEqual([]);
  });

  it('takes the server value for a field both changed and reports it', async () => {
    const { doc, replaced } = await run({ name: 'Mine' }, { name: 'Theirs' });
    expect(doc).toMatchObject({ name: 'Theirs' });
    expect(replaced).toEqual([expect.objectContaining({ docId: 'd1', mine: { name: 'Mine' }, theirs: { name: 'Theirs' } })]);
  });

  it('a repeated insert that this device deleted since stays deleted, though another device changed the row meanwhile', async () => {
    // The insert reached the server, its answer was lost; here the device renamed and removed it,
    // there another device renamed it. The deletion is this device's alone: it wins.
    const inserted = { ...base, created_at: '1' };
    const replaced: Replaced[] = [];
    const handler = mergeConflictHandler(devices as never, (r) => replaced.push(r));
    const doc = await handler.resolve({ newDocumentState: { ...inserted, name: 'Mine', _deleted: true } as never, realMasterState: { ...inserted, name: 'Theirs', updated_at: '2' } as never }, 'test');
    expect(doc).toMatchObject({ _deleted: true, name: 'Theirs', updated_at: '2' });
    // Not deleted by this device: the server's row wins, and what it replaced is reported.
    const kept = await handler.resolve({ newDocumentState: { ...inserted, name: 'Mine' } as never, realMasterState: { ...inserted, name: 'Theirs', updated_at: '2' } as never }, 'test');
    expect(kept).toMatchObject({ _deleted: false, name: 'Theirs' });
    expect(replaced).toEqual([expect.objectContaining({ mine: { name: 'Mine' }, theirs: { name: 'Theirs' } })]);
  });

  it("compares a text[] column by value, though RxDB hands this device's states over in the server's shape", async () => {
    const replaced: Replaced[] = [];
    const handler = mergeConflictHandler(kbArticles as never, (r) => replaced.push(r));
    const article = { id: 'a1', title: 'T', content: 'C', category: 'FAQs', tags: ['wifi', 'a "b"'], is_published: true, is_featured: false, author_id: null, view_count: 0, helpful_votes: 0, created_at: '1', updated_at: '1', _deleted: false };
    const pushed = { ...article, tags: toPgTextArray(article.tags) };
    // The repeated insert of a pulled row: equal, nothing reported.
    expect(await handler.resolve({ newDocumentState: pushed as never, realMasterState: article as never }, 'test')).toEqual(article);
    // An edit of the title against a server that changed only the view count: both kept, tags an array.
    const merged = await handler.resolve({ newDocumentState: { ...pushed, title: 'Mine' } as never, assumedMasterState: pushed as never, realMasterState: { ...article, view_count: 3, updated_at: '2' } as never }, 'test');
    expect(merged).toMatchObject({ title: 'Mine', view_count: 3, tags: article.tags });
    expect(replaced).toEqual([]);
  });

  it('a repeated cart insert is not counted twice; two devices adding the same line both count', async () => {
    const handler = mergeConflictHandler(cartItems, () => undefined);
    const line = { id: 'u:31', user_id: 'u', line_id: '1', product_id: 1, variant: null, name: 'Unit', price: 1, image: null, quantity: 2, added_at: '2026-11-23T10:00:00.123Z', created_at: 't', updated_at: 't', _deleted: false };
    // The server writes the same instant in its own format.
    const replay = await handler.resolve({ newDocumentState: line, realMasterState: { ...line, added_at: '2026-11-23T10:00:00.123+00:00', updated_at: 's' } }, 'test');
    expect(replay.quantity).toBe(2);
    const both = await handler.resolve({ newDocumentState: line, realMasterState: { ...line, added_at: '2026-11-23T10:00:05+00:00', quantity: 3 } }, 'test');
    expect(both.quantity).toBe(5);
  });

  it('two devices adding the same line in the same millisecond both count; a replay is still one insert', async () => {
    const handler = mergeConflictHandler(cartItems, () => undefined);
    const ms = Date.parse('2026-11-23T10:00:00.123Z');
    const [mine, theirs] = [addedAtStamp(ms, () => 0.4561), addedAtStamp(ms, () => 0.78)];
    expect([mine, theirs]).toEqual(['2026-11-23T10:00:00.123456Z', '2026-11-23T10:00:00.123780Z']);
    const line = { id: 'u:31', user_id: 'u', line_id: '1', product_id: 1, variant: null, name: 'Unit', price: 1, image: null, quantity: 2, added_at: mine, created_at: 't', updated_at: 't', _deleted: false };
    const both = await handler.resolve({ newDocumentState: line, realMasterState: { ...line, added_at: '2026-11-23T10:00:00.12378+00:00', quantity: 3 } }, 'test');
    expect(both.quantity).toBe(5);
    // The server's answer to this very insert: its microseconds, trailing zero dropped as Postgres writes them.
    const replay = await handler.resolve({ newDocumentState: { ...line, added_at: theirs }, realMasterState: { ...line, added_at: '2026-11-23T10:00:00.12378+00:00', quantity: 3 } }, 'test');
    expect(replay.quantity).toBe(3);
  });

  it('a cart line added again after a removal this device had pulled: its own landed insert is not taken for another device\'s change', async () => {
    const replaced: Replaced[] = [];
    const handler = mergeConflictHandler(cartItems, (r) => replaced.push(r));
    const removed = { id: 'u:31', user_id: 'u', line_id: '1', product_id: 1, variant: null, name: 'Unit', price: 1, image: null, quantity: 2, added_at: '2026-11-23T09:00:00Z', created_at: 't', updated_at: 't', _deleted: true };
    const added = { ...removed, quantity: 1, added_at: '2026-11-23T10:00:00.123Z', _deleted: false };
    // The add reached the server, its answer was lost to a reload; the device then added one more.
    const landed = { ...added, added_at: '2026-11-23T10:00:00.123+00:00', updated_at: 's' };
    const more = await handler.resolve({ newDocumentState: { ...added, quantity: 2 }, assumedMasterState: removed, realMasterState: landed }, 'test');
    expect(more).toMatchObject({ quantity: 2, _deleted: false });
    // Another device added the line meanwhile: both additions count.
    const elsewhere = await handler.resolve({ newDocumentState: added, assumedMasterState: removed, realMasterState: { ...landed, added_at: '2026-11-23T10:00:05+00:00', quantity: 3 } }, 'test');
    expect(elsewhere).toMatchObject({ quantity: 4, _deleted: false });
    // This very add, removed since on the server (checkout): it stays removed.
    const checkedOut = await handler.resolve({ newDocumentState: { ...added, quantity: 2 }, assumedMasterState: removed, realMasterState: { ...landed, _deleted: true } }, 'test');
    expect(checkedOut._deleted).toBe(true);
    expect(replaced).toEqual([]);
  });

  it("a server row this device sent itself (its answer lost) is the base of the next push, not a rival's change", async () => {
    const line = { id: 'u:31', user_id: 'u', line_id: '1', product_id: 1, variant: null, name: 'Unit', price: 59, image: null, quantity: 1, added_at: '2026-11-23T09:00:00Z', created_at: 't', updated_at: 't', _deleted: false };
    // Sent as 2 (server-shaped, the price a string as Postgres numeric answers), stamped by the
    // server on arrival; since then the device added one more.
    const sent = { ...line, price: '59', quantity: 2, updated_at: 'device' };
    const landed = { ...line, quantity: 2, updated_at: 'server', _modified: 'server' };
    const replaced: Replaced[] = [];
    const handler = mergeConflictHandler(cartItems, (r) => replaced.push(r), async (id) => (id === line.id ? [sent] : []));
    const merged = await handler.resolve({ newDocumentState: { ...line, quantity: 3 }, assumedMasterState: line, realMasterState: landed }, 'test');
    expect(merged).toMatchObject({ quantity: 3, updated_at: 'server' });
    expect(replaced).toEqual([]);
    // A server row this device never sent is another device's change: the server wins, reported.
    const rival = await handler.resolve({ newDocumentState: { ...line, quantity: 3 }, assumedMasterState: line, realMasterState: { ...landed, quantity: 5 } }, 'test');
    expect(rival.quantity).toBe(5);
    expect(replaced).toEqual([expect.objectContaining({ mine: { quantity: 3 }, theirs: { quantity: 5 } })]);
  });

  it('another device changed the row on top of the push whose answer was lost: its fields are weighed, this device\'s own are not', async () => {
    // Renamed A → B (landed, answer lost), then B → C here; meanwhile another device set the
    // location and the status on top of B. This device had changed the status too.
    const sent = { ...base, name: 'B', updated_at: 'device' };
    const replaced: Replaced[] = [];
    const handler = mergeConflictHandler(devices as never, (r) => replaced.push(r), async () => [sent]);
    const merged = await handler.resolve(
      {
        newDocumentState: { ...base, name: 'C', status: 'online' } as never,
        assumedMasterState: base as never,
        realMasterState: { ...base, name: 'B', location: 'left bay', status: 'error', updated_at: '3' } as never,
      },
      'test',
    );
    expect(merged).toMatchObject({ name: 'C', location: 'left bay', status: 'error', updated_at: '3' });
    expect(replaced).toEqual([expect.objectContaining({ mine: { status: 'online' }, theirs: { status: 'error' } })]);
  });
});

describe('push guard', () => {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const post = (guard: typeof fetch) => guard('http://x/rest/v1/devices', { method: 'POST', body: JSON.stringify({ id: 'd1', name: 'n' }) });

  it.each([
    [403, { code: '42501', message: 'new row violates row-level security policy' }],
    [400, { code: '23514', message: 'violates check constraint' }],
    [409, { code: '23503', message: 'violates foreign key constraint' }],
    [409, { code: '23505', message: 'duplicate key value violates unique constraint "access_permissions_device_code_key"' }],
  ])('sets a %i %o refusal aside and answers "accepted"', async (status, body) => {
    const refused: RefusedWrite[] = [];
    const guard = createPushGuard({ fetch: async () => json(status, body), onRefused: async (r) => void refused.push(r) });
    expect((await post(guard)).status).toBe(201);
    expect(refused).toEqual([expect.objectContaining({ table: 'devices', docId: 'd1', op: 'insert', error: { code: body.code, message: body.message } })]);
  });

  it('answers a refused insert of a row the user can already read as a duplicate key (a pulled row pushed back)', async () => {
    const refused: RefusedWrite[] = [];
    const requests: string[] = [];
    const server: typeof fetch = async (input, init) => {
      requests.push(`${init?.method ?? 'GET'} ${String(input)}`);
      return init?.method === 'POST' ? json(403, { code: '42501', message: 'new row violates row-level security policy' }) : json(200, [{ id: 'd1' }]);
    };
    const guard = createPushGuard({ fetch: server, onRefused: async (r) => void refused.push(r) });
    const answer = await post(guard);
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual({ code: '23505', message: 'duplicate key value violates unique constraint "devices_pkey"' });
    expect(refused).toEqual([]);
    expect(requests[1]).toBe('GET http://x/rest/v1/devices?select=id&id=eq.d1');
  });

  it('lets the plugin retry a refused insert when the row lookup fails for a passing reason', async () => {
    const refused: RefusedWrite[] = [];
    const server: typeof fetch = async (_input, init) => (init?.method === 'POST' ? json(403, { code: '42501', message: 'rls' }) : json(503, { message: 'unavailable' }));
    const guard = createPushGuard({ fetch: server, onRefused: async (r) => void refused.push(r) });
    await expect(post(guard)).rejects.toThrow('row lookup failed (503)');
    expect(refused).toEqual([]);
  });

  it.each([
    [409, { code: '23505', message: 'duplicate key value violates unique constraint "devices_pkey"' }],
    [401, { code: 'PGRST303', message: 'JWT expired' }],
    [503, { message: 'unavailable' }],
    [429, { message: 'slow down' }],
  ])('passes a %i answer through for the plugin to handle or retry', async (status, body) => {
    const refused: RefusedWrite[] = [];
    const guard = createPushGuard({ fetch: async () => json(status, body), onRefused: async (r) => void refused.push(r) });
    expect((await post(guard)).status).toBe(status);
    expect(refused).toEqual([]);
  });
});
