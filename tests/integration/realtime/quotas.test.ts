/**
 * Realtime's quotas (`[realtime]` in supabase/config.toml), each answered with hosted Realtime's
 * error: concurrent connections per address and per project (429 at the upgrade), joins per
 * second (a join error, then the socket is closed; a new socket is refused 429 meanwhile),
 * channels per connection, postgres_changes bindings per channel, broadcasts and presence events
 * per second (the channel is shut down). Small quotas here; addresses come from X-Forwarded-For,
 * which the stack believes from 127.0.0.1 only because this suite lists it as a trusted proxy.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { describeEngines, startTestStack, type TestStack } from '../support/stack.ts';
import { CUSTOMER_A, record, sleep, waitUntil } from './helpers.ts';

const FIXTURE = `
create table public.rt_q (id int primary key, v text);
grant select on public.rt_q to anon, authenticated, service_role;
alter publication supabase_realtime add table public.rt_q;
`;

const QUOTAS = {
  max_concurrent_users: 8,
  max_concurrent_users_per_ip: 3,
  max_joins_per_second: 8,
  max_joins_per_second_per_ip: 5,
  max_channels_per_client: 3,
  max_events_per_second: 8,
  max_events_per_second_per_ip: 5,
  max_presence_events_per_second: 8,
  max_presence_events_per_second_per_ip: 3,
  max_postgres_changes_per_channel: 2,
};

type Frame = [string | null, string | null, string, string, Record<string, any>];

interface Sock {
  ws: WebSocket;
  frames: Frame[];
  closed: Promise<number>;
  join(topic: string, config?: Record<string, unknown>): Promise<Frame>;
  /** Sends `n` joins of `topic` in one go; the replies that came before the socket closed or 3 s passed. */
  burst(topic: string, n: number): Promise<Record<string, any>[]>;
  push(topic: string, event: string, payload: Record<string, unknown>): void;
  waitFor(pred: (f: Frame) => boolean, what: string): Promise<Frame>;
}

describeEngines('realtime quotas', (engine) => {
  let t: TestStack;
  let ref = 0;
  const sockets: WebSocket[] = [];
  beforeAll(async () => {
    t = await startTestStack({ engine, bare: true, fixtureSql: FIXTURE, configOverrides: { realtime: QUOTAS, api: { trusted_proxies: ['127.0.0.1'] } } });
  }, 120_000);
  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await t?.close();
  });

  const url = () => `${t.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${t.anonKey}&vsn=2.0.0`;

  /** Opens a socket from `ip`; a refused upgrade gives its status and JSON body. */
  function open(ip: string): Promise<Sock | { status: number; body: unknown }> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url(), { headers: { 'x-forwarded-for': ip } });
      sockets.push(ws);
      ws.once('unexpected-response', (_req, res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      });
      ws.once('error', (e) => (ws.readyState === WebSocket.CLOSED ? undefined : reject(e)));
      ws.once('open', () => {
        const frames: Frame[] = [];
        ws.on('message', (d) => frames.push(JSON.parse(String(d)) as Frame));
        const waitFor = async (pred: (f: Frame) => boolean, what: string) => {
          await waitUntil(() => frames.some(pred), 5000, what);
          return frames.find(pred)!;
        };
        const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
        resolve({
          ws,
          frames,
          closed,
          waitFor,
          push: (topic, event, payload) => ws.send(JSON.stringify(['1', String(++ref), `realtime:${topic}`, event, payload])),
          burst: async (topic, n) => {
            const refs = Array.from({ length: n }, () => String(++ref));
            for (const r of refs) ws.send(JSON.stringify([r, r, `realtime:${topic}`, 'phx_join', { config: {} }]));
            const done = () => refs.every((r) => frames.some((f) => f[1] === r)) || ws.readyState !== WebSocket.OPEN;
            await waitUntil(done, 3000, 'the burst answered').catch(() => undefined);
            return refs.map((r) => frames.find((f) => f[1] === r && f[3] === 'phx_reply')?.[4]).filter((p) => p !== undefined);
          },
          join: async (topic, config = {}) => {
            const r = String(++ref);
            ws.send(JSON.stringify([r, r, `realtime:${topic}`, 'phx_join', { config }]));
            return waitFor((f) => f[1] === r && f[3] === 'phx_reply', `the reply to joining ${topic}`);
          },
        });
      });
    });
  }
  const sock = async (ip: string) => {
    const s = await open(ip);
    if (!('ws' in s)) throw new Error(`refused: ${JSON.stringify(s)}`);
    return s;
  };
  /** Lets every bucket refill (each holds one second of its quota). */
  const refill = () => sleep(1100);
  const shutdownOf = (s: Sock, topic: string) =>
    s.waitFor((f) => f[2] === `realtime:${topic}` && f[3] === 'system' && f[4].extension === 'system', `the shutdown of ${topic}`);

  it('refuses a connection past the per-address and the project quota with 429 "Too many connected users"', async () => {
    const mine = [await sock('10.0.0.1'), await sock('10.0.0.1'), await sock('10.0.0.1')];
    expect(await open('10.0.0.1')).toEqual({ status: 429, body: { error: 'Too many connected users' } });
    const others = [];
    for (let i = 2; i <= 6; i++) others.push(await sock(`10.0.0.${i}`));
    expect(t.stack.realtime.connections).toBe(8);
    expect(await open('10.0.0.7')).toEqual({ status: 429, body: { error: 'Too many connected users' } });
    // A closed connection gives its place back.
    mine[0]!.ws.close();
    await mine[0]!.closed;
    await waitUntil(() => t.stack.realtime.connections === 7, 5000, 'the close to count');
    const again = await sock('10.0.0.1');
    for (const s of [...mine, ...others, again]) s.ws.close();
    await waitUntil(() => t.stack.realtime.connections === 0, 5000, 'every socket closed');
  });

  // Rates refill as time passes: each limit is shown with a burst sent in one go, so how long a
  // loaded machine takes between two frames does not matter.
  it('refuses joins past the per-address rate, closes the socket, and leaves other addresses their share', async () => {
    await refill();
    const s = await sock('10.0.1.1');
    // One topic joined again and again: only the join rate is in play (channels per client is 3).
    const replies = await s.burst('j', 20);
    const ok = replies.filter((r) => r.status === 'ok').length;
    expect(ok).toBeGreaterThanOrEqual(5);
    expect(ok).toBeLessThan(10);
    expect(replies[ok]).toEqual({ status: 'error', response: { reason: 'ClientJoinRateLimitReached: Too many joins per second' } });
    expect(replies).toHaveLength(ok + 1); // the socket closed: nothing after the refusal was answered
    expect(await s.closed).toBe(1000);
    expect(await open('10.0.1.1')).toEqual({ status: 429, body: { error: 'Too many joins per second' } });
    // The project allows 8 per second: another address gets what is left, less than its own 5.
    const other = await sock('10.0.1.2');
    const theirs = await other.burst('k', 20);
    const theirOk = theirs.filter((r) => r.status === 'ok').length;
    expect(theirOk).toBeLessThan(5);
    expect(theirs[theirOk]?.response.reason).toBe('ClientJoinRateLimitReached: Too many joins per second');
    await refill();
    const later = await sock('10.0.1.1');
    expect((await later.join('again'))[4].status).toBe('ok');
    later.ws.close();
  });

  it('caps channels per connection and postgres_changes bindings per channel', async () => {
    await refill();
    const s = await sock('10.0.2.1');
    for (let i = 0; i < 3; i++) expect((await s.join(`c${i}`))[4].status).toBe('ok');
    expect((await s.join('c3'))[4]).toEqual({ status: 'error', response: { reason: 'ChannelRateLimitReached: Too many channels' } });
    s.ws.close();
    await refill();
    const b = await sock('10.0.2.2');
    const binding = (id: number) => ({ event: '*', schema: 'public', table: 'rt_q', filter: `id=eq.${id}` });
    expect((await b.join('two', { postgres_changes: [binding(1), binding(2)] }))[4].status).toBe('ok');
    expect((await b.join('three', { postgres_changes: [binding(1), binding(2), binding(3)] }))[4]).toEqual({
      status: 'error',
      response: { reason: 'ChannelRateLimitReached: Too many postgres_changes bindings (at most 2 per channel)' },
    });
    b.ws.close();
  });

  it('shuts down a channel that broadcasts past the per-address rate; another address keeps broadcasting', async () => {
    await refill();
    const s = await sock('10.0.3.1');
    const listener = await sock('10.0.3.2');
    await listener.join('room');
    await s.join('room');
    for (let i = 0; i < 20; i++) s.push('room', 'broadcast', { type: 'broadcast', event: 'e', payload: { i } });
    expect((await shutdownOf(s, 'room'))[4]).toEqual({ extension: 'system', status: 'error', message: 'Too many messages per second', channel: 'room' });
    await s.waitFor((f) => f[2] === 'realtime:room' && f[3] === 'phx_close', 'phx_close');
    const heard = listener.frames.filter((f) => f[3] === 'broadcast').length;
    expect(heard).toBeGreaterThanOrEqual(5);
    expect(heard).toBeLessThan(20);
    await s.join('room');
    listener.push('room', 'broadcast', { type: 'broadcast', event: 'e', payload: { from: 'listener' } });
    await s.waitFor((f) => f[3] === 'broadcast' && f[4].payload?.from === 'listener', 'the other address broadcasting');
    s.ws.close();
    listener.ws.close();
  });

  it('shuts down a channel that sends presence past the per-address rate', async () => {
    await refill();
    const s = await sock('10.0.4.1');
    await s.join('lobby', { presence: { key: 'me', enabled: true } });
    for (let i = 0; i < 20; i++) s.push('lobby', 'presence', { type: 'presence', event: 'track', payload: { n: i } });
    expect((await shutdownOf(s, 'lobby'))[4].message).toBe('Too many presence messages per second');
    s.ws.close();
  });

  it('answers REST broadcasts past the rate with 429', async () => {
    await refill();
    const post = () =>
      fetch(`${t.url}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: t.anonKey, 'content-type': 'application/json', 'x-forwarded-for': '10.0.5.1' },
        body: JSON.stringify({ messages: [{ topic: 'api', event: 'e', payload: {} }] }),
      });
    const answers = await Promise.all(Array.from({ length: 20 }, () => post()));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((x) => x === 202).length).toBeGreaterThanOrEqual(5);
    const refused = answers.find((r) => r.status === 429)!;
    expect(await refused.json()).toEqual({ message: 'You have exceeded your rate limit' });
  });
});

describeEngines('realtime delivery under many distinct filters', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    const realtime = { max_joins_per_second: 10_000, max_joins_per_second_per_ip: 10_000, max_postgres_changes_per_channel: 100 };
    t = await startTestStack({ engine, bare: true, fixtureSql: FIXTURE, configOverrides: { realtime } });
  }, 120_000);
  afterAll(async () => t?.close());

  it("still delivers to a filtered subscriber when 2,000 other bindings filter the same table", async () => {
    // More distinct filters than Postgres allows expressions in one select list (1,664).
    const flood = new WebSocket(`${t.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${t.anonKey}&vsn=2.0.0`);
    const replies: unknown[] = [];
    flood.on('message', (d) => (JSON.parse(String(d)) as unknown[])[3] === 'system' && replies.push(d));
    await new Promise((r) => flood.once('open', r));
    for (let c = 0; c < 20; c++) {
      const bindings = Array.from({ length: 100 }, (_, i) => ({ event: '*', schema: 'public', table: 'rt_q', filter: `id=eq.${100_000 + c * 100 + i}` }));
      flood.send(JSON.stringify([String(c), String(c), `realtime:flood${c}`, 'phx_join', { config: { postgres_changes: bindings } }]));
    }
    await waitUntil(() => replies.length === 20, 20_000, 'the flood subscribed');
    const c = t.client();
    await c.realtime.setAuth(await t.userToken(CUSTOMER_A));
    const r = await record(c, 'mine', [{ event: 'INSERT', schema: 'public', table: 'rt_q', filter: 'id=eq.7' }]);
    await t.db.query(`insert into public.rt_q values (6, 'not mine'), (7, 'mine')`);
    const got = (await r.waitFor(r.changes, () => true)) as Record<string, any>;
    expect(got.new).toEqual({ id: 7, v: 'mine' });
    flood.close();
  }, 60_000);
});
