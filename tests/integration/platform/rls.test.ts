import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../support/stack.ts';

const ALICE = '0a000000-0000-4000-8000-00000000000a';
const BOB = '0b000000-0000-4000-8000-00000000000b';

// A table as our migrations write them: RLS on, sentence-style policies, (select auth.uid()).
const FIXTURE = `
create table public.notes (
  id bigint generated always as identity primary key,
  user_id uuid not null default auth.uid(),
  body text not null
);
create index notes_user_id_idx on public.notes (user_id);
alter table public.notes enable row level security;
create policy "Users can read their own notes" on public.notes
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Users can add their own notes" on public.notes
  for insert to authenticated with check (user_id = (select auth.uid()));
insert into public.notes (user_id, body) values
  ('${ALICE}', 'alice 1'), ('${ALICE}', 'alice 2'), ('${BOB}', 'bob 1');
`;

describeEngines('row level security through /rest/v1', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await startTestStack({ engine, bare: true, fixtureSql: FIXTURE });
  });
  afterAll(() => t?.close());

  const bodies = (rows: { body: string }[] | null) => (rows ?? []).map((r) => r.body).sort();

  it('shows each user only their own rows', async () => {
    const alice = t.client({ accessToken: await t.userToken(ALICE) });
    const bob = t.client({ accessToken: await t.userToken(BOB) });
    const a = await alice.from('notes').select('body, user_id');
    expect(a.error).toBeNull();
    expect(bodies(a.data)).toEqual(['alice 1', 'alice 2']);
    const b = await bob.from('notes').select('body');
    expect(b.error).toBeNull();
    expect(bodies(b.data)).toEqual(['bob 1']);
  });

  it('shows anon nothing (no policy for anon) without an error', async () => {
    const { data, error } = await t.client().from('notes').select('body');
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('lets service_role bypass RLS', async () => {
    const { data, error } = await t.client({ serviceRole: true }).from('notes').select('body');
    expect(error).toBeNull();
    expect(bodies(data)).toEqual(['alice 1', 'alice 2', 'bob 1']);
  });

  it("rejects a write into another user's rows with 42501, and accepts one's own", async () => {
    const alice = t.client({ accessToken: await t.userToken(ALICE) });
    const forged = await alice.from('notes').insert({ user_id: BOB, body: 'pretending to be bob' });
    expect(forged.status).toBe(403);
    expect(forged.error?.code).toBe('42501');
    const own = await alice.from('notes').insert({ body: 'alice 3' }).select('body, user_id').single();
    expect(own.error).toBeNull();
    expect(own.data).toEqual({ body: 'alice 3', user_id: ALICE });
    const bob = await t.client({ accessToken: await t.userToken(BOB) }).from('notes').select('body');
    expect(bodies(bob.data)).toEqual(['bob 1']);
  });
});
