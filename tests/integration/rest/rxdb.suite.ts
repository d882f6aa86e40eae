import { createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb';
import { replicateSupabase } from 'rxdb/plugins/replication-supabase';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterAll, expect, it } from 'vitest';
import type { TestStack } from '../support/stack.ts';
import { USER_A, USER_B } from './fixture.ts';

interface Todo {
  id: string;
  owner?: string;
  title: string;
  done: boolean;
  note?: string | null;
}

const todoSchema = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 64 },
    owner: { type: 'string' },
    title: { type: 'string' },
    done: { type: 'boolean' },
    note: { type: ['string', 'null'] },
  },
  required: ['id', 'title', 'done'],
} as const;

/**
 * The RxDB Supabase replication plugin itself against /rest/v1: its checkpoint pull
 * (`or=("_modified".gt.…,and(…))`, ordered, limited), its inserts and its guarded PATCH.
 */
export function rxdbSuite(get: () => TestStack, engine: string): void {
  let db: RxDatabase | undefined;
  afterAll(async () => {
    await db?.remove();
  });

  it("answers the plugin's checkpoint query exactly: ties on _modified broken by id", async () => {
    const t = get();
    const svc = t.client({ serviceRole: true });
    // Rows sharing one _modified value: only the (modified, id) checkpoint orders them.
    await t.db.exec(`alter table public.todos disable trigger todos_touch;
      insert into public.todos (id, owner, title, _modified) values
        ('cp-1', '${USER_A}', 'a', '2026-01-01 10:00:00+00'), ('cp-2', '${USER_A}', 'b', '2026-01-01 10:00:00+00'),
        ('cp-3', '${USER_A}', 'c', '2026-01-01 10:00:00+00'), ('cp-4', '${USER_A}', 'd', '2026-01-01 10:00:01.5+00');
      alter table public.todos enable trigger todos_touch;`);
    const first = await svc.from('todos').select('*').like('id', 'cp-*').order('_modified', { ascending: true }).order('id', { ascending: true }).limit(2);
    const last = first.data?.[1] as { id: string; _modified: string };
    expect([first.data?.map((r) => r.id), last._modified]).toEqual([['cp-1', 'cp-2'], '2026-01-01T10:00:00+00:00']);
    const next = await svc.from('todos').select('*').like('id', 'cp-*')
      .or(`"_modified".gt.${last._modified},and("_modified".eq.${last._modified},"id".gt.${last.id})`)
      .order('_modified', { ascending: true }).order('id', { ascending: true }).limit(2);
    expect(next.error).toBeNull();
    expect(next.data?.map((r) => r.id)).toEqual(['cp-3', 'cp-4']);
    await svc.from('todos').delete().like('id', 'cp-*');
  });

  it('pulls in checkpoint batches, pushes inserts and guarded updates, and resolves conflicts', async () => {
    const t = get();
    const svc = t.client({ serviceRole: true });
    await svc.from('todos').insert([
      { id: 'rx-1', owner: USER_A, title: 'one' },
      { id: 'rx-2', owner: USER_A, title: 'two', note: 'n' },
      { id: 'rx-3', owner: USER_A, title: 'three' },
      { id: 'rx-b', owner: USER_B, title: 'not mine' },
    ]);
    db = await createRxDatabase({ name: `rest-${engine}-${Date.now()}`, storage: getRxStorageMemory(), multiInstance: false });
    const { todos } = await db.addCollections({ todos: { schema: todoSchema } });
    const collection = todos as RxCollection<Todo>;
    const client = t.client({ accessToken: await t.userToken(USER_A) });
    const replication = replicateSupabase<Todo>({
      replicationIdentifier: `rest-test-${engine}`,
      collection, client, tableName: 'todos', live: true, waitForLeadership: false,
      // Batches of 2 make the plugin page with its `or=(…)` checkpoint query.
      pull: { batchSize: 2 },
      push: {},
    });
    const errors: unknown[] = [];
    replication.error$.subscribe((e) => errors.push(e));
    await replication.awaitInitialReplication();
    const local = await collection.find({ sort: [{ id: 'asc' }] }).exec();
    expect(local.map((d) => [d.id, d.title, d.note ?? null])).toEqual([['rx-1', 'one', null], ['rx-2', 'two', 'n'], ['rx-3', 'three', null]]);

    await collection.insert({ id: 'rx-4', title: 'four', done: false });
    await (await collection.findOne('rx-1').exec())?.incrementalPatch({ done: true });
    // A change made elsewhere: the plugin's guarded PATCH must match nothing and take the server's row.
    await svc.from('todos').update({ title: 'server wins' }).eq('id', 'rx-2');
    await (await collection.findOne('rx-2').exec())?.incrementalPatch({ title: 'local loses' });
    replication.reSync();
    await replication.awaitInSync();

    const server = await svc.from('todos').select('id, title, done, owner').like('id', 'rx-*').order('id');
    expect(server.data).toEqual([
      { id: 'rx-1', title: 'one', done: true, owner: USER_A },
      { id: 'rx-2', title: 'server wins', done: false, owner: USER_A },
      { id: 'rx-3', title: 'three', done: false, owner: USER_A },
      { id: 'rx-4', title: 'four', done: false, owner: USER_A },
      { id: 'rx-b', title: 'not mine', done: false, owner: USER_B },
    ]);
    expect((await collection.findOne('rx-2').exec())?.title).toBe('server wins');
    expect(errors).toEqual([]);
    await replication.cancel();
  });
}
