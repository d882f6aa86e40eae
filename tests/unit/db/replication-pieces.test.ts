import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { devices } from '@/db/collections/devices.ts';
import { cartItems } from '@/db/collections/cart-items.ts';
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

  it('a repeated cart insert is not counted twice; two devices adding the same line both count', async () => {
    const handler = mergeConflictHandler(cartItems, () => undefined);
    const line = { id: 'u:31', user_id: 'u', line_id: '1', product_id: 1, variant: null, name: 'Unit', price: 1, image: null, quantity: 2, added_at: '2026-11-23T10:00:00.123Z', created_at: 't', updated_at: 't', _deleted: false };
    // The server writes the same instant in its own format.
    const replay = await handler.resolve({ newDocumentState: line, realMasterState: { ...line, added_at: '2026-11-23T10:00:00.123+00:00', updated_at: 's' } }, 'test');
    expect(replay.quantity).toBe(2);
    const both = await handler.resolve({ newDocumentState: line, realMasterState: { ...line, added_at: '2026-11-23T10:00:05+00:00', quantity: 3 } }, 'test');
    expect(both.quantity).toBe(5);
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
