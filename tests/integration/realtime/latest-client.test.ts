/**
 * /realtime/v1 through the newest 2.x `@supabase/realtime-js` (installed as `realtime-js-latest`,
 * used directly with its default serializer), so the server keeps speaking the protocol of the
 * client projects upgrade to, not only the one pinned under supabase-js.
 */
import { randomUUID } from 'node:crypto';
import { RealtimeClient, type RealtimeChannel } from 'realtime-js-latest';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { describeEngines, startTestStack, type TestStack } from '../support/stack.ts';
import { CUSTOMER_A, CUSTOMER_B, sleep, waitUntil } from './helpers.ts';

describeEngines('realtime with the newest realtime-js', (engine) => {
  let t: TestStack;
  const clients: RealtimeClient[] = [];
  beforeAll(async () => {
    t = await startTestStack({ engine });
  }, 120_000);
  afterEach(async () => {
    for (const c of clients.splice(0)) {
      await c.removeAllChannels();
      c.disconnect();
    }
  });
  afterAll(async () => t?.close());

  const client = async (sub?: string) => {
    const c = new RealtimeClient(`${t.url}/realtime/v1`, {
      transport: WebSocket as never,
      params: { apikey: t.anonKey },
    });
    if (sub) await c.setAuth(await t.userToken(sub));
    clients.push(c);
    return c;
  };
  const subscribed = (ch: RealtimeChannel) =>
    new Promise<void>((res, rej) =>
      ch.subscribe((s, err) => (s === 'SUBSCRIBED' ? res() : s !== 'CLOSED' && rej(err ?? new Error(s)))),
    );
  const addDevice = async (userId: string, name: string) =>
    (await t.db.query<{ id: string }>(`insert into public.devices (user_id, name) values ($1, $2) returning id`, [userId, name])).rows[0]!.id;

  /** A channel on `devices` that records changes and waits until Postgres Changes is live. */
  const watchDevices = async (sub: string, topic: string) => {
    const changes: Record<string, any>[] = [];
    const system: Record<string, unknown>[] = [];
    const ch = (await client(sub))
      .channel(topic)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'devices' }, (p) => changes.push(p as never))
      .on('system', {}, (p) => system.push(p));
    await subscribed(ch);
    await waitUntil(() => system.some((m) => m.extension === 'postgres_changes' && m.status === 'ok'), 8000, `${topic} live`);
    return changes;
  };

  it('delivers a devices INSERT to its owner only', async () => {
    const a = await watchDevices(CUSTOMER_A, 'latest-devices-a');
    const b = await watchDevices(CUSTOMER_B, 'latest-devices-b');
    const idA = await addDevice(CUSTOMER_A, 'Latest A');
    await waitUntil(() => a.length === 1, 5000, "A's insert");
    // B's own insert arriving after A's proves B was listening when A's row was committed.
    const idB = await addDevice(CUSTOMER_B, 'Latest B');
    await waitUntil(() => b.length === 1, 5000, "B's insert");
    await sleep(200);
    expect(a[0]).toMatchObject({ schema: 'public', table: 'devices', eventType: 'INSERT', errors: null, old: {} });
    expect(a[0]!.new).toMatchObject({ id: idA, user_id: CUSTOMER_A, name: 'Latest A', status: 'offline', _deleted: false });
    expect(a.map((c) => c.new.id)).toEqual([idA]);
    expect(b.map((c) => c.new.id)).toEqual([idB]);
  });

  it('broadcasts with self and ack', async () => {
    const topic = `latest-room-${randomUUID().slice(0, 8)}`;
    const mine: unknown[] = [];
    const theirs: unknown[] = [];
    const sender = await client(CUSTOMER_A);
    // Its default serializer: the binary-capable 2.0.0 array frames.
    expect(sender.endpointURL()).toMatch(/[?&]vsn=2\.0\.0(&|$)/);
    const ch1 = sender
      .channel(topic, { config: { broadcast: { self: true, ack: true } } })
      .on('broadcast', { event: 'ping' }, (m) => mine.push(m.payload));
    const ch2 = (await client()).channel(topic).on('broadcast', { event: 'ping' }, (m) => theirs.push(m.payload));
    await subscribed(ch1);
    await subscribed(ch2);
    expect(await ch1.send({ type: 'broadcast', event: 'ping', payload: { n: 1 } })).toBe('ok');
    await waitUntil(() => mine.length === 1 && theirs.length === 1, 3000, 'broadcast');
    expect(mine).toEqual([{ n: 1 }]);
    expect(theirs).toEqual([{ n: 1 }]);
  });

  it('syncs tracked presence to a second client', async () => {
    const topic = `latest-lobby-${randomUUID().slice(0, 8)}`;
    const one = (await client(CUSTOMER_A)).channel(topic, { config: { presence: { key: 'one' } } });
    const two = (await client(CUSTOMER_B)).channel(topic, { config: { presence: { key: 'two' } } });
    let syncs = 0;
    one.on('presence', { event: 'sync' }, () => undefined);
    two.on('presence', { event: 'sync' }, () => syncs++);
    await subscribed(one);
    await subscribed(two);
    expect(await one.track({ mood: 'happy' })).toBe('ok');
    await waitUntil(() => 'one' in two.presenceState(), 3000, 'presence on the second client');
    expect(syncs).toBeGreaterThan(0);
    expect(Object.keys(two.presenceState())).toEqual(['one']);
    expect(two.presenceState().one).toEqual([expect.objectContaining({ mood: 'happy', presence_ref: expect.any(String) })]);
  });
});
