/**
 * Rights on a ticket's private channels that change after the join, and who presence says a user
 * is: a swapped `access_token` is authorized again (a support user demoted to customer loses the
 * staff channel; a customer channel switched to another customer's token is closed), with
 * Realtime's shutdown message; presence on 'ticket-staff:' shows the database's user id and name,
 * not the client's claim; a REST broadcast to a private channel is authorized by the same RLS.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../../tests/integration/support/stack.ts';
import { waitUntil } from '../../tests/integration/realtime/helpers.ts';
import { createUser, one, type TestUser } from './functions/helpers.ts';
import { fence, join, type Joined } from './realtime-channels.ts';

describeEngines('ticket channel rights', (engine) => {
  let t: TestStack;
  let owner: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let ticketId: string;
  const opened: Joined[] = [];
  const open = async (...args: Parameters<typeof join>) => {
    const j = await join(...args);
    opened.push(j);
    return j;
  };
  const nameOf = async (u: TestUser) =>
    (await one<{ name: string }>(t, `select concat_ws(' ', first_name, last_name) as name from public.profiles where user_id = $1`, [u.id])).name;
  const shutdown = (j: Joined, message: string) =>
    waitUntil(() => j.system.some((m) => m.extension === 'system' && m.status === 'error' && m.message === message), 5000, `shutdown: ${message}`);

  beforeAll(async () => {
    t = await startTestStack({ engine });
    [owner, other, admin] = [await createUser(t), await createUser(t), await createUser(t, 'admin')];
    for (const u of [owner, other, admin]) await u.client.realtime.setAuth(u.token);
    const category = (await one<{ id: string }>(t, 'select id from public.support_categories where is_active limit 1')).id;
    const { data, error } = await owner.client
      .from('support_tickets')
      .insert({ subject: 'Gate stuck', description: 'The gate does not open any more.', category_id: category })
      .select('id')
      .single();
    expect(error).toBeNull();
    ticketId = data!.id as string;
  });
  afterEach(async () => {
    for (const j of opened.splice(0)) await j.client.removeChannel(j.channel);
  });
  afterAll(() => t?.close());

  it('a support user demoted to customer loses the staff channel when the token is swapped', async () => {
    const sam = await createUser(t, 'support');
    await sam.client.realtime.setAuth(sam.token);
    const mine = await open(sam.client, `ticket-staff:${ticketId}`, { presence: sam.id });
    const alex = await open(admin.client, `ticket-staff:${ticketId}`, { presence: admin.id });
    expect(await mine.channel.track({})).toBe('ok');
    await waitUntil(() => sam.id in alex.presence(), 5000, "Sam's presence");
    await t.db.query(`update public.profiles set role = 'customer' where user_id = $1`, [sam.id]);
    await sam.client.realtime.setAuth(await t.userToken(sam.id, { email: sam.email }));
    await shutdown(mine, `You do not have permissions to read from this Channel topic: ticket-staff:${ticketId}`);
    await waitUntil(() => !(sam.id in alex.presence()), 5000, "Sam's presence leaving");
    expect(await alex.channel.send({ type: 'broadcast', event: 'typing', payload: { name: 'Alex' } })).toBe('ok');
    await fence(admin.client, sam.client);
    expect(mine.broadcasts).toEqual([]);
  });

  it("a customer channel switched to another customer's token is closed; the owner's own swap is not", async () => {
    const mine = await open(owner.client, `ticket:${ticketId}`);
    const staff = await open(admin.client, `ticket:${ticketId}`);
    await owner.client.realtime.setAuth(await t.userToken(owner.id, { email: owner.email }));
    expect(await staff.channel.send({ type: 'broadcast', event: 'typing', payload: { name: 'first' } })).toBe('ok');
    await waitUntil(() => mine.broadcasts.length === 1, 5000, 'typing after a swap to a fresh token of the same user');
    await owner.client.realtime.setAuth(other.token);
    await shutdown(mine, `You do not have permissions to read from this Channel topic: ticket:${ticketId}`);
    expect(await staff.channel.send({ type: 'broadcast', event: 'typing', payload: { name: 'second' } })).toBe('ok');
    await fence(admin.client, owner.client);
    expect(mine.broadcasts).toEqual([{ name: 'first' }]);
    await owner.client.realtime.setAuth(owner.token);
  });

  it("presence on the staff channel shows the database's user id and name, not the client's claim", async () => {
    const sam = await createUser(t, 'support');
    await sam.client.realtime.setAuth(sam.token);
    const alex = await open(admin.client, `ticket-staff:${ticketId}`, { presence: admin.id });
    const forger = await open(sam.client, `ticket-staff:${ticketId}`, { presence: admin.id });
    expect(await alex.channel.track({ name: 'Whatever Alex says' })).toBe('ok');
    expect(await forger.channel.track({ name: 'Alex Admin' })).toBe('ok');
    await waitUntil(() => sam.id in alex.presence() && admin.id in alex.presence(), 5000, 'both in presence');
    const state = alex.presence() as Record<string, { name?: string }[]>;
    expect(Object.keys(state).sort()).toEqual([admin.id, sam.id].sort());
    expect(state[sam.id]!.map((m) => m.name)).toEqual([await nameOf(sam)]);
    expect(state[admin.id]!.map((m) => m.name)).toEqual([await nameOf(admin)]);
  });

  it('a REST broadcast to a private channel reaches it only when the caller may send there', async () => {
    const mine = await open(owner.client, `ticket:${ticketId}`);
    const eavesdropper = await open(other.client, `ticket:${ticketId}`, { isPrivate: false });
    const post = (token: string, path: string, body: unknown) =>
      fetch(`${t.url}/realtime/v1/api/broadcast${path}`, {
        method: 'POST',
        headers: { apikey: t.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const batch = (token: string, name: string) =>
      post(token, '', { messages: [{ topic: `ticket:${ticketId}`, event: 'typing', payload: { name }, private: true }] });
    // Refused: the batch endpoint drops the message and still answers 202, the single one 403.
    expect((await batch(other.token, 'forged')).status).toBe(202);
    const single = await post(other.token, `/${encodeURIComponent(`ticket:${ticketId}`)}/events/typing?private=true`, { name: 'forged too' });
    expect([single.status, await single.json()]).toEqual([403, { message: 'Unauthorized' }]);
    expect((await batch(admin.token, 'Alex by REST')).status).toBe(202);
    expect((await post(admin.token, `/${encodeURIComponent(`ticket:${ticketId}`)}/events/typing?private=true`, { name: 'Alex again' })).status).toBe(202);
    await waitUntil(() => mine.broadcasts.length === 2, 5000, 'the authorized broadcasts');
    await fence(admin.client, owner.client);
    await fence(admin.client, other.client);
    expect(mine.broadcasts).toEqual([{ name: 'Alex by REST' }, { name: 'Alex again' }]);
    expect(eavesdropper.broadcasts).toEqual([]);
  });
});
