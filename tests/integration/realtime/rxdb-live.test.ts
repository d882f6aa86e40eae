/**
 * The RxDB Supabase replication plugin with `live: true` against the stack: changes written through
 * /rest/v1 by another client reach a user's RxDB collection over /realtime/v1 alone (no reSync, and
 * no pull request is made meanwhile), and RLS keeps another user's rows out of it.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb';
import { replicateSupabase, type RxSupabaseReplicationState } from 'rxdb/plugins/replication-supabase';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { describeEngines, startTestStack, type TestStack } from '../support/stack.ts';
import { USER_A, USER_B } from './fixture.ts';

interface Todo {
  id: string;
  owner: string;
  title: string;
  done: boolean;
}

const FIXTURE = `
create table public.rt_todos (
  id text primary key,
  owner uuid not null default auth.uid(),
  title text not null,
  done boolean not null default false,
  _deleted boolean not null default false,
  _modified timestamptz not null default clock_timestamp()
);
create function public.rt_todos_touch() returns trigger language plpgsql as $$
begin
  new._modified := clock_timestamp();
  return new;
end $$;
create trigger rt_todos_touch before insert or update on public.rt_todos for each row execute function public.rt_todos_touch();
alter table public.rt_todos enable row level security;
create policy "Owners read their todos" on public.rt_todos for select to authenticated using (owner = (select auth.uid()));
create policy "Owners add their todos" on public.rt_todos for insert to authenticated with check (owner = (select auth.uid()));
create policy "Owners change their todos" on public.rt_todos for update to authenticated using (owner = (select auth.uid())) with check (owner = (select auth.uid()));
alter publication supabase_realtime add table public.rt_todos;
`;

const todoSchema = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 64 },
    owner: { type: 'string' },
    title: { type: 'string' },
    done: { type: 'boolean' },
  },
  required: ['id', 'owner', 'title', 'done'],
} as const;

async function waitUntil(what: string, cond: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!(await cond())) {
    if (performance.now() > end) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A user's device: its own supabase-js client (pull GETs counted), RxDB database and live replication. */
interface Device {
  client: SupabaseClient;
  pulls: () => number;
  db: RxDatabase;
  todos: RxCollection<Todo>;
  replication: RxSupabaseReplicationState<Todo>;
}

describeEngines('RxDB live replication over /realtime/v1', (engine) => {
  let t: TestStack | undefined;
  const devices: Device[] = [];

  /** A supabase-js client like the harness's, whose fetch counts the plugin's pull requests. */
  async function userClient(sub: string): Promise<{ client: SupabaseClient; pulls: () => number }> {
    const stack = t as TestStack;
    const token = await stack.userToken(sub);
    let pulls = 0;
    const countingFetch: typeof fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if ((init?.method ?? 'GET') === 'GET' && url.includes('/rest/v1/rt_todos')) pulls++;
      return fetch(input, init);
    };
    const client = createClient(stack.url, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      global: { headers: { Authorization: `Bearer ${token}` }, fetch: countingFetch },
    });
    // The plugin subscribes at once: without the token first, the channel would join as anon.
    await client.realtime.setAuth(token);
    return { client, pulls: () => pulls };
  }

  async function device(sub: string, name: string): Promise<Device> {
    const { client, pulls } = await userClient(sub);
    const db = await createRxDatabase({ name: `rt-${name}-${engine}-${Date.now()}`, storage: getRxStorageMemory(), multiInstance: false });
    const { todos } = await db.addCollections({ todos: { schema: todoSchema } });
    const collection = todos as RxCollection<Todo>;
    // The plugin's channel (client.channel returns the one already made for a topic), watched for
    // the server's word that the subscription is in place: SUBSCRIBED comes before it, with the
    // join's reply, and a row committed in between would reach no channel.
    const identifier = `rt-live-${name}-${engine}`;
    let live = false;
    client.channel(identifier).on('system', {}, (m: { extension?: string; status?: string }) => {
      if (m.extension === 'postgres_changes') live = m.status === 'ok';
    });
    const replication = replicateSupabase<Todo>({
      replicationIdentifier: identifier,
      collection, client, tableName: 'rt_todos', live: true, waitForLeadership: false,
      pull: {}, push: {},
    });
    const errors: unknown[] = [];
    replication.error$.subscribe((e) => errors.push(e));
    await replication.awaitInitialReplication();
    // Live, and the RESYNC the plugin runs on SUBSCRIBED is done: from here only Realtime brings rows.
    await waitUntil(`${name}'s subscription live`, async () => live);
    await replication.awaitInSync();
    expect(errors).toEqual([]);
    const d = { client, pulls, db, todos: collection, replication };
    devices.push(d);
    return d;
  }

  const ids = async (d: Device) => (await d.todos.find({ sort: [{ id: 'asc' }] }).exec()).map((doc) => doc.id);

  beforeAll(async () => {
    t = await startTestStack({ engine, bare: true, fixtureSql: FIXTURE });
    await t.db.exec(`insert into public.rt_todos (id, owner, title) values ('a-0', '${USER_A}', 'before'), ('b-0', '${USER_B}', 'before')`);
  });
  afterAll(async () => {
    for (const d of devices) {
      await d.replication.cancel();
      await d.db.remove();
      d.client.realtime.disconnect();
    }
    await t?.close();
  });

  it("brings rows written elsewhere into each user's collection live, and never another user's", async () => {
    const a = await device(USER_A, 'a');
    const b = await device(USER_B, 'b');
    expect([await ids(a), await ids(b)]).toEqual([['a-0'], ['b-0']]);
    const [pullsA, pullsB] = [a.pulls(), b.pulls()];
    // The counter does see the plugin's pulls (its initial ones), so a zero below means something.
    expect(pullsA * pullsB).toBeGreaterThan(0);

    // Other sessions of the same users write through /rest/v1, interleaved.
    const writerA = (await userClient(USER_A)).client;
    const writerB = (await userClient(USER_B)).client;
    for (const [writer, id, owner] of [[writerB, 'b-1', USER_B], [writerA, 'a-1', USER_A], [writerB, 'b-2', USER_B], [writerA, 'a-2', USER_A]] as const) {
      const { error } = await writer.from('rt_todos').insert({ id, owner, title: `live ${id}` });
      expect(error).toBeNull();
    }
    await waitUntil("A's live rows", async () => (await ids(a)).length >= 3);
    await waitUntil("B's live rows", async () => (await ids(b)).length >= 3);
    // Changes arrive in commit order: had B's rows been sent to A, they would be there by now.
    await new Promise((r) => setTimeout(r, 200));
    expect(await ids(a)).toEqual(['a-0', 'a-1', 'a-2']);
    expect(await ids(b)).toEqual(['b-0', 'b-1', 'b-2']);
    expect((await a.todos.findOne('a-2').exec())?.title).toBe('live a-2');
    // Realtime brought them: the plugin made no pull request since it joined.
    expect([a.pulls() - pullsA, b.pulls() - pullsB]).toEqual([0, 0]);
  });

  it('brings an update and a soft delete live', async () => {
    const [a] = devices as [Device];
    const before = a.pulls();
    const writer = (await userClient(USER_A)).client;
    expect((await writer.from('rt_todos').update({ title: 'renamed', done: true }).eq('id', 'a-1')).error).toBeNull();
    await waitUntil('the update', async () => (await a.todos.findOne('a-1').exec())?.title === 'renamed');
    expect((await a.todos.findOne('a-1').exec())?.done).toBe(true);
    expect((await writer.from('rt_todos').update({ _deleted: true }).eq('id', 'a-2')).error).toBeNull();
    await waitUntil('the soft delete', async () => (await a.todos.findOne('a-2').exec()) === null);
    expect(await ids(a)).toEqual(['a-0', 'a-1']);
    expect(a.pulls() - before).toBe(0);
  });
});
