/**
 * device_events, the door log, end to end through /rest/v1: who reads it (the device's owner only;
 * staff do not: the issue says "owner only", and support sees a unit's attempts in access_logs),
 * that no one writes it through the API, and that each writer records what happened:
 * redeem_access_code (granted and every refusal, with its message), the triggers for a code
 * created, revoked (also by a soft delete) and a device's status change (reported by its unit's
 * heartbeat, or set by the server). Realtime delivers a new event to its owner only.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../../tests/integration/support/stack.ts';
import { record } from '../../tests/integration/realtime/helpers.ts';
import { createUser, one, type TestUser } from './functions/helpers.ts';
import { nextCode } from './support/fixtures.ts';

interface Event {
  id: string; user_id: string; device_id: string; permission_id: string | null; kind: string; access_code: string | null;
  detail: string | null; previous_status: string | null; status: string | null; created_at: string;
}

describeEngines('device_events', (engine) => {
  let t: TestStack;
  let owner: TestUser;
  let other: TestUser;
  let support: TestUser;
  let admin: TestUser;
  const device = randomUUID();

  const eventsOf = async (deviceId: string) =>
    (await t.db.query<Event>('select * from public.device_events where device_id = $1 order by created_at, _modified', [deviceId])).rows;
  const newDevice = async (userId: string, name = 'Garage door') => {
    const id = randomUUID();
    await t.db.query(`insert into public.devices (id, user_id, name, status) values ($1, $2, $3, 'online')`, [id, userId, name]);
    return id;
  };
  const addCode = async (deviceId: string, code: string, fields: Record<string, unknown> = {}) => {
    const id = randomUUID();
    await t.db.query(
      `insert into public.access_permissions (id, user_id, device_id, access_code, max_usage, usage_count, is_active, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz)`,
      [id, owner.id, deviceId, code, fields.max ?? null, fields.usage ?? 0, fields.active ?? true, fields.expires ?? null]);
    return id;
  };
  const redeem = (u: TestUser, deviceId: string, code: string) => u.client.rpc('redeem_access_code', { p_device_id: deviceId, p_code: code });

  beforeAll(async () => {
    t = await startTestStack({ engine });
    [owner, other, support, admin] = [await createUser(t), await createUser(t), await createUser(t, 'support'), await createUser(t, 'admin')];
    await t.db.query(`insert into public.devices (id, user_id, name, status) values ($1, $2, 'Main door', 'online')`, [device, owner.id]);
    await redeem(owner, device, 'NOPE00'); // one event for the read checks
  });
  afterAll(() => t?.close());

  it("only the device's owner reads its events; the other customer, support, admin and anon read none", async () => {
    const stored = await eventsOf(device);
    expect(stored.length).toBeGreaterThan(0);
    const mine = await owner.client.from('device_events').select('id').eq('device_id', device);
    expect(mine.error).toBeNull();
    expect(mine.data!.map((r) => r.id).sort()).toEqual(stored.map((r) => r.id).sort());
    for (const [who, client] of [['other', other.client], ['support', support.client], ['admin', admin.client], ['anon', t.client()]] as const) {
      const { data, error } = await client.from('device_events').select('id').eq('device_id', device);
      expect({ who, error, rows: data }).toEqual({ who, error: null, rows: [] });
    }
    // Casey's seeded log is hers alone too.
    const casey = '00000000-0000-4000-8000-000000000001';
    expect((await other.client.from('device_events').select('id').eq('user_id', casey)).data).toEqual([]);
    expect((await admin.client.from('device_events').select('id').eq('user_id', casey)).data).toEqual([]);
  });

  it('no role inserts, updates or deletes events through the API', async () => {
    const [event] = await eventsOf(device);
    for (const [who, client] of [['owner', owner.client], ['support', support.client], ['admin', admin.client], ['anon', t.client()]] as const) {
      const insert = await client.from('device_events').insert({ user_id: owner.id, device_id: device, kind: 'code_redeemed', access_code: 'FAKE01' });
      expect({ who, code: insert.error?.code }).toEqual({ who, code: '42501' });
      const update = await client.from('device_events').update({ detail: 'Forged' }).eq('id', event!.id);
      expect({ who, code: update.error?.code }).toEqual({ who, code: '42501' });
      const remove = await client.from('device_events').delete().eq('id', event!.id);
      expect({ who, code: remove.error?.code }).toEqual({ who, code: '42501' });
    }
    expect(await eventsOf(device)).toEqual(expect.arrayContaining([expect.objectContaining({ id: event!.id, detail: event!.detail })]));
    expect((await eventsOf(device)).some((e) => e.access_code === 'FAKE01')).toBe(false);
  });

  it('redeem_access_code logs each granted redemption and each refusal with its message, in the owner\'s name', async () => {
    const d = await newDevice(owner.id);
    const ok = await addCode(d, 'OKAY01', { max: 2 });
    const expired = await addCode(d, 'EXPD01', { expires: new Date(Date.now() - 60_000).toISOString() });
    const limit = await addCode(d, 'LIMT01', { max: 1, usage: 1 });
    const revoked = await addCode(d, 'REVK01', { active: false });
    const attempts: [TestUser, string][] = [
      [owner, ' okay01 '], [support, 'OKAY01'], [owner, 'expd01'], [owner, 'LIMT01'], [owner, 'REVK01'], [owner, 'nothere-and-far-too-long-a-code'],
    ];
    for (const [who, code] of attempts) expect((await redeem(who, d, code)).error).toBeNull();
    const logged = (await eventsOf(d)).filter((e) => e.kind === 'code_redeemed' || e.kind === 'code_refused');
    expect(logged.map(({ user_id, permission_id, kind, access_code, detail }) => ({ user_id, permission_id, kind, access_code, detail }))).toEqual([
      { user_id: owner.id, permission_id: ok, kind: 'code_redeemed', access_code: 'OKAY01', detail: null },
      { user_id: owner.id, permission_id: ok, kind: 'code_redeemed', access_code: 'OKAY01', detail: null }, // staff at the unit: still the owner's log
      { user_id: owner.id, permission_id: expired, kind: 'code_refused', access_code: 'EXPD01', detail: 'Expired' },
      { user_id: owner.id, permission_id: limit, kind: 'code_refused', access_code: 'LIMT01', detail: 'Limit Reached' },
      { user_id: owner.id, permission_id: revoked, kind: 'code_refused', access_code: 'REVK01', detail: 'Revoked' },
      { user_id: owner.id, permission_id: null, kind: 'code_refused', access_code: 'NOTHERE-AND-FAR-TOO-', detail: 'Invalid access code' },
    ]);
    expect(logged.every((e) => e.device_id === d)).toBe(true);
  });

  it('after 10 unknown codes the throttle refusal is logged too', async () => {
    const d = await newDevice(owner.id);
    for (let i = 0; i < 11; i++) await redeem(owner, d, `BAD${String(i).padStart(3, '0')}`);
    const refusals = (await eventsOf(d)).filter((e) => e.kind === 'code_refused');
    expect(refusals.map((e) => e.detail)).toEqual([...Array(10).fill('Invalid access code'), 'Too many failed attempts; try again later']);
    expect(refusals.at(-1)).toMatchObject({ access_code: 'BAD010', permission_id: null });
  });

  it('a code logs its creation at its own created_at, and its revocation (also by soft delete) once', async () => {
    const d = await newDevice(owner.id);
    const code = nextCode();
    const made = await owner.client.from('access_permissions')
      .insert({ user_id: owner.id, device_id: d, access_code: code }).select('id, created_at').single();
    expect(made.error).toBeNull();
    const second = await owner.client.from('access_permissions')
      .insert({ user_id: owner.id, device_id: d, access_code: nextCode() }).select('id, access_code').single();
    let events = await eventsOf(d);
    expect(events.map((e) => [e.kind, e.permission_id, e.access_code])).toEqual([
      ['code_created', made.data!.id, code], ['code_created', second.data!.id, second.data!.access_code]]);
    expect(new Date(events[0]!.created_at).getTime()).toBe(new Date(made.data!.created_at).getTime());
    expect(events[0]!.user_id).toBe(owner.id);
    // A code stored with an earlier created_at (an import, the seed) is logged at that time, not now.
    const old = randomUUID();
    await t.db.query(`insert into public.access_permissions (id, user_id, device_id, access_code, created_at)
      values ($1, $2, $3, $4, now() - interval '3 days')`, [old, owner.id, await newDevice(owner.id), nextCode()]);
    const logged = await one<{ same: boolean }>(t, `select e.created_at = p.created_at as same from public.device_events e
      join public.access_permissions p on p.id = e.permission_id where e.permission_id = $1 and e.kind = 'code_created'`, [old]);
    expect(logged.same).toBe(true);

    // Other changes log nothing; revoking logs once; a revoked code's later edits log nothing.
    expect((await owner.client.from('access_permissions').update({ granted_to_name: 'Dana' }).eq('id', made.data!.id)).error).toBeNull();
    expect((await owner.client.from('access_permissions').update({ is_active: false }).eq('id', made.data!.id)).error).toBeNull();
    expect((await owner.client.from('access_permissions').update({ granted_to_name: 'Dana B' }).eq('id', made.data!.id)).error).toBeNull();
    // A soft delete deactivates the code (guard trigger), which is a revocation too.
    expect((await owner.client.from('access_permissions').update({ _deleted: true }).eq('id', second.data!.id)).error).toBeNull();
    events = await eventsOf(d);
    expect(events.map((e) => [e.kind, e.permission_id])).toEqual([
      ['code_created', made.data!.id], ['code_created', second.data!.id], ['code_revoked', made.data!.id], ['code_revoked', second.data!.id]]);
    // The owner pulls them as the device would.
    const pulled = await owner.client.from('device_events').select('kind').eq('device_id', d);
    expect(pulled.data).toHaveLength(4);
  });

  it("a device's status change logs previous and new status; other device edits log nothing", async () => {
    const d = await newDevice(owner.id, 'Side gate');
    // Only the unit reports its status (20261201000120): pair it and sign in as the unit does.
    const { data: credential, error: paired } = await owner.client.rpc('pair_unit', { p_device_id: d });
    expect(paired).toBeNull();
    const unit = t.client();
    expect((await unit.auth.signInWithPassword({ email: credential.email, password: credential.secret })).error).toBeNull();
    expect((await owner.client.from('devices').update({ name: 'Side gate camera' }).eq('id', d)).error).toBeNull();
    expect((await unit.rpc('unit_heartbeat', { p_status: 'error', p_firmware_version: '2.5.0' })).error).toBeNull();
    // The same status again (a new last seen, a firmware) and an owner's edit log nothing.
    expect((await unit.rpc('unit_heartbeat', { p_status: 'error', p_firmware_version: '2.5.1' })).error).toBeNull();
    expect((await owner.client.from('devices').update({ location: 'Gate' }).eq('id', d)).error).toBeNull();
    await t.db.query(`update public.devices set status = 'maintenance' where id = $1`, [d]);
    const events = await eventsOf(d);
    expect(events.map(({ kind, previous_status, status, user_id, permission_id }) => ({ kind, previous_status, status, user_id, permission_id }))).toEqual([
      { kind: 'status_changed', previous_status: 'online', status: 'error', user_id: owner.id, permission_id: null },
      { kind: 'status_changed', previous_status: 'error', status: 'maintenance', user_id: owner.id, permission_id: null },
    ]);
  });

  it('events replicate: _modified stamped in order, and Realtime sends a new event to its owner only', async () => {
    const d = await newDevice(owner.id);
    const mine = t.client({ accessToken: owner.token });
    await mine.realtime.setAuth(owner.token);
    const theirs = t.client({ accessToken: other.token });
    await theirs.realtime.setAuth(other.token);
    const binding = { event: '*' as const, schema: 'public', table: 'device_events' };
    const [ra, rb] = [await record(mine, 'events-a', [binding]), await record(theirs, 'events-b', [binding])];
    expect((await redeem(owner, d, 'LIVE01')).error).toBeNull();
    const change = await ra.waitFor(ra.changes, (x) => (x.new as { device_id?: string })?.device_id === d);
    expect(change).toMatchObject({ eventType: 'INSERT', new: { kind: 'code_refused', access_code: 'LIVE01', detail: 'Invalid access code', _deleted: false } });
    await new Promise((r) => setTimeout(r, 300));
    expect(rb.changes).toEqual([]);
    const stamps = await one<{ ok: boolean }>(t,
      'select bool_and(_modified is not null) and count(distinct _modified) = count(*) as ok from public.device_events');
    expect(stamps.ok).toBe(true);
  });
});
