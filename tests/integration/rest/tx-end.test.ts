/**
 * PostgREST's `db-tx-end` (`[api] db_tx_end`, a local-only key): with `*-allow-override` a client's
 * `Prefer: tx` decides how its transaction ends; `rollback*` rolls back every request. The default
 * (`commit`, which ignores `tx`) is tested with the other writes in rest.test.ts.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../support/stack.ts';
import { asService, rest } from './helpers.ts';

const FIXTURE = `create table public.notes (id text primary key);
create function public.add_note(id text) returns void language sql volatile as $$ insert into public.notes values (id) $$;`;

describeEngines('db_tx_end', (engine) => {
  const stacks: Record<string, TestStack> = {};
  beforeAll(async () => {
    for (const txEnd of ['commit-allow-override', 'rollback-allow-override', 'rollback']) {
      stacks[txEnd] = await startTestStack({ engine, bare: true, fixtureSql: FIXTURE, configOverrides: { api: { db_tx_end: txEnd } } });
    }
  });
  afterAll(async () => {
    await Promise.all(Object.values(stacks).map((s) => s.close()));
  });

  const stored = async (t: TestStack) => ((await t.client({ serviceRole: true }).from('notes').select('id').order('id')).data ?? []).map((r) => r.id as string);
  const post = (t: TestStack, id: string, prefer?: string) => rest(t, '/notes', {
    method: 'POST', headers: { ...asService(t), ...(prefer ? { Prefer: prefer } : {}) }, body: JSON.stringify({ id }),
  });
  const call = (t: TestStack, id: string, prefer?: string) => rest(t, '/rpc/add_note', {
    method: 'POST', headers: { ...asService(t), ...(prefer ? { Prefer: prefer } : {}) }, body: JSON.stringify({ id }),
  });

  it('commit-allow-override: commits unless the client prefers tx=rollback', async () => {
    const t = stacks['commit-allow-override'] as TestStack;
    expect((await post(t, 'plain')).status).toBe(201);
    const rolled = await post(t, 'rolled', 'tx=rollback, return=representation');
    expect([rolled.status, rolled.json, rolled.headers.get('preference-applied')]).toEqual([201, [{ id: 'rolled' }], 'return=representation, tx=rollback']);
    expect((await call(t, 'rolled-rpc', 'tx=rollback')).status).toBe(204);
    expect((await call(t, 'rpc')).status).toBe(204);
    expect(await stored(t)).toEqual(['plain', 'rpc']);
  });

  it('rollback-allow-override: rolls back unless the client prefers tx=commit', async () => {
    const t = stacks['rollback-allow-override'] as TestStack;
    expect((await post(t, 'plain')).status).toBe(201);
    expect((await call(t, 'plain-rpc')).status).toBe(204);
    const kept = await post(t, 'kept', 'tx=commit');
    expect([kept.status, kept.headers.get('preference-applied')]).toEqual([201, 'tx=commit']);
    expect((await call(t, 'kept-rpc', 'tx=commit')).status).toBe(204);
    expect(await stored(t)).toEqual(['kept', 'kept-rpc']);
  });

  it('rollback: rolls back every request, whatever the client prefers', async () => {
    const t = stacks.rollback as TestStack;
    const kept = await post(t, 'asked-to-commit', 'tx=commit, return=representation');
    // Not allowed to override: the preference is ignored and not reported as applied.
    expect([kept.status, kept.json, kept.headers.get('preference-applied')]).toEqual([201, [{ id: 'asked-to-commit' }], 'return=representation']);
    expect((await call(t, 'asked-to-commit-rpc', 'tx=commit')).status).toBe(204);
    expect(await stored(t)).toEqual([]);
  });

  it('refuses to start on a value PostgREST does not know', async () => {
    await expect(startTestStack({ engine, bare: true, configOverrides: { api: { db_tx_end: 'sometimes' } } })).rejects.toThrow(/Invalid transaction termination/);
  });
});
