/**
 * Private Realtime channels of a ticket, authorized by RLS on realtime.messages as hosted
 * Realtime does: 'ticket:<id>' (typing) for the ticket's owner and support staff, broadcast only;
 * 'ticket-staff:<id>' (who has the ticket open) for staff only, broadcast and presence. Another
 * customer and anon are refused the join; a public channel of the same name shares nothing.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../../tests/integration/support/stack.ts';
import { sleep, waitUntil } from '../../tests/integration/realtime/helpers.ts';
import { createUser, one, type TestUser } from './functions/helpers.ts';
import { join, type Joined } from './realtime-channels.ts';

describeEngines('ticket channels', (engine) => {
  let t: TestStack;
  let owner: TestUser;
  let other: TestUser;
  let support: TestUser;
  let admin: TestUser;
  let ticketId: string;
  const opened: Joined[] = [];
  const open = async (...args: Parameters<typeof join>) => {
    const j = await join(...args);
    opened.push(j);
    return j;
  };

  beforeAll(async () => {
    t = await startTestStack({ engine });
    [owner, other, support, admin] = [await createUser(t), await createUser(t), await createUser(t, 'support'), await createUser(t, 'admin')];
    // Realtime joins with the user's token (the helper's client sends it to /rest/v1 only).
    for (const u of [owner, other, support, admin]) await u.client.realtime.setAuth(u.token);
    const category = (await one<{ id: string }>(t, 'select id from public.support_categories where is_active limit 1')).id;
    const { data, error } = await owner.client
      .from('support_tickets')
      .insert({ subject: 'Gate stuck', description: 'The gate does not open any more.', category_id: category })
      .select('id')
      .single();
    expect(error).toBeNull();
    ticketId = data!.id as string;
  });
  // supabase-js hands back the existing channel of a topic: each test leaves with its channels.
  afterEach(async () => {
    for (const j of opened.splice(0)) await j.client.removeChannel(j.channel);
  });
  afterAll(() => t?.close());

  it("the owner and support join the ticket's channel and see each other typing", async () => {
    const mine = await open(owner.client, `ticket:${ticketId}`);
    const staff = await open(support.client, `ticket:${ticketId}`);
    expect([mine.status, staff.status]).toEqual(['SUBSCRIBED', 'SUBSCRIBED']);
    expect(await staff.channel.send({ type: 'broadcast', event: 'typing', payload: { name: 'Sam' } })).toBe('ok');
    await waitUntil(() => mine.broadcasts.length > 0, 5000, 'staff typing at the customer');
    expect(mine.broadcasts).toEqual([{ name: 'Sam' }]);
    expect(await mine.channel.send({ type: 'broadcast', event: 'typing', payload: { name: 'Casey' } })).toBe('ok');
    await waitUntil(() => staff.broadcasts.length > 0, 5000, 'customer typing at staff');
    expect(staff.broadcasts).toEqual([{ name: 'Casey' }]);
  });

  it('another customer and anon are refused the join with Realtime\'s message', async () => {
    for (const [who, client] of [['other', other.client], ['anon', t.client()]] as const) {
      const j = await open(client, `ticket:${ticketId}`);
      expect({ who, status: j.status, error: j.error }).toEqual({
        who,
        status: 'CHANNEL_ERROR',
        error: `You do not have permissions to read from this Channel topic: ticket:${ticketId}`,
      });
    }
  });

  it('a public channel of the same name neither hears nor reaches the private one', async () => {
    const mine = await open(owner.client, `ticket:${ticketId}`);
    const eavesdropper = await open(other.client, `ticket:${ticketId}`, { isPrivate: false });
    expect(eavesdropper.status).toBe('SUBSCRIBED');
    const staff = await open(support.client, `ticket:${ticketId}`);
    await staff.channel.send({ type: 'broadcast', event: 'typing', payload: { name: 'Sam again' } });
    await eavesdropper.channel.send({ type: 'broadcast', event: 'typing', payload: { name: 'Forged' } });
    await waitUntil(() => mine.broadcasts.some((b) => b.name === 'Sam again'), 5000, 'the private broadcast');
    await sleep(300);
    expect(eavesdropper.broadcasts).toEqual([]);
    expect(mine.broadcasts.map((b) => b.name)).not.toContain('Forged');
  });

  it('the staff channel: support and admin see each other in presence; the owner is refused', async () => {
    const sam = await open(support.client, `ticket-staff:${ticketId}`, { presence: support.id });
    const alex = await open(admin.client, `ticket-staff:${ticketId}`, { presence: admin.id });
    expect([sam.status, alex.status]).toEqual(['SUBSCRIBED', 'SUBSCRIBED']);
    expect(await sam.channel.track({ name: 'Sam' })).toBe('ok');
    expect(await alex.channel.track({ name: 'Alex' })).toBe('ok');
    await waitUntil(() => Object.keys(sam.presence()).includes(admin.id) && Object.keys(alex.presence()).includes(support.id), 5000, 'presence both ways');
    for (const client of [owner.client, other.client, t.client()]) {
      const j = await open(client, `ticket-staff:${ticketId}`, { presence: 'x' });
      expect(j.error).toBe(`You do not have permissions to read from this Channel topic: ticket-staff:${ticketId}`);
    }
  });

  it('presence cannot be tracked on the ticket channel: the customer may only broadcast there', async () => {
    const mine = await open(owner.client, `ticket:${ticketId}`, { presence: 'casey' });
    expect(mine.status).toBe('SUBSCRIBED');
    expect(await mine.channel.track({ name: 'Casey' })).toBe('error');
  });

  it('a topic that names no ticket, or a malformed one, is refused', async () => {
    for (const topic of ['ticket:00000000-0000-4000-8000-000000000999', 'ticket:nope', `ticket-staffx:${ticketId}`]) {
      const j = await open(support.client, topic);
      expect({ topic, status: j.status }).toEqual({ topic, status: 'CHANNEL_ERROR' });
    }
  });
});
