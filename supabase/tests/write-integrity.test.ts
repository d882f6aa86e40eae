/**
 * Write integrity through /rest/v1 (API roles only): a public insert is one row per request;
 * server-set columns behave as the RxDB replication plugin needs (whole documents accepted, the
 * server's values kept); support cannot move a ticket to another customer; the workflow
 * timestamps move only by their rules; the owner (seed) and service_role may set past dates.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../../tests/integration/support/stack.ts';
import { clientFor, createUser, probe } from './support/actors.ts';

const PAST = '2001-02-03T04:05:06+00:00';
const recent = (v: unknown) => Math.abs(new Date(String(v)).getTime() - Date.now()) < 10 * 60_000;

describeEngines('write integrity', (engine) => {
  let t: TestStack;
  let customer: string;
  let other: string;
  let support: string;
  let category: string;
  beforeAll(async () => {
    t = await startTestStack({ engine });
    [customer, other, support] = [await createUser(t), await createUser(t), await createUser(t, { role: 'support' })];
    category = randomUUID();
    await t.db.query('insert into public.support_categories (id, name) values ($1, $2)', [category, `Integrity ${category}`]);
  });
  afterAll(() => t?.close());

  const emails = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ email: `bulk-${tag}-${i}@example.test` }));
  const subscribed = (tag: string) => probe(t, "select count(*)::int as v from public.newsletter_subscriptions where email like $1", [`bulk-${tag}-%`]);

  it('an anonymous request adds at most one subscription; 20,000 at once are refused and none is written', async () => {
    const tag = randomUUID().slice(0, 8);
    const { error, status } = await t.client().from('newsletter_subscriptions').insert(emails(20_000, tag));
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'P0001', message: 'At most 1 row(s) can be added to newsletter_subscriptions in one request', details: '20000 rows were sent' });
    expect(await subscribed(tag)).toBe(0);
    expect((await t.client().from('newsletter_subscriptions').insert(emails(2, tag))).error?.code).toBe('P0001');
    expect((await t.client().from('newsletter_subscriptions').insert(emails(1, tag))).error).toBeNull();
    expect(await subscribed(tag)).toBe(1);
  }, 180_000); // the refused request still runs the table's before-row triggers for 20,000 rows

  it('a signed-in user is held to the same limit; service_role (the back end) is not', async () => {
    const tag = randomUUID().slice(0, 8);
    const signedIn = await (await clientFor(t, customer)).from('newsletter_subscriptions').insert(emails(2, tag));
    expect(signedIn.error?.code).toBe('P0001');
    expect((await t.client({ serviceRole: true }).from('newsletter_subscriptions').insert(emails(3, tag))).error).toBeNull();
    expect(await subscribed(tag)).toBe(3);
  });

  it('RxDB-shaped writes: a POST with created_at succeeds with the server time; a guarded PATCH of the whole document lands', async () => {
    const client = await clientFor(t, customer);
    const id = randomUUID();
    const made = await client.from('devices').insert({ id, user_id: customer, name: 'Door', created_at: PAST, updated_at: PAST })
      .select('created_at, updated_at').single();
    expect(made.error).toBeNull();
    expect(recent(made.data!.created_at) && recent(made.data!.updated_at)).toBe(true);
    // The plugin filters on the assumed state of every column and sends the whole new document,
    // which may still carry the client's own created_at.
    const stored = (await client.from('devices').select('*').eq('id', id).single()).data as Record<string, unknown>;
    const body: Record<string, unknown> = { ...stored, name: 'Door (edited)', created_at: PAST };
    delete body._modified;
    let patch = client.from('devices').update(body).eq('id', id);
    for (const [k, v] of Object.entries(stored)) if (k !== 'id' && k !== '_modified') patch = v === null ? patch.is(k, null) : patch.eq(k, v as string);
    const { data, error } = await patch.select('name, created_at');
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Door (edited)', created_at: stored.created_at }]);
    const ticket = await client.from('support_tickets').insert({ user_id: customer, subject: 'Door', description: 'The door will not close',
      category_id: category, created_at: PAST, updated_at: PAST, resolved_at: PAST }).select('id, created_at, resolved_at').single();
    expect(ticket.error).toBeNull();
    expect(recent(ticket.data!.created_at)).toBe(true);
    expect(ticket.data!.resolved_at).toBeNull();
    const msg = await client.from('support_messages').insert({ ticket_id: ticket.data!.id, user_id: customer, message: 'Hi', created_at: PAST })
      .select('created_at').single();
    expect(msg.error).toBeNull();
    expect(recent(msg.data!.created_at)).toBe(true);
  });

  it("support cannot move a ticket to another customer, nor set its resolved_at or created_at", async () => {
    const id = randomUUID();
    await t.db.query('insert into public.support_tickets (id, user_id, subject, description, category_id) values ($1, $2, $3, $4, $5)',
      [id, customer, 'Mine', 'Please help me now', category]);
    const staff = await clientFor(t, support);
    const moved = await staff.from('support_tickets').update({ user_id: other }).eq('id', id);
    expect(moved.error?.code).toBe('42501');
    expect(moved.status).toBe(403);
    expect(await probe(t, 'select user_id::text as v from public.support_tickets where id = $1', [id])).toBe(customer);
    // Resolving stamps now(); a resolved_at in the body is ignored, then and later.
    expect((await staff.from('support_tickets').update({ status: 'resolved', resolved_at: PAST, created_at: PAST }).eq('id', id)).error).toBeNull();
    const resolvedAt = await probe(t, 'select resolved_at as v from public.support_tickets where id = $1', [id]);
    expect(recent(resolvedAt)).toBe(true);
    expect((await staff.from('support_tickets').update({ status: 'closed', resolved_at: PAST }).eq('id', id)).error).toBeNull();
    expect(await probe(t, 'select resolved_at as v from public.support_tickets where id = $1', [id])).toEqual(resolvedAt);
    expect(recent(await probe(t, 'select created_at as v from public.support_tickets where id = $1', [id]))).toBe(true);
  });

  it('staff cannot backdate published_at of live content, nor attribute it to someone else', async () => {
    const staff = await clientFor(t, support);
    const id = randomUUID();
    expect((await staff.from('cms_content').insert({ id, title: 'T', slug: `t-${id}`, content: 'Body', status: 'published' })).error).toBeNull();
    const publishedAt = await probe(t, 'select published_at as v from public.cms_content where id = $1', [id]);
    expect((await staff.from('cms_content').update({ published_at: PAST, title: 'T2' }).eq('id', id)).error).toBeNull();
    expect(await probe(t, 'select published_at as v from public.cms_content where id = $1', [id])).toEqual(publishedAt);
    expect((await staff.from('cms_content').update({ author_id: other }).eq('id', id)).error?.code).toBe('42501');
    expect(await probe(t, 'select author_id::text as v from public.cms_content where id = $1', [id])).toBe(support);
  });

  it('the owner (the seed) and service_role may write past dates and owners; the API roles may not', async () => {
    const seeded = randomUUID();
    await t.db.query("insert into public.devices (id, user_id, name, created_at) values ($1, $2, 'Old', $3)", [seeded, customer, PAST]);
    expect(await probe(t, 'select created_at::date::text as v from public.devices where id = $1', [seeded])).toBe('2001-02-03');
    const service = t.client({ serviceRole: true });
    const imported = randomUUID();
    expect((await service.from('devices').insert({ id: imported, user_id: other, name: 'Imported', created_at: PAST })).error).toBeNull();
    expect(await probe(t, "select created_at::date::text || ' ' || user_id as v from public.devices where id = $1", [imported])).toBe(`2001-02-03 ${other}`);
    const mine = randomUUID();
    expect((await (await clientFor(t, customer)).from('devices').insert({ id: mine, name: 'New', created_at: PAST })).error).toBeNull();
    expect(await probe(t, "select (created_at > now() - interval '1 hour')::text || ' ' || user_id as v from public.devices where id = $1", [mine])).toBe(`true ${customer}`);
  });
});
