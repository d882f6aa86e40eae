/**
 * The schema's own triggers: profile on signup, updated_at, ticket resolved_at, cms published_at,
 * newsletter e-mail normalisation, and the replication `_modified` stamp.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../../tests/integration/support/stack.ts';
import { clientFor, createUser, probe } from './support/actors.ts';

describeEngines('schema triggers', (engine) => {
  let t: TestStack;
  let customer: string;
  let staff: string;
  let category: string;
  beforeAll(async () => {
    t = await startTestStack({ engine });
    customer = await createUser(t);
    staff = await createUser(t, { role: 'support' });
    category = randomUUID();
    await t.db.query("insert into public.support_categories (id, name) values ($1, $2)", [category, `Triggers ${category}`]);
  });
  afterAll(() => t?.close());

  const one = async <R>(sql: string, params: unknown[] = []) => (await t.db.query<R>(sql, params)).rows[0]!;

  it('a new auth user gets a customer profile with names from metadata, whatever role the metadata claims', async () => {
    const id = await createUser(t, { email: 'Meta@Example.test', meta: { first_name: '  Grace ', last_name: 'Hopper', role: 'admin' } });
    expect(await one(`select first_name, last_name, role::text, email from public.profiles where user_id = $1`, [id]))
      .toEqual({ first_name: 'Grace', last_name: 'Hopper', role: 'customer', email: 'Meta@Example.test' });
    const bare = await createUser(t);
    expect(await one('select first_name, last_name, role::text from public.profiles where user_id = $1', [bare]))
      .toEqual({ first_name: null, last_name: null, role: 'customer' });
  });

  it('sign-up through /auth/v1 creates the profile too', async () => {
    const email = `signup-${randomUUID().slice(0, 8)}@example.test`;
    const { data, error } = await t.client().auth.signUp({ email, password: 'correct horse battery staple', options: { data: { first_name: 'Ada', role: 'admin' } } });
    expect(error).toBeNull();
    expect(await one('select first_name, role::text from public.profiles where user_id = $1', [data.user!.id])).toEqual({ first_name: 'Ada', role: 'customer' });
  });

  it("the profile's e-mail follows the auth user's e-mail", async () => {
    const id = await createUser(t);
    await t.db.query("update auth.users set email = 'changed-' || id || '@example.test' where id = $1", [id]);
    expect(await probe(t, 'select email as v from public.profiles where user_id = $1', [id])).toBe(`changed-${id}@example.test`);
  });

  it('updated_at moves forward on update and created_at stays', async () => {
    const id = randomUUID();
    await t.db.query("insert into public.devices (id, user_id, name, created_at, updated_at) values ($1, $2, 'D', now() - interval '1 day', now() - interval '1 day')", [id, customer]);
    const before = await one<{ c: Date; u: Date }>('select created_at as c, updated_at as u from public.devices where id = $1', [id]);
    await t.db.query("update public.devices set name = 'D2' where id = $1", [id]);
    const after = await one<{ c: Date; u: Date }>('select created_at as c, updated_at as u from public.devices where id = $1', [id]);
    expect(after.c).toEqual(before.c);
    expect(after.u.getTime()).toBeGreaterThan(before.u.getTime() + 60_000);
  });

  it('resolved_at: set when a ticket becomes resolved, kept when closed, cleared when reopened', async () => {
    const client = await clientFor(t, staff);
    const id = randomUUID();
    await t.db.query("insert into public.support_tickets (id, user_id, subject, description, category_id) values ($1, $2, 'S', 'Long description', $3)", [id, customer, category]);
    const resolvedAt = () => probe(t, 'select resolved_at as v from public.support_tickets where id = $1', [id]) as Promise<Date | null>;
    const setStatus = async (status: string) => expect((await client.from('support_tickets').update({ status }).eq('id', id)).error).toBeNull();
    expect(await resolvedAt()).toBeNull();
    await setStatus('in_progress');
    expect(await resolvedAt()).toBeNull();
    await setStatus('resolved');
    const first = await resolvedAt();
    expect(first).toBeInstanceOf(Date);
    expect(Math.abs(first!.getTime() - Date.now())).toBeLessThan(60_000);
    await setStatus('closed');
    expect(await resolvedAt()).toEqual(first);
    await setStatus('open');
    expect(await resolvedAt()).toBeNull();
  });

  it('published_at: null for drafts, now() when created published, set once when it becomes published', async () => {
    const client = await clientFor(t, staff);
    const insert = async (status: string, extra: Record<string, unknown> = {}) => {
      const id = randomUUID();
      const { error } = await client.from('cms_content').insert({ id, title: 'T', slug: `s-${id}`, content: 'Body', status, ...extra });
      expect(error).toBeNull();
      return id;
    };
    const publishedAt = (id: string) => probe(t, 'select published_at as v from public.cms_content where id = $1', [id]) as Promise<Date | null>;
    const draft = await insert('draft', { published_at: '2020-01-01T00:00:00Z' });
    expect(await publishedAt(draft)).toBeNull();
    const live = await insert('published', { published_at: '2020-01-01T00:00:00Z' });
    expect(Math.abs((await publishedAt(live))!.getTime() - Date.now())).toBeLessThan(60_000);

    await client.from('cms_content').update({ status: 'published' }).eq('id', draft);
    const first = await publishedAt(draft);
    expect(Math.abs(first!.getTime() - Date.now())).toBeLessThan(60_000);
    await client.from('cms_content').update({ status: 'archived' }).eq('id', draft);
    await client.from('cms_content').update({ status: 'published' }).eq('id', draft);
    expect(await publishedAt(draft)).toEqual(first);
  });

  it('newsletter e-mails are stored trimmed and lower-cased, so a case variant is a repeat (absorbed, one row)', async () => {
    const anon = t.client();
    const email = `Notify-${randomUUID().slice(0, 8)}@Example.TEST`;
    expect((await anon.from('newsletter_subscriptions').insert({ email: `  ${email} `, name: 'N', source: 'landing' })).error).toBeNull();
    expect(await probe(t, 'select count(*)::int as v from public.newsletter_subscriptions where email = $1', [email.toLowerCase()])).toBe(1);
    expect((await anon.from('newsletter_subscriptions').insert({ email: email.toUpperCase() })).error).toBeNull();
    expect(await probe(t, 'select count(*)::int as v from public.newsletter_subscriptions where lower(email) = $1', [email.toLowerCase()])).toBe(1);
  });

  it('_modified is set by the server, not the client, and strictly increases across rapid updates', async () => {
    const id = randomUUID();
    const client = await clientFor(t, customer);
    const { error } = await client.from('devices').insert({ id, user_id: customer, name: 'M', _modified: '2000-01-01T00:00:00Z' });
    expect(error).toBeNull();
    const stamp = async () => (await one<{ v: string }>('select _modified::text as v from public.devices where id = $1', [id])).v;
    const stamps = [await stamp()];
    expect(new Date(stamps[0]!).getFullYear()).toBeGreaterThan(2020);
    // many updates inside ONE transaction share now(); _modified must still advance each time
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < 25; i++) {
        const r = await tx.query<{ v: string }>("update public.devices set name = 'M' || $2 where id = $1 returning _modified::text as v", [id, i]);
        stamps.push(r.rows[0]!.v);
      }
    });
    for (let i = 0; i < 5; i++) {
      await client.from('devices').update({ name: `R${i}`, _modified: '2000-01-01T00:00:00Z' }).eq('id', id);
      stamps.push(await stamp());
    }
    const micros = stamps.map((s) => t.db.query<{ v: string }>("select (extract(epoch from $1::timestamptz) * 1000000)::bigint::text as v", [s]));
    const values = (await Promise.all(micros)).map((r) => BigInt(r.rows[0]!.v));
    for (let i = 1; i < values.length; i++) expect(values[i]! > values[i - 1]!, `stamp ${i} after ${i - 1}`).toBe(true);
  });
});
