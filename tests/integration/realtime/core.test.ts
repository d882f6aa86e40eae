/**
 * /realtime/v1 through the real supabase-js (ws transport) against the real stack with the product
 * migrations and seed: Postgres Changes payloads, filters, per-subscriber RLS, token changes,
 * expiry and ended sessions, broadcast, presence, rolled-back writes, both serializers.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { describeEngines, startTestStack, type TestStack } from '../support/stack.ts';
import { CUSTOMER_A, CUSTOMER_B, SUPPORT, record, sleep, waitUntil } from './helpers.ts';

const TICKET_A = '10000000-0000-4000-8000-000000000001';
const devices = { event: '*', schema: 'public', table: 'devices' } as const;

describeEngines('realtime core', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await startTestStack({ engine });
  }, 120_000);
  afterAll(async () => t?.close());

  const userClient = async (sub: string, extra: Record<string, unknown> = {}) => {
    const c = t.client();
    await c.realtime.setAuth(await t.userToken(sub, extra));
    return c;
  };
  const addDevice = async (userId: string, name = `Device ${randomUUID().slice(0, 8)}`) =>
    (await t.db.query<{ id: string }>(`insert into public.devices (user_id, name) values ($1, $2) returning id`, [userId, name])).rows[0]!.id;

  it('sends INSERT, UPDATE and DELETE shaped as Supabase sends them', async () => {
    const r = await record(await userClient(CUSTOMER_A), 'shapes', [devices]);
    // A filter on a non-key column cannot see a DELETE: the old record holds only the key.
    const filtered = await record(await userClient(CUSTOMER_A), 'shapes-filtered', [{ ...devices, filter: `user_id=eq.${CUSTOMER_A}` }]);
    expect(r.statuses[0]?.status).toBe('SUBSCRIBED');
    expect(r.system[0]).toEqual({ extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'shapes' });
    // The RLS check reads the row as it is when the change is delivered (as Realtime does), so
    // each step waits for its change before the next one removes the row.
    const id = await addDevice(CUSTOMER_A, 'Porch');
    await waitUntil(() => r.changes.length === 1, 5000, 'the insert');
    await t.db.query(`update public.devices set name = 'Porch 2' where id = $1`, [id]);
    await waitUntil(() => r.changes.length === 2 && filtered.changes.length === 2, 5000, 'the update');
    await t.db.query(`delete from public.devices where id = $1`, [id]);
    await waitUntil(() => r.changes.length === 3, 5000, 'the delete');
    const [ins, upd, del] = r.changes as Record<string, any>[];
    expect(ins).toMatchObject({ schema: 'public', table: 'devices', eventType: 'INSERT', errors: null, old: {} });
    expect(ins!.new).toMatchObject({ id, name: 'Porch', user_id: CUSTOMER_A, _deleted: false, status: 'offline', location: null });
    expect(ins!.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(typeof ins!.new._modified).toBe('string');
    expect(upd).toMatchObject({ eventType: 'UPDATE', new: { id, name: 'Porch 2' }, old: { id } });
    expect(Object.keys(upd!.old)).toEqual(['id']);
    // DELETE on a table with RLS: primary key only, as Supabase.
    expect(del).toMatchObject({ eventType: 'DELETE', new: {}, old: { id } });
    expect(Object.keys(del!.old)).toEqual(['id']);
    expect((filtered.changes as Record<string, any>[]).map((c) => c.eventType)).toEqual(['INSERT', 'UPDATE']);
  });

  it('applies eq, neq, lt, gt, in filters and event types', async () => {
    const admin = t.client({ serviceRole: true });
    const names = ['f-alpha', 'f-beta', 'f-gamma'];
    const r = await record(admin, 'filters', [
      { event: 'INSERT', schema: 'public', table: 'devices', filter: 'name=in.(f-alpha,f-gamma)' },
      { event: 'INSERT', schema: 'public', table: 'devices', filter: 'name=eq.f-beta' },
      { event: 'UPDATE', schema: 'public', table: 'devices', filter: 'name=neq.f-alpha' },
      { event: 'INSERT', schema: 'public', table: 'devices', filter: 'name=gt.f-b' },
      { event: 'INSERT', schema: 'public', table: 'devices', filter: 'name=lt.f-b' },
    ]);
    for (const n of names) await addDevice(CUSTOMER_B, n);
    await t.db.query(`update public.devices set location = 'x' where name = any ($1)`, [names]);
    await sleep(400);
    const got = (r.changes as Record<string, any>[]).map((c) => `${c.eventType}:${c.new.name}`).sort();
    // A change matching several bindings reaches each of their callbacks.
    expect(got).toEqual(
      ['INSERT:f-alpha', 'INSERT:f-alpha', 'INSERT:f-beta', 'INSERT:f-beta', 'INSERT:f-gamma', 'INSERT:f-gamma', 'UPDATE:f-beta', 'UPDATE:f-gamma'].sort(),
    );
  });

  it('sends each user only the rows their RLS lets them read', async () => {
    const a = await record(await userClient(CUSTOMER_A), 'mine-a', [devices]);
    const b = await record(await userClient(CUSTOMER_B), 'mine-b', [devices]);
    const anon = await record(t.client(), 'mine-anon', [devices]);
    const idA = await addDevice(CUSTOMER_A);
    const idB = await addDevice(CUSTOMER_B);
    await waitUntil(() => a.changes.length >= 1 && b.changes.length >= 1, 5000, 'own rows');
    await sleep(300);
    expect((a.changes as Record<string, any>[]).map((c) => c.new.id)).toEqual([idA]);
    expect((b.changes as Record<string, any>[]).map((c) => c.new.id)).toEqual([idB]);
    expect(anon.changes).toEqual([]);
  });

  it('never sends a customer an internal support message; staff get both', async () => {
    const customer = await record(await userClient(CUSTOMER_A), 'msgs-a', [{ event: 'INSERT', schema: 'public', table: 'support_messages' }]);
    const staff = await record(await userClient(SUPPORT), 'msgs-staff', [{ event: 'INSERT', schema: 'public', table: 'support_messages' }]);
    await t.db.query(`insert into public.support_messages (ticket_id, user_id, message, is_internal) values ($1, $2, 'internal note', true)`, [TICKET_A, SUPPORT]);
    await t.db.query(`insert into public.support_messages (ticket_id, user_id, message) values ($1, $2, 'hello customer')`, [TICKET_A, SUPPORT]);
    await waitUntil(() => staff.changes.length === 2 && customer.changes.length === 1, 5000, 'messages');
    await sleep(300);
    expect((customer.changes as Record<string, any>[]).map((c) => c.new.message)).toEqual(['hello customer']);
  });

  it('follows an access_token switch on a joined channel', async () => {
    const c = t.client();
    const r = await record(c, 'switch', [devices]);
    await addDevice(CUSTOMER_A);
    await sleep(400);
    expect(r.changes).toEqual([]);
    await c.realtime.setAuth(await t.userToken(CUSTOMER_A));
    await r.waitFor(r.system, (m) => m.extension === 'postgres_changes' && r.system.indexOf(m) > 0);
    const id = await addDevice(CUSTOMER_A);
    const got = await r.waitFor(r.changes, () => true);
    expect((got as Record<string, any>).new.id).toBe(id);
  });

  it("checks changes under the new token's claims after a switch to another user", async () => {
    const c = t.client();
    await c.realtime.setAuth(await t.userToken(CUSTOMER_A));
    const r = await record(c, 'switch-user', [devices]);
    const mineA = await addDevice(CUSTOMER_A);
    await r.waitFor(r.changes, (x) => (x as Record<string, any>).new.id === mineA);
    await c.realtime.setAuth(await t.userToken(CUSTOMER_B));
    await r.waitFor(r.system, (m) => m.extension === 'postgres_changes' && r.system.indexOf(m) > 0);
    await addDevice(CUSTOMER_A); // A's row: no longer for this channel
    const mineB = await addDevice(CUSTOMER_B);
    await r.waitFor(r.changes, (x) => (x as Record<string, any>).new.id === mineB);
    // Changes reach a socket in commit order: had A's second row been sent, it would be here already.
    expect(r.changes.map((x) => (x as Record<string, any>).new.id)).toEqual([mineA, mineB]);
  });

  it('refuses an expired token at join and closes a channel whose token expires', async () => {
    const past = Math.floor(Date.now() / 1000) - 120;
    const c = t.client();
    await c.realtime.setAuth(await t.userToken(CUSTOMER_A, { exp: past }));
    const r = await record(c, 'expired', [devices], { expectLive: false });
    expect(r.statuses[0]?.status).toBe('CHANNEL_ERROR');
    expect(r.statuses[0]?.error?.message).toMatch(/^InvalidJWTToken: Token has expired 1[2-9]\d seconds ago$/);
    await c.removeAllChannels();

    const soon = await userClient(CUSTOMER_A, { exp: Math.floor(Date.now() / 1000) + 2 });
    const live = await record(soon, 'expiring', [devices]);
    const closing = await live.waitFor(live.system, (m) => m.extension === 'system', 5000);
    expect(closing).toMatchObject({ status: 'error', channel: 'expiring' });
    expect(closing.message).toMatch(/^Token has expired \d+ seconds ago$/);
    await waitUntil(() => live.statuses.some((s) => s.status === 'CLOSED'), 3000, 'CLOSED');
    await addDevice(CUSTOMER_A);
    await sleep(300);
    expect(live.changes).toEqual([]);
  });

  it('closes the channels of a session that ends and refuses its token afterwards', async () => {
    const session = randomUUID();
    const c = await userClient(CUSTOMER_A, { session_id: session });
    const r = await record(c, 'session', [devices]);
    await t.db.query(`insert into _local.ended_sessions (session_id) values ($1)`, [session]);
    const closing = await r.waitFor(r.system, (m) => m.extension === 'system', 5000);
    expect(closing).toMatchObject({ status: 'error', message: 'Session from session_id claim in JWT does not exist' });
    await addDevice(CUSTOMER_A);
    await sleep(300);
    expect(r.changes).toEqual([]);
    const again = await record(c, 'session-2', [devices], { expectLive: false });
    expect(again.statuses[0]).toMatchObject({ status: 'CHANNEL_ERROR' });
    expect(again.statuses[0]?.error?.message).toBe('InvalidJWTToken: Session from session_id claim in JWT does not exist');
  });

  it('never sends a rolled-back write, and delivers concurrent commits once each', async () => {
    const r = await record(t.client({ serviceRole: true }), 'rollback', [{ event: 'INSERT', schema: 'public', table: 'devices' }]);
    await t.db
      .transaction(async (tx) => {
        await tx.query(`insert into public.devices (user_id, name) values ($1, 'rolled back')`, [CUSTOMER_A]);
        throw new Error('abort');
      })
      .catch(() => undefined);
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => addDevice(CUSTOMER_B, `concurrent ${i}`)));
    await waitUntil(() => r.changes.length >= 20, 8000, '20 inserts');
    await sleep(300);
    const got = (r.changes as Record<string, any>[]).map((c) => c.new.id);
    expect(got.sort()).toEqual([...ids].sort());
  });

  it('reports a bad filter and an unpublished table as Realtime does', async () => {
    const c = t.client({ serviceRole: true });
    const bad = await record(c, 'bad-filter', [{ ...devices, filter: 'name=foo.bar' }]);
    expect(bad.system[0]).toMatchObject({ extension: 'postgres_changes', status: 'error', message: 'Error parsing `filter` params: ["foo", "bar"]' });
    const unknown = await record(c, 'unknown-table', [{ event: '*', schema: 'public', table: 'profiles' }]);
    expect(unknown.system[0]?.status).toBe('error');
    expect(unknown.system[0]?.message).toMatch(/^Unable to subscribe to changes with given parameters\. Please check Realtime is enabled/);
    const column = await record(c, 'bad-column', [{ ...devices, filter: 'nope=eq.1' }]);
    expect(column.system[0]?.message).toMatch(/Exception: ERROR P0001 \(raise_exception\) invalid column for filter nope$/);
  });

  it('broadcasts between clients with self and ack, and over REST when not joined', async () => {
    const one = t.client();
    const two = t.client();
    const got1: unknown[] = [];
    const got2: unknown[] = [];
    const ch1 = one.channel('room', { config: { broadcast: { self: true, ack: true } } }).on('broadcast', { event: 'ping' }, (m) => got1.push(m.payload));
    const ch2 = two.channel('room').on('broadcast', { event: 'ping' }, (m) => got2.push(m.payload));
    await new Promise<void>((res) => ch1.subscribe((s) => s === 'SUBSCRIBED' && res()));
    await new Promise<void>((res) => ch2.subscribe((s) => s === 'SUBSCRIBED' && res()));
    expect(await ch1.send({ type: 'broadcast', event: 'ping', payload: { n: 1 } })).toBe('ok');
    await waitUntil(() => got1.length === 1 && got2.length === 1, 3000, 'broadcast');
    expect(got2[0]).toEqual({ n: 1 });
    await ch2.send({ type: 'broadcast', event: 'ping', payload: { n: 2 } });
    await waitUntil(() => got1.length === 2, 3000, 'broadcast 2');
    await sleep(100);
    expect(got2).toHaveLength(1); // self is off for two
    const rest = t.client().channel('room');
    expect(await rest.send({ type: 'broadcast', event: 'ping', payload: { n: 3 } })).toBe('ok');
    await waitUntil(() => got1.length === 3 && got2.length === 2, 3000, 'REST broadcast');
  });

  it('syncs presence between two clients', async () => {
    const one = t.client().channel('lobby', { config: { presence: { key: 'one' } } });
    const two = t.client().channel('lobby', { config: { presence: { key: 'two' } } });
    const leaves: string[] = [];
    one.on('presence', { event: 'sync' }, () => undefined).on('presence', { event: 'leave' }, ({ key }) => leaves.push(key));
    two.on('presence', { event: 'sync' }, () => undefined);
    await new Promise<void>((res) => one.subscribe((s) => s === 'SUBSCRIBED' && res()));
    await new Promise<void>((res) => two.subscribe((s) => s === 'SUBSCRIBED' && res()));
    expect(await one.track({ mood: 'happy' })).toBe('ok');
    expect(await two.track({ mood: 'calm' })).toBe('ok');
    await waitUntil(() => Object.keys(one.presenceState()).length === 2 && Object.keys(two.presenceState()).length === 2, 3000, 'presence');
    expect(two.presenceState().one?.[0]).toMatchObject({ mood: 'happy' });
    await two.untrack();
    await waitUntil(() => leaves.includes('two'), 3000, 'leave');
    expect(Object.keys(one.presenceState())).toEqual(['one']);
  });

  it('speaks serializer 1.0.0 as well as 2.0.0', async () => {
    const c = createClient(t.url, t.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket, vsn: '1.0.0' } as never,
    });
    await c.realtime.setAuth(await t.userToken(CUSTOMER_A));
    const r = await record(c, 'v1', [devices]);
    const id = await addDevice(CUSTOMER_A);
    expect(((await r.waitFor(r.changes, () => true)) as Record<string, any>).new.id).toBe(id);
    const got: unknown[] = [];
    const ch = c.channel('v1-room', { config: { broadcast: { self: true } } }).on('broadcast', { event: 'e' }, (m) => got.push(m.payload));
    await new Promise<void>((res) => ch.subscribe((s) => s === 'SUBSCRIBED' && res()));
    await ch.send({ type: 'broadcast', event: 'e', payload: { ok: true } });
    await waitUntil(() => got.length === 1, 3000, 'v1 broadcast');
    await c.removeAllChannels();
  });

  it('refuses a wrong apikey and survives garbage frames', async () => {
    const ws = (q: string) => new WebSocket(`${t.url.replace('http', 'ws')}/realtime/v1/websocket?${q}`);
    const status = await new Promise<number>((res) => ws('apikey=nope&vsn=2.0.0').on('unexpected-response', (_q, r) => res(r.statusCode ?? 0)));
    expect(status).toBe(401);
    const sock = ws(`apikey=${t.anonKey}&vsn=2.0.0`);
    await new Promise((res) => sock.on('open', res));
    const frames: string[] = [];
    sock.on('message', (d) => frames.push(String(d)));
    for (const junk of ['{', '[]', '"x"', '[1,2,3,4,5]', '[null,null,"realtime:x","phx_join",7]', JSON.stringify([null, '1', 'realtime:x', 'broadcast', null])]) sock.send(junk);
    sock.send(Buffer.from([3, 200, 200, 200, 1, 1, 1]));
    sock.send(JSON.stringify([null, '9', 'phoenix', 'heartbeat', {}]));
    await waitUntil(() => frames.some((f) => f.includes('"9"')), 3000, 'heartbeat reply');
    expect(JSON.parse(frames.find((f) => f.includes('"9"'))!)).toEqual([null, '9', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
    sock.close();
  });
});
