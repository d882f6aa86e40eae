/**
 * A ticket naming a device: the customer may name only their own device (a foreign or deleted
 * one is refused with 23514, also when staff change it), and support staff read a device only
 * while a ticket names it; the customer still reads only their own devices.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../../tests/integration/support/stack.ts';
import { createUser, one, type TestUser } from './functions/helpers.ts';

describeEngines('support ticket device', (engine) => {
  let t: TestStack;
  let owner: TestUser;
  let other: TestUser;
  let support: TestUser;
  let admin: TestUser;
  let category: string;
  let mine: string;
  let theirs: string;
  let unnamed: string;

  const newDevice = async (userId: string, name: string) => {
    const id = randomUUID();
    await t.db.query(`insert into public.devices (id, user_id, name, status, firmware_version) values ($1, $2, $3, 'online', '2.1.0')`, [id, userId, name]);
    return id;
  };
  const ticket = (u: TestUser, deviceId: string | null) =>
    u.client
      .from('support_tickets')
      .insert({ subject: 'Door will not open', description: 'It stays locked since this morning.', category_id: category, device_id: deviceId })
      .select('id, device_id')
      .single();

  beforeAll(async () => {
    t = await startTestStack({ engine });
    [owner, other, support, admin] = [await createUser(t), await createUser(t), await createUser(t, 'support'), await createUser(t, 'admin')];
    category = (await one<{ id: string }>(t, 'select id from public.support_categories where is_active limit 1')).id;
    [mine, theirs, unnamed] = [await newDevice(owner.id, 'Front gate'), await newDevice(other.id, 'Other gate'), await newDevice(owner.id, 'Back door')];
  });
  afterAll(() => t?.close());

  it('the owner names their own device; a ticket without one still works', async () => {
    const named = await ticket(owner, mine);
    expect(named.error).toBeNull();
    expect(named.data).toMatchObject({ device_id: mine });
    const none = await ticket(owner, null);
    expect(none.error).toBeNull();
    expect(none.data).toMatchObject({ device_id: null });
  });

  it("another customer's device is refused with a clear error, on insert and on a staff update", async () => {
    const foreign = await ticket(owner, theirs);
    expect(foreign.data).toBeNull();
    expect(foreign.error).toMatchObject({ code: '23514', message: "The device must be one of the ticket owner's devices" });
    // An id that names no device gets the same answer: the error tells nothing of other customers.
    const unknown = await ticket(owner, randomUUID());
    expect(unknown.error).toMatchObject({ code: '23514', message: foreign.error!.message });
    const ok = await ticket(owner, mine);
    const moved = await support.client.from('support_tickets').update({ device_id: theirs }).eq('id', ok.data!.id).select('id');
    expect(moved.error?.code).toBe('23514');
    const kept = await support.client.from('support_tickets').update({ status: 'in_progress' }).eq('id', ok.data!.id).select('device_id').single();
    expect(kept.error).toBeNull();
    expect(kept.data).toEqual({ device_id: mine });
  });

  it('a deleted device cannot be named; deleting a named device leaves the ticket without one', async () => {
    const gone = await newDevice(owner.id, 'Old unit');
    await t.db.query('update public.devices set _deleted = true where id = $1', [gone]);
    expect((await ticket(owner, gone)).error?.code).toBe('23514');
    const soon = await newDevice(owner.id, 'Soon removed');
    const named = await ticket(owner, soon);
    await t.db.query('delete from public.devices where id = $1', [soon]);
    expect((await one<{ device_id: string | null }>(t, 'select device_id from public.support_tickets where id = $1', [named.data!.id])).device_id).toBeNull();
  });

  it('support and admin read a device named on a ticket, and no other device', async () => {
    for (const [who, client] of [['support', support.client], ['admin', admin.client]] as const) {
      const named = await client.from('devices').select('id, name, status, firmware_version').eq('id', mine);
      expect({ who, error: named.error, rows: named.data }).toEqual({ who, error: null, rows: [{ id: mine, name: 'Front gate', status: 'online', firmware_version: '2.1.0' }] });
      const others = await client.from('devices').select('id').in('id', [theirs, unnamed]);
      expect({ who, rows: others.data }).toEqual({ who, rows: [] });
      const update = await client.from('devices').update({ name: 'Renamed' }).eq('id', mine).select('id');
      expect({ who, rows: update.data }).toEqual({ who, rows: [] });
    }
  });

  it('customers still read only their own devices; anon reads none', async () => {
    expect((await other.client.from('devices').select('id').eq('id', mine)).data).toEqual([]);
    expect((await owner.client.from('devices').select('id').eq('id', theirs)).data).toEqual([]);
    expect((await owner.client.from('devices').select('id').eq('id', mine)).data).toEqual([{ id: mine }]);
    expect((await t.client().from('devices').select('id').eq('id', mine)).data).toEqual([]);
  });
});
