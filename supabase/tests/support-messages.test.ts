/**
 * support_messages.author_name through /rest/v1: the server writes the author's display name on
 * every insert (staff names reach customers, who cannot read staff profiles), whatever the request
 * sends, and no one changes it afterwards. Customers read only the public replies of their own
 * tickets, by filter or not, with the author names; staff read internal notes too.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../../tests/integration/support/stack.ts';
import { createUser, one, type TestUser } from './functions/helpers.ts';

interface Message { id: string; user_id: string; message: string; is_internal: boolean; author_name: string | null }

describeEngines('support_messages author names', (engine) => {
  let t: TestStack;
  let customer: TestUser;
  let other: TestUser;
  let support: TestUser;
  const ticket = randomUUID();

  const stored = (id: string) => one<Message>(t, 'select * from public.support_messages where id = $1', [id]);
  const nameOf = async (u: TestUser) =>
    (await one<{ name: string }>(t, `select first_name || ' ' || last_name as name from public.profiles where user_id = $1`, [u.id])).name;
  const post = (u: TestUser, fields: Record<string, unknown>) =>
    u.client.from('support_messages').insert({ id: randomUUID(), ticket_id: ticket, user_id: u.id, message: 'Hello there', ...fields }).select('id').single();

  beforeAll(async () => {
    t = await startTestStack({ engine });
    [customer, other, support] = [await createUser(t), await createUser(t), await createUser(t, 'support')];
    const category = await one<{ id: string }>(t, 'select id from public.support_categories where is_active limit 1');
    const created = await customer.client.from('support_tickets')
      .insert({ id: ticket, user_id: customer.id, subject: 'Door stuck', description: 'The door stops half way up.', category_id: category.id });
    expect(created.error).toBeNull();
  });
  afterAll(() => t?.close());

  it("a customer's message carries the customer's name, even when the request names someone else", async () => {
    const { data, error } = await post(customer, { author_name: 'GarageGuard Support' });
    expect(error).toBeNull();
    expect((await stored(data!.id)).author_name).toBe(await nameOf(customer));
  });

  it("a staff reply carries the staff member's name, readable by the customer who cannot read staff profiles", async () => {
    const reply = await post(support, { author_name: 'Forged Name', message: 'We are on it.' });
    expect(reply.error).toBeNull();
    const name = await nameOf(support);
    expect((await stored(reply.data!.id)).author_name).toBe(name);
    expect((await customer.client.from('profiles').select('user_id').eq('user_id', support.id)).data).toEqual([]);
    const seen = await customer.client.from('support_messages').select('id, author_name').eq('id', reply.data!.id).single();
    expect(seen.data).toEqual({ id: reply.data!.id, author_name: name });
  });

  it('a staff member without a name appears as GarageGuard Support, never by e-mail', async () => {
    await t.db.query(`update public.profiles set first_name = null, last_name = ' ' where user_id = $1`, [support.id]);
    const reply = await post(support, { message: 'Anyone home?' });
    expect((await stored(reply.data!.id)).author_name).toBe('GarageGuard Support');
    await t.db.query(`update public.profiles set first_name = 'Sam', last_name = 'Support' where user_id = $1`, [support.id]);
  });

  it('no API role changes an author name afterwards', async () => {
    const { data } = await post(customer, {});
    for (const u of [customer, support]) {
      const update = await u.client.from('support_messages').update({ author_name: 'Someone Else' }).eq('id', data!.id);
      expect(update.error?.code).toBe('42501');
    }
    expect((await stored(data!.id)).author_name).toBe(await nameOf(customer));
  });

  it('customers never read internal notes, asked for or not; staff do; other customers read nothing', async () => {
    const note = await post(support, { is_internal: true, message: 'Internal: check the batch.' });
    expect(note.error).toBeNull();
    const all = await customer.client.from('support_messages').select('id, is_internal, author_name').eq('ticket_id', ticket);
    expect(all.error).toBeNull();
    expect(all.data!.length).toBeGreaterThan(0);
    expect(all.data!.every((m) => !m.is_internal)).toBe(true);
    expect((await customer.client.from('support_messages').select('id').eq('id', note.data!.id)).data).toEqual([]);
    expect((await customer.client.from('support_messages').select('id').eq('is_internal', true)).data).toEqual([]);
    const embedded = await customer.client.from('support_tickets').select('support_messages(id, is_internal)').eq('id', ticket).single();
    expect((embedded.data as unknown as { support_messages: Message[] }).support_messages.some((m) => m.is_internal)).toBe(false);
    expect((await support.client.from('support_messages').select('id').eq('id', note.data!.id)).data).toEqual([{ id: note.data!.id }]);
    expect((await other.client.from('support_messages').select('id').eq('ticket_id', ticket)).data).toEqual([]);
  });

  it("an embedded count (PostgREST's rel(count)) counts only the messages each reader may see", async () => {
    const counts = await one<{ all: number; public: number }>(t, `select count(*)::int as all, (count(*) filter (where not is_internal))::int as public
      from public.support_messages where ticket_id = $1`, [ticket]);
    expect(counts.all).toBeGreaterThan(counts.public);
    const seen = async (u: TestUser) => (await u.client.from('support_tickets').select('id, support_messages(count)').eq('id', ticket));
    expect(await seen(customer)).toMatchObject({ status: 200, error: null, data: [{ id: ticket, support_messages: [{ count: counts.public }] }] });
    expect(await seen(support)).toMatchObject({ status: 200, error: null, data: [{ id: ticket, support_messages: [{ count: counts.all }] }] });
    expect(await seen(other)).toMatchObject({ status: 200, error: null, data: [] });
  });

  it('a customer cannot write an internal note, nor on a closed ticket', async () => {
    const internal = await post(customer, { is_internal: true });
    expect(internal.error?.code).toBe('42501');
    await t.db.query(`update public.support_tickets set status = 'closed' where id = $1`, [ticket]);
    const closed = await post(customer, {});
    expect(closed.error?.code).toBe('42501');
    expect((await post(support, { message: 'Closing note' })).error).toBeNull();
  });

  it('the seeded conversations carry their authors (backfilled and seeded rows alike)', async () => {
    const missing = await one<{ n: number }>(t, 'select count(*)::int as n from public.support_messages where author_name is null');
    expect(missing.n).toBe(0);
    const sam = await one<{ author_name: string }>(t, `select m.author_name from public.support_messages m
      join auth.users u on u.id = m.user_id where u.email = 'support@example.com' limit 1`);
    expect(sam.author_name).toBe('Sam Delgado');
  });
});
