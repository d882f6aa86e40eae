import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../../../tests/integration/support/stack.ts';
import { createUser, type TestUser } from './helpers.ts';

const CATEGORY = '7f000000-0000-4000-8000-000000000002';
const FIXTURE = `
insert into public.support_categories (id, name) values ('${CATEGORY}', 'Notification test category');
insert into public.products (id, name, slug, price, category, stock) values (301, 'Notify Test Item', 'notify-test-item', 25.00, 'accessories', 50);
`;
const CONTACT = { email: 'n@example.test', first_name: 'N', last_name: 'T', address: '1 Road', city: 'Town', state: 'TX', zip_code: '12345' };

interface Note { type: string; title: string; body: string; link: string; is_read: boolean }

describeEngines('notification triggers', (engine) => {
  let t: TestStack;
  let customer: TestUser;
  let other: TestUser;
  let support: TestUser;
  let admin: TestUser;
  let ticketId: string;
  const notes = async (u: TestUser) => {
    const { data, error } = await u.client.from('notifications').select('type, title, body, link, is_read').order('created_at').order('id');
    expect(error).toBeNull();
    return (data ?? []) as Note[];
  };

  beforeAll(async () => {
    t = await startTestStack({ engine, fixtureSql: FIXTURE });
    [customer, other, support, admin] = await Promise.all([createUser(t), createUser(t), createUser(t, 'support'), createUser(t, 'admin')]);
    const opened = await customer.client.from('support_tickets')
      .insert({ subject: 'Camera offline', description: 'The outdoor camera shows no picture.', category_id: CATEGORY }).select('id').single();
    expect(opened.error).toBeNull();
    ticketId = opened.data!.id as string;
  });
  afterAll(() => t?.close());

  it("notifies the customer of a staff member's public reply, not of internal notes or their own messages", async () => {
    const say = (u: TestUser, message: string, is_internal = false) =>
      u.client.from('support_messages').insert({ ticket_id: ticketId, user_id: u.id, message, is_internal });
    expect((await say(customer, 'Any news?')).error).toBeNull();
    expect((await say(support, 'Checking the firmware logs.', true)).error).toBeNull();
    expect((await say(support, 'Please power-cycle the unit.')).error).toBeNull();
    expect(await notes(customer)).toEqual([{
      type: 'ticket_reply', title: 'New reply on your support ticket', body: 'Re: Camera offline — Please power-cycle the unit.',
      link: `/support?ticket=${ticketId}`, is_read: false,
    }]);
    expect(await notes(support)).toEqual([]);
  });

  it('notifies the customer when staff change the ticket status, once per real change', async () => {
    expect((await support.client.from('support_tickets').update({ status: 'in_progress' }).eq('id', ticketId)).error).toBeNull();
    expect((await support.client.from('support_tickets').update({ status: 'in_progress', priority: 'high' }).eq('id', ticketId)).error).toBeNull();
    expect((await admin.client.from('support_tickets').update({ status: 'resolved' }).eq('id', ticketId)).error).toBeNull();
    const statusNotes = (await notes(customer)).filter((n) => n.type === 'ticket_status');
    expect(statusNotes.map((n) => n.body)).toEqual([
      'Your ticket "Camera offline" is now In Progress.',
      'Your ticket "Camera offline" is now Resolved.',
    ]);
    expect(statusNotes.every((n) => n.title === 'Ticket status updated' && n.link === `/support?ticket=${ticketId}`)).toBe(true);
  });

  it("notifies the order's customer when its status changes", async () => {
    const order = await customer.client.rpc('place_order', { items: [{ product_id: 301, quantity: 1 }], contact: CONTACT });
    expect(order.error).toBeNull();
    const before = (await notes(customer)).length;
    expect((await admin.client.from('orders').update({ status: 'shipped' }).eq('id', order.data.id)).error).toBeNull();
    const added = (await notes(customer)).slice(before);
    expect(added).toEqual([{
      type: 'order_status', title: 'Order status updated',
      body: `Your order #${order.data.order_number as number} is now Shipped.`, link: '/dashboard/orders', is_read: false,
    }]);
  });

  it('keeps notifications private and read-only apart from is_read', async () => {
    expect(await notes(other)).toEqual([]);
    const forged = await other.client.from('notifications').insert({ user_id: other.id, type: 'system', title: 'Free money' });
    expect(forged.error?.code).toBe('42501');
    const mark = await customer.client.from('notifications').update({ is_read: true }).eq('type', 'order_status').select('is_read');
    expect(mark.data).toEqual([{ is_read: true }]);
  });
});
