/**
 * Idempotent RPCs for the device outbox: kb_record_view, kb_vote_helpful and subscribe_newsletter
 * with an idempotency key answer a repeat with the first answer and apply once, also when the
 * repeats arrive together; a key belongs to one caller and one function.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../../../tests/integration/support/stack.ts';
import { countRows, createUser, one, type TestUser } from './helpers.ts';

const ARTICLE = '3f100000-0000-4000-8000-000000000001';
const DRAFT = '3f100000-0000-4000-8000-000000000002';
const FIXTURE = `
insert into public.kb_articles (id, title, content, category, is_published, view_count, helpful_votes) values
  ('${ARTICLE}', 'Pairing a remote', 'Hold both buttons until the light blinks.', 'Installation', true, 0, 0),
  ('${DRAFT}', 'Draft', 'Not published yet, so not counted.', 'Installation', false, 0, 0);
`;

describeEngines('idempotent RPCs', (engine) => {
  let t: TestStack;
  let alice: TestUser;
  let bob: TestUser;
  const counters = () => one<{ views: number; votes: number }>(t, 'select view_count as views, helpful_votes as votes from public.kb_articles where id = $1', [ARTICLE]);
  const subscriptions = (email: string) => countRows(t, 'select 1 from public.newsletter_subscriptions where email = $1', [email]);
  const keyRow = (key: string) => t.db.query<{ fn: string; result: unknown }>('select fn, result from private.idempotency_keys where key = $1', [key]);

  beforeAll(async () => {
    t = await startTestStack({ engine, fixtureSql: FIXTURE });
    [alice, bob] = await Promise.all([createUser(t), createUser(t)]);
  });
  afterAll(() => t?.close());

  it('kb_record_view: a replay returns the first answer and counts once; without a key a new viewer counts', async () => {
    const before = (await counters()).views;
    const key = randomUUID();
    const device = randomUUID();
    const first = await t.client().rpc('kb_record_view', { p_article_id: ARTICLE, p_idempotency_key: key, p_viewer_key: device });
    expect(first.error).toBeNull();
    expect(first.data).toBe(before + 1);
    expect((await t.client().rpc('kb_record_view', { p_article_id: ARTICLE, p_viewer_key: randomUUID() })).data).toBe(before + 2);
    const replay = await t.client().rpc('kb_record_view', { p_article_id: ARTICLE, p_idempotency_key: key, p_viewer_key: device });
    expect(replay).toMatchObject({ error: null, data: before + 1, status: 200 });
    expect((await counters()).views).toBe(before + 2);
    expect((await keyRow(key)).rows).toEqual([{ fn: 'kb_record_view', result: before + 1 }]);
  });

  it('kb_vote_helpful: a replay returns the recorded {counted: true}, not a second vote', async () => {
    const key = randomUUID();
    const first = await alice.client.rpc('kb_vote_helpful', { p_article_id: ARTICLE, p_idempotency_key: key });
    expect(first.data).toEqual({ helpful_votes: 1, counted: true });
    const replay = await alice.client.rpc('kb_vote_helpful', { p_article_id: ARTICLE, p_idempotency_key: key });
    expect(replay.data).toEqual({ helpful_votes: 1, counted: true });
    // A new call (new key) is a new vote attempt, refused as a repeat by the one-vote rule.
    expect((await alice.client.rpc('kb_vote_helpful', { p_article_id: ARTICLE, p_idempotency_key: randomUUID() })).data)
      .toEqual({ helpful_votes: 1, counted: false });
    expect((await counters()).votes).toBe(1);
  });

  it('simultaneous duplicates apply once and all get the first answer', async () => {
    const before = (await counters()).views;
    const key = randomUUID();
    const device = randomUUID();
    const results = await Promise.all(Array.from({ length: 8 }, () =>
      t.client().rpc('kb_record_view', { p_article_id: ARTICLE, p_idempotency_key: key, p_viewer_key: device })));
    expect(results.map((r) => r.error)).toEqual(Array(8).fill(null));
    expect(new Set(results.map((r) => r.data))).toEqual(new Set([before + 1]));
    expect((await counters()).views).toBe(before + 1);
  });

  it('a key is refused for another user, for anon after a user, and for another function (22023, 400)', async () => {
    const key = randomUUID();
    expect((await alice.client.rpc('kb_record_view', { p_article_id: ARTICLE, p_idempotency_key: key })).error).toBeNull();
    const views = (await counters()).views;
    for (const call of [
      () => bob.client.rpc('kb_record_view', { p_article_id: ARTICLE, p_idempotency_key: key }),
      () => t.client().rpc('kb_record_view', { p_article_id: ARTICLE, p_idempotency_key: key }),
      () => alice.client.rpc('kb_vote_helpful', { p_article_id: ARTICLE, p_idempotency_key: key }),
      () => alice.client.rpc('subscribe_newsletter', { p_email: 'reuse@example.test', p_idempotency_key: key }),
    ]) {
      const { data, error, status } = await call();
      expect(data).toBeNull();
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: '22023', message: 'Idempotency key already used' });
    }
    expect((await counters()).views).toBe(views);
    expect(await subscriptions('reuse@example.test')).toBe(0);
  });

  it('a failed call records nothing, so its retry runs again', async () => {
    const key = randomUUID();
    const draft = await t.client().rpc('kb_record_view', { p_article_id: DRAFT, p_idempotency_key: key });
    expect(draft.status).toBe(404);
    expect((await keyRow(key)).rows).toEqual([]);
    const vote = await t.client().rpc('kb_vote_helpful', { p_article_id: ARTICLE, p_idempotency_key: key });
    expect(vote.error?.code).toBe('42501');
    expect((await keyRow(key)).rows).toEqual([]);
  });

  it('subscribe_newsletter: anon through supabase-js, stored lower-cased, once per key', async () => {
    const email = `Notify-${randomUUID().slice(0, 8)}@Example.test`;
    const key = randomUUID();
    const args = { p_email: `  ${email} `, p_name: 'Ada', p_source: 'landing', p_idempotency_key: key };
    const first = await t.client().rpc('subscribe_newsletter', args);
    expect(first).toMatchObject({ error: null, data: { subscribed: true }, status: 200 });
    expect(await t.client().rpc('subscribe_newsletter', args)).toMatchObject({ error: null, data: { subscribed: true } });
    const row = await one<{ email: string; name: string; source: string }>(t,
      'select email, name, source from public.newsletter_subscriptions where email = $1', [email.toLowerCase()]);
    expect(row).toEqual({ email: email.toLowerCase(), name: 'Ada', source: 'landing' });
    expect(await subscriptions(email.toLowerCase())).toBe(1);
  });

  it('subscribe_newsletter: a repeated address (new key, any case) answers the same and keeps the first subscription', async () => {
    const email = `repeat-${randomUUID().slice(0, 8)}@example.test`;
    expect((await bob.client.rpc('subscribe_newsletter', { p_email: email, p_name: 'First' })).data).toEqual({ subscribed: true });
    const again = await t.client().rpc('subscribe_newsletter', { p_email: email.toUpperCase(), p_name: 'Second', p_idempotency_key: randomUUID() });
    expect(again).toMatchObject({ error: null, data: { subscribed: true }, status: 200 });
    // A direct insert of the address meanwhile is absorbed as well (the table's own rule).
    expect((await t.client().from('newsletter_subscriptions').insert({ email })).error).toBeNull();
    expect(await subscriptions(email)).toBe(1);
    expect((await one<{ name: string; source: string }>(t, 'select name, source from public.newsletter_subscriptions where email = $1', [email])))
      .toEqual({ name: 'First', source: 'footer' });
  });

  it('subscribe_newsletter: bad input is refused with 22023 before anything is written, whether or not the address exists', async () => {
    const existing = `exists-${randomUUID().slice(0, 8)}@example.test`;
    await t.client().rpc('subscribe_newsletter', { p_email: existing });
    const bad: Record<string, unknown>[] = [
      { p_email: 'not-an-address' }, { p_email: 'a@b' }, { p_email: 'two words@example.test' }, { p_email: '' },
      { p_email: `${'x'.repeat(310)}@example.test` }, { p_email: null },
      { p_email: existing, p_source: 'popup' }, { p_email: existing, p_name: 'n'.repeat(101) },
      { p_email: 'fresh@example.test', p_source: null },
    ];
    for (const args of bad) {
      const key = randomUUID();
      const { data, error, status } = await t.client().rpc('subscribe_newsletter', { ...args, p_idempotency_key: key });
      expect(data, JSON.stringify(args).slice(0, 80)).toBeNull();
      expect(status).toBe(400);
      expect(error?.code).toBe('22023');
      expect((await keyRow(key)).rows).toEqual([]);
    }
    expect(await subscriptions('fresh@example.test')).toBe(0);
  });

  it('private.purge_idempotency_keys removes keys older than 30 days only; the API cannot call it', async () => {
    const [old, recent] = [randomUUID(), randomUUID()];
    await t.db.query(`insert into private.idempotency_keys (key, fn, result, created_at) values
      ($1, 'kb_record_view', '1', now() - interval '31 days'), ($2, 'kb_record_view', '1', now() - interval '29 days')`, [old, recent]);
    expect(Number((await t.db.query<{ n: number }>('select private.purge_idempotency_keys() as n')).rows[0]!.n)).toBeGreaterThanOrEqual(1);
    expect((await keyRow(old)).rows).toEqual([]);
    expect((await keyRow(recent)).rows).toHaveLength(1);
    expect((await alice.client.schema('private' as 'public').rpc('purge_idempotency_keys')).error).not.toBeNull();
  });

  if (engine === 'postgres') it('a duplicate that arrives while the first is uncommitted waits, then returns its answer', async () => {
    const [c1, c2] = [new pg.Client({ connectionString: t.databaseUrl }), new pg.Client({ connectionString: t.databaseUrl })];
    await Promise.all([c1.connect(), c2.connect()]);
    try {
      for (const outcome of ['commit', 'rollback'] as const) {
        const before = (await counters()).views;
        const key = randomUUID();
        await c1.query('begin');
        // Each round a new viewer, so the view is due (a viewer counts once an hour).
        const viewer = randomUUID();
        const first = (await c1.query<{ v: number }>('select public.kb_record_view($1, $2, $3) as v', [ARTICLE, key, viewer])).rows[0]!.v;
        const second = c2.query<{ v: number }>('select public.kb_record_view($1, $2, $3) as v', [ARTICLE, key, viewer]);
        const pid = (c2 as unknown as { processID: number }).processID;
        while (!(await countRows(t, 'select 1 from pg_locks where pid = $1 and not granted', [pid]))) await new Promise((r) => setTimeout(r, 10));
        await c1.query(outcome);
        const v = (await second).rows[0]!.v;
        // Committed: the duplicate gets the first answer. Rolled back: the duplicate runs itself.
        expect(v).toBe(outcome === 'commit' ? first : before + 1);
        expect((await counters()).views).toBe(before + 1);
      }
    } finally {
      await Promise.all([c1.end(), c2.end()]);
    }
  });
});
