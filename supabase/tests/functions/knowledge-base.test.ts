import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../../../tests/integration/support/stack.ts';
import { countRows, createUser, one, type TestUser } from './helpers.ts';

const PUBLISHED = '3f000000-0000-4000-8000-000000000001';
const DRAFT = '3f000000-0000-4000-8000-000000000002';
const DELETED = '3f000000-0000-4000-8000-000000000003';
const UNKNOWN = '3f000000-0000-4000-8000-0000000000ff';

const FIXTURE = `
insert into public.kb_articles (id, title, content, category, is_published, _deleted, view_count, helpful_votes, updated_at) values
  ('${PUBLISHED}', 'Resetting the opener', 'Hold the reset button for 6 seconds.', 'Troubleshooting', true, false, 10, 4, now() - interval '3 days'),
  ('${DRAFT}', 'Draft article', 'Not published yet, so not counted.', 'Installation', false, false, 0, 0, now()),
  ('${DELETED}', 'Deleted article', 'Soft-deleted, so not counted either.', 'Security', true, true, 0, 0, now());
`;

interface Article { view_count: number; helpful_votes: number; updated_at: string; _modified: string }

describeEngines('knowledge-base counters', (engine) => {
  let t: TestStack;
  let alice: TestUser;
  let bob: TestUser;
  const article = (id: string) => one<Article>(t, 'select view_count, helpful_votes, updated_at::text, _modified::text from public.kb_articles where id = $1', [id]);

  beforeAll(async () => {
    t = await startTestStack({ engine, fixtureSql: FIXTURE });
    [alice, bob] = await Promise.all([createUser(t), createUser(t)]);
  });
  afterAll(() => t?.close());

  it('counts a view from a signed-out visitor, without touching "Last Updated"', async () => {
    const before = await article(PUBLISHED);
    const { data, error } = await t.client().rpc('kb_record_view', { p_article_id: PUBLISHED });
    expect(error).toBeNull();
    expect(data).toBe(11);
    const after = await article(PUBLISHED);
    expect(after.view_count).toBe(11);
    expect(after.updated_at).toBe(before.updated_at);
    expect(after._modified > before._modified).toBe(true); // replicas still receive the new count
    expect((await alice.client.rpc('kb_record_view', { p_article_id: PUBLISHED })).data).toBe(12);
  });

  it('answers 404 for drafts, deleted and unknown articles, counting nothing', async () => {
    for (const id of [DRAFT, DELETED, UNKNOWN]) {
      const { error, status } = await t.client().rpc('kb_record_view', { p_article_id: id });
      expect(status).toBe(404);
      expect(error?.message).toBe('Article not found');
    }
    expect((await article(DRAFT)).view_count).toBe(0);
    expect((await article(DELETED)).view_count).toBe(0);
  });

  it('refuses helpful votes from signed-out visitors', async () => {
    const { error, status } = await t.client().rpc('kb_vote_helpful', { p_article_id: PUBLISHED });
    expect(error?.code).toBe('42501');
    expect(status).toBe(401);
    expect((await article(PUBLISHED)).helpful_votes).toBe(4);
  });

  it('counts one helpful vote per user', async () => {
    expect((await alice.client.rpc('kb_vote_helpful', { p_article_id: PUBLISHED })).data).toEqual({ helpful_votes: 5, counted: true });
    expect((await alice.client.rpc('kb_vote_helpful', { p_article_id: PUBLISHED })).data).toEqual({ helpful_votes: 5, counted: false });
    expect((await bob.client.rpc('kb_vote_helpful', { p_article_id: PUBLISHED })).data).toEqual({ helpful_votes: 6, counted: true });
    expect((await article(PUBLISHED)).helpful_votes).toBe(6);
    expect(await countRows(t, 'select 1 from public.kb_helpful_votes where article_id = $1', [PUBLISHED])).toBe(2);
    // The voter can see their own vote (to show "already voted"), and only their own.
    const mine = await alice.client.from('kb_helpful_votes').select('article_id, user_id');
    expect(mine.data).toEqual([{ article_id: PUBLISHED, user_id: alice.id }]);
  });

  it('counts simultaneous first votes of one user once', async () => {
    const carol = await createUser(t);
    const results = await Promise.all(Array.from({ length: 6 }, () => carol.client.rpc('kb_vote_helpful', { p_article_id: PUBLISHED })));
    expect(results.filter((r) => r.data?.counted === true)).toHaveLength(1);
    expect((await article(PUBLISHED)).helpful_votes).toBe(7);
  });

  it('refuses votes on drafts with 404', async () => {
    const { status } = await alice.client.rpc('kb_vote_helpful', { p_article_id: DRAFT });
    expect(status).toBe(404);
    expect(await countRows(t, 'select 1 from public.kb_helpful_votes where article_id = $1', [DRAFT])).toBe(0);
  });

  it('leaves no direct way for a customer to change the counters', async () => {
    const res = await alice.client.from('kb_articles').update({ view_count: 999, helpful_votes: 999 }).eq('id', PUBLISHED).select();
    expect(res.data ?? []).toEqual([]);
    const ins = await alice.client.from('kb_helpful_votes').insert({ article_id: PUBLISHED, user_id: alice.id });
    expect(ins.error?.code).toBe('42501');
    expect((await article(PUBLISHED)).view_count).toBe(12);
  });

  it('still moves "Last Updated" when staff edit an article', async () => {
    const staff = await createUser(t, 'support');
    const before = await article(PUBLISHED);
    const res = await staff.client.from('kb_articles').update({ title: 'Resetting the opener (updated)' }).eq('id', PUBLISHED).select('id');
    expect(res.error).toBeNull();
    expect((await article(PUBLISHED)).updated_at > before.updated_at).toBe(true);
  });

  it('counts a view once per article, viewer and hour: 60 calls of one device are one view, two devices two', async () => {
    const call = (c: ReturnType<TestStack['client']>, viewer?: string) =>
      c.rpc('kb_record_view', viewer ? { p_article_id: PUBLISHED, p_viewer_key: viewer } : { p_article_id: PUBLISHED });
    const views = async () => (await article(PUBLISHED)).view_count;
    await t.db.query(`delete from private.kb_view_marks`); // no view of the last hour holds one back
    const start = await views();
    const [phone, tablet] = [randomUUID(), randomUUID()];
    for (let i = 0; i < 60; i++) expect((await call(t.client(), phone)).error).toBeNull();
    expect(await views()).toBe(start + 1);
    for (let i = 0; i < 3; i++) await call(t.client(), tablet);
    expect(await views()).toBe(start + 2);
    // A signed-in reader is counted by account: new device keys do not add views.
    for (let i = 0; i < 5; i++) await call(bob.client, randomUUID());
    expect(await views()).toBe(start + 3);
    // An anonymous reader without a key is counted by address; inventing keys from one address
    // adds at most 20 views an hour.
    for (let i = 0; i < 5; i++) await call(t.client());
    expect(await views()).toBe(start + 4);
    for (let i = 0; i < 30; i++) await call(t.client(), randomUUID());
    expect(await views()).toBe(start + 1 + 20); // bob, and 20 anonymous viewers in all
    // An hour is 60 minutes from the counted view, not a clock hour: 59 minutes later (across any
    // hour's boundary) is the same view; an hour later counts again, and older marks are pruned.
    await t.db.query(`update private.kb_view_marks set counted_at = now() - interval '59 minutes'`);
    await call(t.client(), phone);
    expect(await views()).toBe(start + 21);
    await t.db.query(`update private.kb_view_marks set counted_at = now() - interval '61 minutes'`);
    await call(t.client(), phone);
    expect(await views()).toBe(start + 22);
    expect(await one<{ n: number }>(t, `select count(*)::int as n from private.kb_view_marks`)).toEqual({ n: 1 });
  });
});
