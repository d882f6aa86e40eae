/**
 * The unit simulator's fleet (simulator/fleet.ts, what `npm start` runs) against the stack: it
 * pairs each indoor and outdoor unit with the service role and powers it on; when the owner pairs
 * the unit again from the app, the fleet's unit is cut off, and the credential the app showed,
 * entered on the unit (the `pair` developer command), brings it back to answer the owner's door
 * commands. Devices of the seed are paired too, so the fleet runs here as it does for a developer.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../../tests/integration/support/stack.ts';
import { startFleet, type Fleet } from '../../simulator/fleet.ts';
import { createUser, one, type TestUser } from './functions/helpers.ts';

describeEngines('unit fleet', (engine) => {
  let t: TestStack;
  let owner: TestUser;
  let fleet: Fleet | undefined;

  beforeAll(async () => {
    t = await startTestStack({ engine });
    owner = await createUser(t);
  });
  afterAll(async () => {
    await fleet?.stop();
    await t?.close();
  });

  it("pairs and powers on each unit; takes the credential the owner's app issued after the app re-paired it", async () => {
    const deviceId = randomUUID();
    await t.db.query('insert into public.devices (id, user_id, name, device_type) values ($1, $2, $3, $4)', [deviceId, owner.id, 'Garage door', 'indoor_unit']);
    fleet = await startFleet({ url: t.url, anonKey: t.anonKey, serviceRoleKey: t.serviceRoleKey, timing: { travelMs: 200, warningMs: 200, heartbeatMs: 300 }, pollMs: 60_000, log: () => {} });
    const unit = () => fleet!.units().find((u) => u.device_id === deviceId);
    expect(unit()).toMatchObject({ kind: 'indoor_unit', online: true, status: 'online', door: 'closed' });
    expect(await one(t, 'select status, door_state from public.devices where id = $1', [deviceId])).toEqual({ status: 'online', door_state: 'closed' });

    // The owner pairs again in the app: the fleet's credential is revoked, and its unit goes dark.
    const { data: credential, error } = await owner.client.rpc('pair_unit', { p_device_id: deviceId });
    expect(error).toBeNull();
    await expect.poll(() => unit()?.online, { timeout: 5_000 }).toBe(false);

    // Entered on the unit, the new credential brings it back; the owner's command moves the door.
    const { email, secret } = credential as { email: string; secret: string };
    await expect(fleet.command(deviceId, 'pair', { email: 'unit-x@units.garageguard.invalid', secret: 'wrong' })).rejects.toThrow(/could not sign in/);
    await fleet.command(deviceId, 'pair', { email, secret });
    expect(unit()).toMatchObject({ online: true, door: 'closed' });
    expect((await owner.client.rpc('command_door', { p_device_id: deviceId, p_action: 'open' })).error).toBeNull();
    await expect.poll(() => unit()?.door, { timeout: 5_000 }).toBe('open');
    expect(await fleet.command(deviceId, 'keypad', { code: 'WRONG7' })).toMatchObject({ ok: false, reason: 'invalid_code' });
    await expect(fleet.command(deviceId, 'pair', {})).rejects.toThrow('pair needs the email and secret the app showed');
  });
});
