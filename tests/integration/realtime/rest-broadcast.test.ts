/**
 * REST broadcasts (`POST /realtime/v1/api/broadcast`, what supabase-js's `send()` uses before a
 * join, and `/api/broadcast/<topic>/events/<event>`, `httpSend()`) to private channels: authorized
 * as the caller by RLS on realtime.messages (an insert policy), as hosted Realtime does, and the
 * keys they need: a bearer token alone is enough, as through the Supabase CLI's gateway.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { describeEngines, startTestStack, type TestStack } from '../support/stack.ts';
import { CUSTOMER_A, CUSTOMER_B, SUPPORT, sleep, waitUntil } from './helpers.ts';

/** Room members receive; only those marked `sends` may broadcast. SUPPORT is in no room. */
const FIXTURE = `
create table public.room_members (room text not null, user_id uuid not null, sends boolean not null default false, primary key (room, user_id));
insert into public.room_members values ('room:1', '${CUSTOMER_A}', false), ('room:1', '${CUSTOMER_B}', true);

create policy "Members receive on their rooms" on realtime.messages for select to authenticated
  using (exists (select 1 from public.room_members m where m.room = (select realtime.topic()) and m.user_id = (select auth.uid())));
create policy "Senders broadcast on their rooms" on realtime.messages for insert to authenticated
  with check (extension = 'broadcast' and exists (
    select 1 from public.room_members m where m.room = (select realtime.topic()) and m.user_id = (select auth.uid()) and m.sends));
`;

interface Listener { got: unknown[]; client: SupabaseClient }

describeEngines('realtime REST broadcasts to private channels', (engine) => {
  let t: TestStack;
  let member: Listener;
  let outsider: Listener;
  beforeAll(async () => {
    // realtime-js warns on every `send()` before a join: that REST path is what is tested here.
    const warn = console.warn.bind(console);
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void (String(args[0]).startsWith('Realtime send() is automatically') || warn(...args)));
    t = await startTestStack({ engine, bare: true, fixtureSql: FIXTURE });
    // A member joined to the private room, and a client on the public channel of the same name.
    member = await listen(await as(CUSTOMER_A), true);
    outsider = await listen(t.client(), false);
  }, 120_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  async function as(sub: string): Promise<SupabaseClient> {
    const c = t.client();
    await c.realtime.setAuth(await t.userToken(sub));
    return c;
  }
  async function listen(client: SupabaseClient, isPrivate: boolean): Promise<Listener> {
    const got: unknown[] = [];
    const channel = client.channel('room:1', { config: { private: isPrivate } }).on('broadcast', { event: 'msg' }, (m) => got.push(m.payload));
    await new Promise<void>((resolve, reject) =>
      channel.subscribe((status, error) => (status === 'SUBSCRIBED' ? resolve() : status === 'CHANNEL_ERROR' && reject(error))),
    );
    return { got, client };
  }
  /** An unjoined private channel: `send()` goes over REST. */
  const privateRoom = (client: SupabaseClient) => client.channel('room:1', { config: { private: true } });
  /** Sends an allowed message and waits for it: whatever was sent before it has arrived by then. */
  const fence = async (tag: string) => {
    expect(await privateRoom(await as(CUSTOMER_B)).send({ type: 'broadcast', event: 'msg', payload: { tag } })).toBe('ok');
    await waitUntil(() => member.got.some((p) => (p as { tag?: string }).tag === tag), 5000, `the fence ${tag}`);
  };
  const post = (path: string, headers: Record<string, string>, body: unknown) =>
    fetch(`${t.url}/realtime/v1/api/broadcast${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('delivers a message the caller may send to the private channel only', async () => {
    const sender = privateRoom(await as(CUSTOMER_B));
    expect(await sender.send({ type: 'broadcast', event: 'msg', payload: { n: 1 } })).toBe('ok');
    expect(await sender.httpSend('msg', { n: 2 })).toEqual({ success: true });
    await waitUntil(() => member.got.length >= 2, 5000, 'both broadcasts');
    expect(member.got.slice(0, 2)).toEqual([{ n: 1 }, { n: 2 }]);
    await sleep(100);
    expect(outsider.got).toEqual([]);
    member.got.length = 0;
  });

  it('drops a refused message from a batch (202) and answers the single endpoint 403', async () => {
    // A member without the send right, a user in no room, and anon (no policy for it at all).
    for (const client of [await as(CUSTOMER_A), await as(SUPPORT), t.client()]) {
      expect(await privateRoom(client).send({ type: 'broadcast', event: 'msg', payload: { refused: true } })).toBe('ok');
      await expect(privateRoom(client).httpSend('msg', { refused: true })).rejects.toThrow('Unauthorized');
    }
    await fence('after refusals');
    expect(member.got.filter((p) => (p as { refused?: boolean }).refused)).toEqual([]);
    member.got.length = 0;
  });

  it('sends the public messages of a batch and drops the private ones it refuses', async () => {
    const token = await t.userToken(SUPPORT);
    const res = await post('', { apikey: t.anonKey, authorization: `Bearer ${token}` }, {
      messages: [
        { topic: 'room:1', event: 'msg', payload: { via: 'private' }, private: true },
        { topic: 'room:1', event: 'msg', payload: { via: 'public' } },
      ],
    });
    expect(res.status).toBe(202);
    await waitUntil(() => outsider.got.length === 1, 5000, 'the public one');
    await fence('after the mixed batch');
    expect(outsider.got).toEqual([{ via: 'public' }]);
    expect(member.got.filter((p) => (p as { via?: string }).via)).toEqual([]);
    outsider.got.length = 0;
    member.got.length = 0;
  });

  it('lets the service role send to any private channel (it bypasses RLS)', async () => {
    expect(await privateRoom(t.client({ serviceRole: true })).send({ type: 'broadcast', event: 'msg', payload: { from: 'service' } })).toBe('ok');
    await waitUntil(() => member.got.length === 1, 5000, 'the service broadcast');
    expect(member.got).toEqual([{ from: 'service' }]);
    member.got.length = 0;
  });

  it('takes a bearer token without an apikey; neither, or a bad token, is 401 Unauthorized', async () => {
    const body = { messages: [{ topic: 'room:1', event: 'msg', payload: { keyless: true }, private: true }] };
    expect((await post('', { authorization: `Bearer ${await t.userToken(CUSTOMER_B)}` }, body)).status).toBe(202);
    await waitUntil(() => member.got.length === 1, 5000, 'the key-less broadcast');
    expect(member.got).toEqual([{ keyless: true }]);
    const refusals: Record<string, string>[] = [{}, { authorization: 'Bearer not-a-jwt' }, { authorization: `Bearer ${await t.userToken(CUSTOMER_B, { exp: 1 })}` }];
    for (const headers of refusals) {
      const res = await post('', headers, body);
      expect([res.status, await res.json()]).toEqual([401, { message: 'Unauthorized' }]);
    }
    // An apikey that is sent must still be the project's.
    const wrongKey = await post('', { apikey: 'nope', authorization: `Bearer ${await t.userToken(CUSTOMER_B)}` }, body);
    expect([wrongKey.status, (await wrongKey.json()).message]).toEqual([401, 'Invalid API key']);
    member.got.length = 0;
  });

  it('refuses a socket without an API key as Realtime does', async () => {
    const refused = await new Promise<{ status: number; body: string }>((resolve) => {
      new WebSocket(`${t.url.replace('http', 'ws')}/realtime/v1/websocket?vsn=2.0.0`).on('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
    });
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body)).toEqual({ error: 'API key is missing' });
  });
});
