/**
 * /realtime/v1 edge rules on a bare stack with its own tables: column privileges, tables without a
 * primary key, replica identity full, oversized records, tables published while running, and the
 * per-connection limits (channels, frame size) and shutdown.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { describeEngines, startTestStack, type TestStack } from '../support/stack.ts';
import { CUSTOMER_A, CUSTOMER_B, record, sleep, waitUntil } from './helpers.ts';

const FIXTURE = `
create table public.rt_notes (id bigint primary key, owner uuid, body text, secret text, n int);
alter table public.rt_notes enable row level security;
create policy "Owners read their notes" on public.rt_notes for select to authenticated using (owner = auth.uid());
revoke all on public.rt_notes from authenticated;
grant select (id, owner, body, n) on public.rt_notes to authenticated;
grant select on public.rt_notes to service_role;
create table public.rt_nokey (v text);
grant select on public.rt_nokey to anon, authenticated, service_role;
create table public.rt_full (id int primary key, a text, b text);
alter table public.rt_full replica identity full;
grant select on public.rt_full to anon, authenticated, service_role;
alter publication supabase_realtime add table public.rt_notes, public.rt_nokey, public.rt_full;
create table public.rt_tiers (id bigint primary key, owner uuid not null);
alter table public.rt_tiers enable row level security;
create policy "Owners of a tier read their rows" on public.rt_tiers for select to authenticated
  using (owner = auth.uid() and (auth.jwt()->>'tier')::int >= 0);
grant select on public.rt_tiers to authenticated, service_role;
alter publication supabase_realtime add table public.rt_tiers;
create table public.rt_late (id int primary key, v text);
grant select on public.rt_late to anon, authenticated, service_role;
create table public.rt_regrant (id int primary key, owner uuid, note text);
grant select on public.rt_regrant to authenticated;
alter publication supabase_realtime add table public.rt_regrant;
`;

describeEngines('realtime edges', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    // Join storms on one socket are what some tests here send: the join quotas are the subject of
    // quotas.test.ts, not of these.
    const realtime = { max_joins_per_second: 10_000, max_joins_per_second_per_ip: 10_000 };
    t = await startTestStack({ engine, bare: true, fixtureSql: FIXTURE, configOverrides: { realtime } });
  }, 120_000);
  afterAll(async () => t?.close());

  const wsUrl = () => `${t.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${t.anonKey}&vsn=2.0.0`;

  it('leaves out columns the role may not select, and filters on typed values', async () => {
    const c = t.client();
    await c.realtime.setAuth(await t.userToken(CUSTOMER_A));
    const r = await record(c, 'notes', [{ event: 'INSERT', schema: 'public', table: 'rt_notes', filter: 'n=gte.10' }]);
    await t.db.query(`insert into public.rt_notes values (1, $1, 'low', 's', 9), (2, $1, 'high', 's', 10), (3, gen_random_uuid(), 'other', 's', 50)`, [CUSTOMER_A]);
    const got = (await r.waitFor(r.changes, () => true)) as Record<string, any>;
    await sleep(300);
    expect(r.changes).toHaveLength(1);
    expect(got.new).toEqual({ id: 2, owner: CUSTOMER_A, body: 'high', n: 10 });
    const raw = new WebSocket(wsUrl());
    const frames: unknown[][] = [];
    raw.on('message', (d) => frames.push(JSON.parse(String(d))));
    await new Promise((res) => raw.on('open', res));
    const token = await t.userToken(CUSTOMER_A);
    raw.send(JSON.stringify(['1', '1', 'realtime:cols', 'phx_join', { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'rt_notes' }] }, access_token: token }]));
    await waitUntil(() => frames.some((f) => f[3] === 'system'), 5000, 'subscribed');
    await t.db.query(`insert into public.rt_notes values (4, $1, 'x', 'hidden', 1)`, [CUSTOMER_A]);
    await waitUntil(() => frames.some((f) => f[3] === 'postgres_changes'), 5000, 'change');
    const change = frames.find((f) => f[3] === 'postgres_changes')![4] as { ids: number[]; data: Record<string, any> };
    const reply = frames.find((f) => f[3] === 'phx_reply')![4] as { response: { postgres_changes: { id: number }[] } };
    expect(change.ids).toEqual([reply.response.postgres_changes[0]!.id]);
    expect(change.data.columns.map((x: { name: string }) => x.name)).toEqual(['id', 'owner', 'body', 'n']);
    expect(change.data.columns[0]).toEqual({ name: 'id', type: 'int8' });
    raw.close();
  });

  it('follows grants and row level security changed between two deliveries', async () => {
    const c = t.client();
    await c.realtime.setAuth(await t.userToken(CUSTOMER_A));
    const r = await record(c, 'regrant', [{ event: 'INSERT', schema: 'public', table: 'rt_regrant' }]);
    const next = async (id: number) => {
      const before = r.changes.length;
      await t.db.query(`insert into public.rt_regrant values (${id}, $1, 'n${id}')`, [CUSTOMER_A]);
      await waitUntil(() => r.changes.length > before, 5000, `change ${id}`);
      return r.changes[before] as Record<string, any>;
    };
    expect((await next(1)).new).toEqual({ id: 1, owner: CUSTOMER_A, note: 'n1' });
    // What a delivery knows of the table is kept between deliveries: each change must renew it.
    await t.db.exec('revoke select on public.rt_regrant from authenticated; grant select (id, owner) on public.rt_regrant to authenticated');
    expect((await next(2)).new).toEqual({ id: 2, owner: CUSTOMER_A });
    await t.db.exec('revoke select on public.rt_regrant from authenticated');
    expect((await next(3)).errors).toEqual(['Error 401: Unauthorized']);
    await t.db.exec('grant select on public.rt_regrant to public');
    expect((await next(4)).new).toEqual({ id: 4, owner: CUSTOMER_A, note: 'n4' });
    // Row level security on: odd rows hidden. Delivery keeps commit order, so once 6 is in, 5 was
    // judged (and left out) under the same policy; with RLS off again, 7 arrives.
    await t.db.exec(`alter table public.rt_regrant enable row level security;
      create policy "Even rows only" on public.rt_regrant for select to authenticated using (id % 2 = 0)`);
    await t.db.query(`insert into public.rt_regrant values (5, $1, 'n5')`, [CUSTOMER_A]);
    expect((await next(6)).new).toEqual({ id: 6, owner: CUSTOMER_A, note: 'n6' });
    await t.db.exec('alter table public.rt_regrant disable row level security');
    expect((await next(7)).new).toEqual({ id: 7, owner: CUSTOMER_A, note: 'n7' });
    expect(r.changes.map((x: Record<string, any>) => x.new?.id ?? x.errors?.[0])).toEqual([1, 2, 'Error 401: Unauthorized', 4, 6, 7]);
  });

  it('sends Error 400 for a table without a primary key', async () => {
    const r = await record(t.client(), 'nokey', [{ event: '*', schema: 'public', table: 'rt_nokey' }]);
    await t.db.query(`insert into public.rt_nokey values ('v')`);
    const got = (await r.waitFor(r.changes, () => true)) as Record<string, any>;
    expect(got).toMatchObject({ eventType: 'INSERT', errors: ['Error 400: Bad Request, no primary key'], new: {} });
  });

  it('sends full old records with replica identity full, and Error 413 without the big values', async () => {
    const r = await record(t.client(), 'full', [{ event: '*', schema: 'public', table: 'rt_full' }]);
    await t.db.query(`insert into public.rt_full values (1, 'a', 'b')`);
    await t.db.query(`update public.rt_full set a = 'a2' where id = 1`);
    await t.db.query(`delete from public.rt_full where id = 1`);
    await waitUntil(() => r.changes.length === 3, 5000, 'three changes');
    const [, upd, del] = r.changes as Record<string, any>[];
    expect(upd!.old).toEqual({ id: 1, a: 'a', b: 'b' });
    expect(del!.old).toEqual({ id: 1, a: 'a2', b: 'b' });
    await t.db.query(`insert into public.rt_full values (2, repeat('x', 1100000), 'small')`);
    const big = (await r.waitFor(r.changes, (c: Record<string, any>) => c.new?.id === 2)) as Record<string, any>;
    expect(big.errors).toEqual(['Error 413: Payload Too Large']);
    expect(big.new).toEqual({ id: 2, b: 'small' });
  });

  it('streams a table published while the stack runs', async () => {
    const before = await record(t.client(), 'late-0', [{ event: '*', schema: 'public', table: 'rt_late' }]);
    expect(before.system[0]?.status).toBe('error');
    await t.db.query('alter publication supabase_realtime add table public.rt_late');
    const r = await record(t.client(), 'late', [{ event: 'INSERT', schema: 'public', table: 'rt_late' }]);
    expect(r.system[0]?.status).toBe('ok');
    await t.db.query(`insert into public.rt_late values (1, 'v')`);
    expect(((await r.waitFor(r.changes, () => true)) as Record<string, any>).new).toEqual({ id: 1, v: 'v' });
  });

  it('checks many sessions of one batch together: each gets its own rows, a failing policy hides only its rows', async () => {
    // Every token is a session of its own (distinct claims): all are checked in one round trip.
    const subscribe = async (sub: string, tier: string) => {
      const c = t.client();
      await c.realtime.setAuth(await t.userToken(sub, { tier } as never));
      return record(c, `tiers-${sub}-${tier}-${Math.random()}`, [{ event: 'INSERT', schema: 'public', table: 'rt_tiers' }]);
    };
    const service = () => record(t.client({ serviceRole: true }), `tiers-service-${Math.random()}`, [{ event: 'INSERT', schema: 'public', table: 'rt_tiers' }]);
    // A role that bypasses RLS before and after the others: its check's plan must not serve them.
    const first = await service();
    const owners = await Promise.all([...Array(5)].map(() => subscribe(CUSTOMER_A, '1')));
    const others = await Promise.all([...Array(5)].map(() => subscribe(CUSTOMER_B, '2')));
    const broken = await subscribe(CUSTOMER_A, 'not a number'); // its policy check raises an error
    const last = await service();
    await t.db.transaction(async (tx) => {
      await tx.query(`insert into public.rt_tiers values (1, $1), (2, $2), (3, $1)`, [CUSTOMER_A, CUSTOMER_B]);
    });
    await t.db.query(`insert into public.rt_tiers values (4, $1)`, [CUSTOMER_B]);
    for (const r of owners) await waitUntil(() => r.changes.length >= 2, 5000, 'the owner rows');
    for (const r of others) await waitUntil(() => r.changes.length >= 2, 5000, 'the other user rows');
    await sleep(300);
    const ids = (r: { changes: Record<string, unknown>[] }) => r.changes.map((c) => (c.new as { id: number }).id);
    for (const r of owners) expect(ids(r)).toEqual([1, 3]);
    for (const r of others) expect(ids(r)).toEqual([2, 4]);
    expect(broken.changes).toEqual([]);
    for (const r of [first, last]) expect(ids(r)).toEqual([1, 2, 3, 4]);
    if (engine === 'pglite') {
      // One connection: the checks' prepared statements must not outlive the check.
      const left = await t.db.query(`select count(*)::int as n from pg_prepared_statements where name like '\\_realtime\\_visible\\_%'`);
      expect(left.rows[0]).toEqual({ n: 0 });
    }
  });

  it('answers a heartbeat at once, while earlier joins of the socket are still being handled', async () => {
    const raw = new WebSocket(wsUrl());
    const frames: unknown[][] = [];
    raw.on('message', (d) => frames.push(JSON.parse(String(d))));
    await new Promise((res) => raw.on('open', res));
    const token = await t.userToken(CUSTOMER_A);
    const joins = 40;
    for (let i = 0; i < joins; i++) {
      raw.send(JSON.stringify([String(i), String(i), `realtime:hb${i}`, 'phx_join', { access_token: token, config: {} }]));
    }
    raw.send(JSON.stringify([null, 'hb', 'phoenix', 'heartbeat', {}]));
    await waitUntil(() => frames.filter((f) => f[3] === 'phx_reply').length === joins + 1, 8000, 'every reply');
    const replies = frames.filter((f) => f[3] === 'phx_reply');
    const heartbeat = replies.findIndex((f) => f[1] === 'hb');
    expect(replies[heartbeat]?.[4]).toEqual({ status: 'ok', response: {} });
    expect(heartbeat).toBeLessThan(joins);
    raw.close();
  });

  it('caps channels per connection and drops oversized frames, serving other clients meanwhile', async () => {
    const raw = new WebSocket(wsUrl());
    const replies: unknown[][] = [];
    raw.on('message', (d) => replies.push(JSON.parse(String(d))));
    await new Promise((res) => raw.on('open', res));
    for (let i = 0; i < 101; i++) raw.send(JSON.stringify([String(i), String(i), `realtime:c${i}`, 'phx_join', {}]));
    await waitUntil(() => replies.filter((f) => f[3] === 'phx_reply').length === 101, 8000, '101 replies');
    const last = replies.find((f) => f[1] === '100')!;
    expect(last[4]).toEqual({ status: 'error', response: { reason: 'ChannelRateLimitReached: Too many channels' } });
    const closed = new Promise<number>((res) => raw.on('close', (code) => res(code)));
    raw.send('x'.repeat(1024 * 1024 + 10));
    expect(await closed).toBe(1009);
    const ok = await record(t.client(), 'after', []);
    expect(ok.statuses[0]?.status).toBe('SUBSCRIBED');
  });

  it('closes its sockets when the stack shuts Realtime down', async () => {
    const raw = new WebSocket(wsUrl());
    await new Promise((res) => raw.on('open', res));
    const closed = new Promise<number>((res) => raw.on('close', (code) => res(code)));
    await t.stack.realtime.close();
    expect(await closed).toBe(1001);
  });
});
