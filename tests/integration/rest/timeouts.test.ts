// @postgres-only: PGlite runs one statement at a time and never fires statement_timeout, so every
// test here runs on PostgreSQL (tests/run-all.sh leaves the file out of the PGlite process).
/**
 * Statements that run too long: the API roles' statement timeouts (hosted values, applied in each
 * request's transaction) and the cancel of a statement whose client went away. PostgreSQL only for
 * the timing: PGlite runs a statement on the one thread that would have to interrupt it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../support/stack.ts';
import { REST_FIXTURE, USER_A } from './fixture.ts';
import { pgrstError, rest } from './helpers.ts';

const json = { 'Content-Type': 'application/json' };

describeEngines('/rest/v1 statement timeouts and cancels', (engine) => {
  let t: TestStack;
  beforeAll(async () => {
    t = await startTestStack({ engine, bare: true, fixtureSql: REST_FIXTURE });
  });
  afterAll(() => t?.close());

  /** Backends of this database running the fixture's sleep(), other than the one asking. */
  const sleeping = async () => Number((await t.db.query<{ n: string }>(
    `select count(*)::text as n from pg_stat_activity
     where datname = current_database() and state = 'active' and query like '%"sleep"%' and pid <> pg_backend_pid()`,
  )).rows[0]?.n);

  if (engine !== 'pglite') it('ends an anon statement after 3 s with 57014, answered 500 as PostgREST does', async () => {
    const started = Date.now();
    const r = await rest(t, '/rpc/sleep', { method: 'POST', headers: json, body: '{"seconds":5}' });
    const elapsed = Date.now() - started;
    expect([r.status, r.json]).toEqual([500, pgrstError('57014', 'canceling statement due to statement timeout')]);
    expect(elapsed).toBeGreaterThanOrEqual(2900);
    expect(elapsed).toBeLessThan(4500);
    expect(await sleeping()).toBe(0);
    // An authenticated user has 8 s.
    const user = await rest(t, '/rpc/sleep', { method: 'POST', headers: { ...json, Authorization: `Bearer ${await t.userToken(USER_A)}` }, body: '{"seconds":3.3}' });
    expect(user.status).toBe(204);
  }, 20_000);

  if (engine !== 'pglite') it('cancels the running statement of a client that went away', async () => {
    const abort = new AbortController();
    const pending = fetch(`${t.url}/rest/v1/rpc/sleep`, {
      method: 'POST', headers: { ...json, apikey: t.anonKey }, body: '{"seconds":2.5}', signal: abort.signal,
    }).catch(() => undefined);
    const deadline = Date.now() + 2000;
    while ((await sleeping()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await sleeping()).toBe(1);
    abort.abort();
    const aborted = Date.now();
    while ((await sleeping()) > 0 && Date.now() - aborted < 2000) await new Promise((r) => setTimeout(r, 20));
    const gone = Date.now() - aborted;
    expect(gone).toBeLessThan(1000);
    await pending;
    // The stack keeps serving (the cancelled connection was dropped, not reused).
    for (let i = 0; i < 12; i += 1) expect((await rest(t, '/authors?select=id&limit=1')).status).toBe(200);
  }, 20_000);
});
