/**
 * Opening and closing the garage door from the app, end to end through /auth/v1, /rest/v1 and
 * /realtime/v1 (20261201000100..130): pairing a unit (its own auth user, the secret shown once,
 * rotated by re-pairing), the fields only the unit reports (refused to every API writer), the
 * unit's RPCs (heartbeat, ack, door report) for its own device only, command_door's rules (owner
 * only, unit online, one command at a time, not into the state the door is already in), the 10 s
 * deadline of an acknowledgement, revocation (unpair, removing the device) taking effect at once,
 * and Realtime delivering a command to its unit only. Each unit signs in exactly as the firmware
 * does: supabase-js signInWithPassword with the e-mail and secret pair_unit returned.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../../tests/integration/support/stack.ts';
import { record } from '../../tests/integration/realtime/helpers.ts';
import { countRows, createUser, one, type TestUser } from './functions/helpers.ts';

interface Credential { device_id: string; email: string; secret: string }
interface Unit extends Credential { client: SupabaseClient; userId: string; token: string }
interface DeviceRow { status: string; firmware_version: string | null; last_seen: string | null; door_state: string | null; door_state_at: string | null; name: string }
interface Event { kind: string; previous_status: string | null; status: string | null; detail: string | null; user_id: string }
type Result = { data: unknown; error: { code?: string; message?: string; details?: string | null; hint?: string | null } | null };

const ONLY_THE_UNIT = 'Only the unit reports its status, firmware, last seen and door state';
const ONLY_A_UNIT = 'Only a paired unit can do this';
const ONLY_THE_OWNER = 'Only the owner of this device can open or close its door';
const UNIT_FIELDS = 'status, firmware_version, last_seen, door_state, door_state_at';

/** What a refusal says, for one toEqual per case (error fields that are null stay out). */
const refusal = (r: Result) => ({ code: r.error?.code, message: r.error?.message, ...(r.error?.details ? { details: r.error.details } : {}) });

describeEngines('door control', (engine) => {
  let t: TestStack;
  let owner: TestUser;
  let other: TestUser;
  let support: TestUser;
  let admin: TestUser;
  let ownerName: string;

  const newDevice = async (userId: string, type = 'indoor_unit', name = 'Garage door') => {
    const id = randomUUID();
    await t.db.query('insert into public.devices (id, user_id, name, device_type) values ($1, $2, $3, $4)', [id, userId, name, type]);
    return id;
  };
  const deviceRow = async (id: string) => one<DeviceRow>(t, `select name, ${UNIT_FIELDS} from public.devices where id = $1`, [id]);
  const eventsOf = async (deviceId: string, kinds = ['door_command', 'door_state', 'command_expired']) =>
    (await t.db.query<Event>('select kind, previous_status, status, detail, user_id from public.device_events where device_id = $1 and kind = any($2) order by created_at, _modified', [deviceId, kinds])).rows;
  const commandsOf = async (deviceId: string) =>
    (await t.db.query<{ id: string; status: string; action: string }>('select id, status, action from public.door_commands where device_id = $1 order by created_at', [deviceId])).rows;

  const pair = (client: SupabaseClient, deviceId: string) => client.rpc('pair_unit', { p_device_id: deviceId }) as unknown as Promise<Result>;
  /** A fresh supabase-js client signed in with the unit's credential, as the firmware does. */
  const signIn = async (credential: Credential): Promise<Unit> => {
    const client = t.client();
    const { data, error } = await client.auth.signInWithPassword({ email: credential.email, password: credential.secret });
    expect(error).toBeNull();
    return { ...credential, client, userId: data.user!.id, token: data.session!.access_token };
  };
  /** The owner pairs the device; its unit signs in, says it is online and, for an indoor unit, that the door is closed. */
  const startUnit = async (deviceId: string, door: string | null = 'closed'): Promise<Unit> => {
    const paired = await pair(owner.client, deviceId);
    expect(paired.error).toBeNull();
    const unit = await signIn(paired.data as Credential);
    expect((await unit.client.rpc('unit_heartbeat', { p_status: 'online', p_firmware_version: '2.5.0' })).error).toBeNull();
    if (door) expect((await unit.client.rpc('unit_report_door', { p_state: door })).error).toBeNull();
    return unit;
  };
  const heartbeat = (unit: Unit, status = 'online') => unit.client.rpc('unit_heartbeat', { p_status: status }) as unknown as Promise<Result>;
  const command = (u: { client: SupabaseClient }, deviceId: string, action: string | null) =>
    u.client.rpc('command_door', { p_device_id: deviceId, p_action: action }) as unknown as Promise<Result>;
  const ack = (unit: Unit, commandId: string) => unit.client.rpc('unit_ack_command', { p_command_id: commandId }) as unknown as Promise<Result>;

  /**
   * A revoked unit is refused at once. The local stack also ends the sessions of a deleted user
   * (PGRST303 once it has read them, within a second); hosted PostgREST does not look sessions
   * up and takes the token until it expires, so the SQL must refuse it on its own: the same claims
   * on a session the stack never saw ended get 42501. And the secret no longer signs in.
   */
  const expectRevoked = async (unit: Unit) => {
    const next = await heartbeat(unit);
    expect([ONLY_A_UNIT, 'JWT session has ended']).toContain(next.error?.message);
    expect(next.error?.code).toBe(next.error?.message === ONLY_A_UNIT ? '42501' : 'PGRST303');
    await t.stack.endedSessions.refresh();
    expect(refusal(await heartbeat(unit))).toEqual({ code: 'PGRST303', message: 'JWT session has ended' });
    const claims = JSON.parse(Buffer.from(unit.token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const stillValid = t.client({ accessToken: await t.userToken(unit.userId, { ...claims, session_id: randomUUID() }) });
    for (const [fn, args] of [['unit_heartbeat', { p_status: 'online' }], ['unit_report_door', { p_state: 'open' }], ['unit_ack_command', { p_command_id: randomUUID() }]] as const) {
      expect({ fn, ...refusal((await stillValid.rpc(fn, args)) as Result) }).toEqual({ fn, code: '42501', message: ONLY_A_UNIT });
    }
    const again = await t.client().auth.signInWithPassword({ email: unit.email, password: unit.secret });
    expect(again.error?.code).toBe('invalid_credentials');
  };

  beforeAll(async () => {
    t = await startTestStack({ engine });
    [owner, other, support, admin] = [await createUser(t), await createUser(t), await createUser(t, 'support'), await createUser(t, 'admin')];
    ownerName = (await one<{ name: string }>(t, `select concat_ws(' ', first_name, last_name) as name from public.profiles where user_id = $1`, [owner.id])).name;
  });
  afterAll(() => t?.close());

  it('pair_unit: the owner (or the service role) gets a credential once; no one else, and no battery; the unit has no profile', async () => {
    const d = await newDevice(owner.id);
    const paired = await pair(owner.client, d);
    expect(paired.error).toBeNull();
    const credential = paired.data as Credential;
    expect(Object.keys(credential).sort()).toEqual(['device_id', 'email', 'secret']);
    expect(credential).toMatchObject({ device_id: d, email: `unit-${d}@units.garageguard.invalid` });
    expect(credential.secret).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const unit = await signIn(credential);
    const user = await unit.client.auth.getUser();
    expect(user.data.user?.app_metadata).toMatchObject({ garage_unit: d });
    // Not a person: no profile, so no customer or staff rule gives it anything.
    expect(await countRows(t, 'select 1 from public.profiles where user_id = $1', [unit.userId])).toBe(0);
    expect((await unit.client.from('profiles').select('user_id')).data).toEqual([]);
    expect((await heartbeat(unit)).error).toBeNull();

    // Another customer and staff are refused with the answer a device that does not exist gets.
    for (const [who, client] of [['other', other.client], ['support', support.client], ['admin', admin.client]] as const) {
      expect({ who, ...refusal(await pair(client, d)) }).toEqual({ who, code: '42501', message: 'You can pair only your own devices', details: `device_id=${d}` });
      const unpaired = (await client.rpc('unpair_unit', { p_device_id: d })) as Result;
      expect({ who, ...refusal(unpaired) }).toEqual({ who, code: '42501', message: 'You can unpair only your own devices', details: `device_id=${d}` });
    }
    const missing = randomUUID();
    expect(refusal(await pair(owner.client, missing))).toEqual({ code: '42501', message: 'You can pair only your own devices', details: `device_id=${missing}` });
    expect((await pair(t.client(), d)).error?.code).toBe('42501'); // anon has no execute
    expect((await t.client().rpc('unpair_unit', { p_device_id: d })).error?.code).toBe('42501');
    // None of those attempts touched the unit's credential.
    expect((await heartbeat(unit)).error).toBeNull();

    const battery = await newDevice(owner.id, 'backup_battery', 'Battery');
    expect(refusal(await pair(owner.client, battery))).toEqual({ code: '22023', message: 'A backup battery has no unit to pair' });
    expect(await countRows(t, 'select 1 from private.unit_credentials where device_id = $1', [battery])).toBe(0);

    // An installer's back end pairs with the service role.
    const installed = await newDevice(other.id, 'outdoor_unit', 'Gate camera');
    const byService = await pair(t.client({ serviceRole: true }), installed);
    expect(byService.error).toBeNull();
    const camera = await signIn(byService.data as Credential);
    expect(await heartbeat(camera)).toMatchObject({ error: null, data: { device_id: installed, pending: [] } });
  });

  it('re-pairing rotates the credential: the old secret no longer signs in and the old session is refused', async () => {
    const d = await newDevice(owner.id);
    const first = await startUnit(d);
    const second = (await pair(owner.client, d)).data as Credential;
    expect(second.email).toBe(first.email);
    expect(second.secret).not.toBe(first.secret);
    await expectRevoked(first);
    const fresh = await signIn(second);
    expect(fresh.userId).not.toBe(first.userId);
    expect(await heartbeat(fresh)).toMatchObject({ error: null, data: { device_id: d } });
    expect((await t.db.query('select unit_user_id from private.unit_credentials where device_id = $1', [d])).rows).toEqual([{ unit_user_id: fresh.userId }]);
    expect(await countRows(t, 'select 1 from auth.users where id = $1', [first.userId])).toBe(0);
  });

  it('status, firmware, last seen and door state are the unit\'s: every API write that changes them is refused', async () => {
    const d = await newDevice(owner.id);
    await startUnit(d);
    const stored = (await owner.client.from('devices').select('*').eq('id', d).single()).data as Record<string, unknown>;
    expect(stored).toMatchObject({ status: 'online', firmware_version: '2.5.0', door_state: 'closed' });
    expect(stored.last_seen).not.toBeNull();
    expect(stored.door_state_at).not.toBeNull();
    const before = await deviceRow(d);

    const changes: Record<string, unknown>[] = [
      { status: 'offline' }, { status: 'maintenance' }, { firmware_version: '9.9.9' }, { firmware_version: null },
      { last_seen: new Date(Date.now() + 60_000).toISOString() }, { last_seen: null }, { door_state: 'open' }, { door_state: null },
      { door_state_at: new Date().toISOString() }, { name: 'Renamed', status: 'error' },
    ];
    for (const change of changes) {
      const patched = await owner.client.from('devices').update(change).eq('id', d).select('id');
      expect({ change, ...refusal(patched as Result) }).toEqual({ change, code: '42501', message: ONLY_THE_UNIT });
    }
    expect(await deviceRow(d)).toEqual(before);

    // The replication sends whole documents: the unchanged values of those fields pass with an edit.
    const { id: _, _modified: __, updated_at: ___, ...whole } = stored;
    const renamed = await owner.client.from('devices').update({ ...whole, name: 'Garage door (left)' }).eq('id', d).select('name, status').single();
    expect(renamed.error).toBeNull();
    expect(renamed.data).toEqual({ name: 'Garage door (left)', status: 'online' });
    expect(await deviceRow(d)).toEqual({ ...before, name: 'Garage door (left)' });

    // A new device starts as the app creates it.
    for (const fields of [{ status: 'online' }, { status: 'error' }, { firmware_version: '1.0.0' }, { last_seen: new Date().toISOString() }, { door_state: 'closed' }, { door_state_at: new Date().toISOString() }]) {
      const inserted = await owner.client.from('devices').insert({ id: randomUUID(), user_id: owner.id, name: 'New unit', ...fields });
      expect({ fields, ...refusal(inserted as Result), hint: inserted.error?.hint }).toEqual({
        fields, code: '42501', message: ONLY_THE_UNIT, hint: 'A new device starts offline, with no firmware, never seen and no door state.' });
    }
    const fresh = randomUUID();
    const inserted = await owner.client.from('devices')
      .insert({ id: fresh, user_id: owner.id, name: 'New unit', status: 'offline', firmware_version: null, last_seen: null, door_state: null, door_state_at: null })
      .select(UNIT_FIELDS).single();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toEqual({ status: 'offline', firmware_version: null, last_seen: null, door_state: null, door_state_at: null });
    expect((await owner.client.from('devices').insert({ id: randomUUID(), user_id: owner.id, name: 'Defaults' })).error).toBeNull();

    // Staff write no device (no policy) and cannot change these fields even on a device of their own.
    for (const [who, staff] of [['support', support], ['admin', admin]] as const) {
      const theirs = await staff.client.from('devices').update({ status: 'error' }).eq('id', d).select('id');
      expect({ who, error: theirs.error, rows: theirs.data }).toEqual({ who, error: null, rows: [] });
      const own = randomUUID();
      const bad = await staff.client.from('devices').insert({ id: own, user_id: staff.id, name: 'Bench unit', status: 'online' });
      expect({ who, ...refusal(bad as Result) }).toEqual({ who, code: '42501', message: ONLY_THE_UNIT });
      expect((await staff.client.from('devices').insert({ id: own, user_id: staff.id, name: 'Bench unit' })).error).toBeNull();
      const patched = await staff.client.from('devices').update({ firmware_version: '9.9.9' }).eq('id', own);
      expect({ who, ...refusal(patched as Result) }).toEqual({ who, code: '42501', message: ONLY_THE_UNIT });
    }
    expect(await deviceRow(d)).toEqual({ ...before, name: 'Garage door (left)' });
  });

  it('unit_heartbeat reports for its own device only and answers the commands waiting for it', async () => {
    const d = await newDevice(owner.id);
    const neighbour = await newDevice(other.id, 'indoor_unit', 'Next door');
    await t.db.query(`update public.devices set status = 'online', firmware_version = '1.0.0', last_seen = now() - interval '1 hour' where id = $1`, [neighbour]);
    const neighbourBefore = await deviceRow(neighbour);
    const unit = await startUnit(d);

    const beat = (await unit.client.rpc('unit_heartbeat', { p_status: 'maintenance', p_firmware_version: ' 3.0.1 ' })) as Result;
    expect(beat).toMatchObject({ error: null, data: { device_id: d, pending: [] } });
    const after = await one<{ status: string; firmware_version: string; fresh: boolean }>(t,
      `select status, firmware_version, last_seen > now() - interval '5 seconds' as fresh from public.devices where id = $1`, [d]);
    expect(after).toEqual({ status: 'maintenance', firmware_version: '3.0.1', fresh: true });
    // No firmware in a heartbeat keeps the one reported before.
    expect((await unit.client.rpc('unit_heartbeat', {})).error).toBeNull();
    expect(await deviceRow(d)).toMatchObject({ status: 'online', firmware_version: '3.0.1' });
    expect(refusal(await heartbeat(unit, 'asleep'))).toEqual({ code: '22023', message: 'status must be online, offline, maintenance or error' });
    expect(await deviceRow(neighbour)).toEqual(neighbourBefore);
    expect((await eventsOf(d, ['status_changed'])).map((e) => [e.previous_status, e.status])).toEqual([['offline', 'online'], ['online', 'maintenance'], ['maintenance', 'online']]);

    const sent = (await command(owner, d, 'open')).data as { command_id: string; expires_at: string };
    const answer = (await heartbeat(unit)).data as { pending: { id: string; action: string; expires_at: string }[] };
    expect(answer.pending).toEqual([{ id: sent.command_id, action: 'open', expires_at: sent.expires_at }]);
    expect((await ack(unit, sent.command_id)).data).toMatchObject({ ok: true });
    expect(((await heartbeat(unit)).data as { pending: unknown[] }).pending).toEqual([]);
  });

  it('only a paired unit may call unit_*; a unit reads nothing of other devices and cannot command its own door', async () => {
    const d = await newDevice(owner.id);
    const neighbour = await newDevice(other.id, 'indoor_unit', 'Next door');
    const unit = await startUnit(d);
    const neighbourUnit = (await pair(other.client, neighbour)).data as Credential;
    const theirs = await signIn(neighbourUnit);
    expect((await heartbeat(theirs)).error).toBeNull();
    const sent = (await command(owner, d, 'open')).data as { command_id: string };

    const calls = [['unit_heartbeat', { p_status: 'online' }], ['unit_report_door', { p_state: 'open' }], ['unit_ack_command', { p_command_id: sent.command_id }]] as const;
    for (const [who, client] of [['owner', owner.client], ['other', other.client], ['support', support.client], ['admin', admin.client]] as const) {
      for (const [fn, args] of calls) {
        expect({ who, fn, ...refusal((await client.rpc(fn, args)) as Result) }).toEqual({ who, fn, code: '42501', message: ONLY_A_UNIT });
      }
    }
    for (const [fn, args] of calls) expect({ fn, code: ((await t.client().rpc(fn, args)) as Result).error?.code }).toEqual({ fn, code: '42501' });
    expect(await commandsOf(d)).toEqual([{ id: sent.command_id, status: 'sent', action: 'open' }]);

    // Its own commands, and nothing of another device: not the row, not its commands.
    expect((await unit.client.from('door_commands').select('id')).data).toEqual([{ id: sent.command_id }]);
    expect((await theirs.client.from('door_commands').select('id').eq('device_id', d)).data).toEqual([]);
    for (const u of [unit, theirs]) {
      const rows = (await u.client.from('devices').select('id')).data as { id: string }[];
      expect(rows.filter((r) => r.id !== u.device_id)).toEqual([]);
      expect((await u.client.from('device_events').select('id').eq('device_id', d === u.device_id ? neighbour : d)).data).toEqual([]);
      expect((await u.client.from('devices').update({ name: 'Hijacked' }).eq('id', d === u.device_id ? neighbour : d).select('id')).data).toEqual([]);
    }
    // The unit is not its device's owner: it cannot send itself commands or re-pair itself.
    expect(refusal(await command(unit, d, 'close'))).toEqual({ code: '42501', message: ONLY_THE_OWNER, details: `device_id=${d}` });
    expect((await pair(unit.client, d)).error?.code).toBe('42501');
    expect(await deviceRow(neighbour)).toMatchObject({ name: 'Next door' });
  });

  it('unit_report_door sets the door and logs each change with the previous state and the reason', async () => {
    const d = await newDevice(owner.id);
    const unit = await startUnit(d, null);
    const report = (state: string | null, detail?: string) =>
      unit.client.rpc('unit_report_door', detail === undefined ? { p_state: state } : { p_state: state, p_detail: detail }) as unknown as Promise<Result>;
    const at = async () => one<{ door_state: string; at: string; seen: boolean }>(t,
      'select door_state, door_state_at::text as at, last_seen >= door_state_at as seen from public.devices where id = $1', [d]);
    expect((await report('closed')).error).toBeNull();
    expect((await report('opening')).error).toBeNull();
    const opening = await at();
    expect((await report('opening')).error).toBeNull(); // the same state again: only "last seen", the state's time kept
    expect(await at()).toEqual(opening);
    expect((await report('stopped', '  Obstruction detected: reversing  ')).error).toBeNull();
    const stopped = await at();
    expect(stopped.at > opening.at).toBe(true);
    expect((await report('stopped', 'Still blocked')).error).toBeNull(); // the same state with a reason: logged, its time kept
    expect(await at()).toEqual({ door_state: 'stopped', at: stopped.at, seen: true });
    expect((await eventsOf(d)).map(({ kind, previous_status, status, detail, user_id }) => ({ kind, previous_status, status, detail, user_id }))).toEqual([
      { kind: 'door_state', previous_status: null, status: 'closed', detail: null, user_id: owner.id },
      { kind: 'door_state', previous_status: 'closed', status: 'opening', detail: null, user_id: owner.id },
      { kind: 'door_state', previous_status: 'opening', status: 'stopped', detail: 'Obstruction detected: reversing', user_id: owner.id },
      { kind: 'door_state', previous_status: 'stopped', status: 'stopped', detail: 'Still blocked', user_id: owner.id },
    ]);
    // The owner reads the door log (device_events) of the unit's reports.
    expect((await owner.client.from('device_events').select('kind').eq('device_id', d).eq('kind', 'door_state')).data).toHaveLength(4);

    for (const bad of ['ajar', 'OPEN', '', null]) {
      expect({ bad, ...refusal(await report(bad)) }).toEqual({ bad, code: '22023', message: 'state must be closed, opening, open, closing_soon, closing or stopped' });
    }
    expect(await deviceRow(d)).toMatchObject({ door_state: 'stopped' });
    expect(await eventsOf(d)).toHaveLength(4);

    // A camera has no door.
    const camera = await newDevice(owner.id, 'outdoor_unit', 'Camera');
    const cameraUnit = await startUnit(camera, null);
    expect(refusal((await cameraUnit.client.rpc('unit_report_door', { p_state: 'open' })) as Result)).toEqual({ code: '22023', message: 'Only an indoor unit has a door' });
    expect(await deviceRow(camera)).toMatchObject({ door_state: null });
  });

  it('command_door: the owner of an online indoor unit sends a 10-second command, logged in the door log and the access log', async () => {
    const d = await newDevice(owner.id);
    await startUnit(d);
    const sent = await command(owner, d, 'open');
    expect(sent.error).toBeNull();
    const data = sent.data as { command_id: string; action: string; expires_at: string };
    expect(Object.keys(data).sort()).toEqual(['action', 'command_id', 'expires_at']);
    expect(data.action).toBe('open');
    expect(Date.parse(data.expires_at) - Date.now()).toBeGreaterThan(5_000); // exactly 10 s after created_at: checked in SQL below
    expect(Date.parse(data.expires_at) - Date.now()).toBeLessThanOrEqual(10_000);
    const stored = await one<{ user_id: string; action: string; status: string; ten: boolean; acknowledged_at: null }>(t,
      `select user_id, action, status, expires_at = created_at + interval '10 seconds' as ten, acknowledged_at from public.door_commands where id = $1`, [data.command_id]);
    expect(stored).toEqual({ user_id: owner.id, action: 'open', status: 'sent', ten: true, acknowledged_at: null });
    expect((await eventsOf(d, ['door_command']))).toEqual([{ kind: 'door_command', previous_status: null, status: 'open', detail: ownerName, user_id: owner.id }]);
    const logged = await t.db.query(`select user_id, success from public.access_logs where action = 'door.open' and resource = $1`, [`devices/${d}`]);
    expect(logged.rows).toEqual([{ user_id: owner.id, success: true }]);
    // The owner reads the command (the app shows it); nobody else does.
    expect((await owner.client.from('door_commands').select('id, status').eq('device_id', d)).data).toEqual([{ id: data.command_id, status: 'sent' }]);
    for (const [who, client] of [['other', other.client], ['support', support.client], ['admin', admin.client], ['anon', t.client()]] as const) {
      expect({ who, rows: (await client.from('door_commands').select('id').eq('device_id', d)).data }).toEqual({ who, rows: [] });
      expect({ who, code: (await client.from('door_commands').insert({ device_id: d, user_id: owner.id, action: 'open', expires_at: new Date().toISOString() })).error?.code }).toEqual({ who, code: '42501' });
    }
    expect((await owner.client.from('door_commands').update({ status: 'acknowledged' }).eq('id', data.command_id)).error?.code).toBe('42501');
  });

  it('command_door refuses everyone but the owner, and a bad action or a device with no door', async () => {
    const d = await newDevice(owner.id);
    await startUnit(d);
    for (const [who, u] of [['other', other], ['support', support], ['admin', admin]] as const) {
      expect({ who, ...refusal(await command(u, d, 'open')) }).toEqual({ who, code: '42501', message: ONLY_THE_OWNER, details: `device_id=${d}` });
    }
    expect((await t.client().rpc('command_door', { p_device_id: d, p_action: 'open' })).error?.code).toBe('42501');
    const missing = randomUUID();
    expect(refusal(await command(owner, missing, 'open'))).toEqual({ code: '42501', message: ONLY_THE_OWNER, details: `device_id=${missing}` });
    for (const bad of ['toggle', 'OPEN', '', null]) {
      expect({ bad, ...refusal(await command(owner, d, bad)) }).toEqual({ bad, code: '22023', message: 'The action must be open or close' });
    }
    // An outdoor unit, paired and online, has no door.
    const camera = await newDevice(owner.id, 'outdoor_unit', 'Camera');
    await startUnit(camera, null);
    expect(refusal(await command(owner, camera, 'open'))).toEqual({ code: '22023', message: 'This device has no door to open or close' });
    expect(await commandsOf(d)).toEqual([]);
    expect(await commandsOf(camera)).toEqual([]);
    expect(await eventsOf(d, ['door_command'])).toEqual([]);
    expect(await countRows(t, `select 1 from public.access_logs where resource in ($1, $2)`, [`devices/${d}`, `devices/${camera}`])).toBe(0);
  });

  it("command_door: 'unit_offline' unless paired, online and seen in the last 90 s; 'unit_unavailable'; 'command_pending'; 'already_open' / 'already_closed'", async () => {
    const offline = { code: 'P0001', message: 'The unit is offline', details: 'unit_offline' };
    // Online by the server's record but never paired: no unit could hear the command.
    const unpaired = await newDevice(owner.id);
    await t.db.query(`update public.devices set status = 'online', last_seen = now(), door_state = 'closed' where id = $1`, [unpaired]);
    expect(refusal(await command(owner, unpaired, 'open'))).toEqual(offline);

    const d = await newDevice(owner.id);
    const unit = await startUnit(d);
    expect((await heartbeat(unit, 'offline')).error).toBeNull();
    expect(refusal(await command(owner, d, 'open'))).toEqual(offline);
    // A unit that is there but not able to move the door says why.
    for (const [status, message] of [['maintenance', 'The unit is in maintenance mode'], ['error', 'The unit reports an error']] as const) {
      expect((await heartbeat(unit, status)).error).toBeNull();
      expect({ status, ...refusal(await command(owner, d, 'open')) }).toEqual({ status, code: 'P0001', message, details: 'unit_unavailable' });
    }
    expect((await heartbeat(unit)).error).toBeNull();
    await t.db.query(`update public.devices set last_seen = now() - interval '91 seconds' where id = $1`, [d]);
    expect(refusal(await command(owner, d, 'open'))).toEqual(offline);
    await t.db.query(`update public.devices set last_seen = now() - interval '80 seconds' where id = $1`, [d]);
    const first = await command(owner, d, 'open');
    expect(first.error).toBeNull();

    // One command at a time, whatever its action, until it is answered or its deadline passes.
    const pending = { code: 'P0001', message: 'Another command is on its way to the unit', details: 'command_pending' };
    expect(refusal(await command(owner, d, 'close'))).toEqual(pending);
    expect(refusal(await command(owner, d, 'open'))).toEqual(pending);
    await t.db.query(`update public.door_commands set expires_at = now() - interval '1 second' where device_id = $1`, [d]);

    // Not into the state the door is already in (or moving to).
    const alreadyClosed = { code: 'P0001', message: 'The door is already closed', details: 'already_closed' };
    const alreadyOpen = { code: 'P0001', message: 'The door is already open', details: 'already_open' };
    for (const state of ['closed', 'closing', 'closing_soon']) {
      expect((await unit.client.rpc('unit_report_door', { p_state: state })).error).toBeNull();
      expect({ state, ...refusal(await command(owner, d, 'close')) }).toEqual({ state, ...alreadyClosed });
    }
    for (const state of ['open', 'opening']) {
      expect((await unit.client.rpc('unit_report_door', { p_state: state })).error).toBeNull();
      expect({ state, ...refusal(await command(owner, d, 'open')) }).toEqual({ state, ...alreadyOpen });
    }
    expect((await command(owner, d, 'close')).error).toBeNull();
    await t.db.query(`update public.door_commands set expires_at = now() - interval '1 second' where device_id = $1`, [d]);
    expect((await unit.client.rpc('unit_report_door', { p_state: 'stopped', p_detail: 'Obstruction detected: reversing' })).error).toBeNull();
    expect((await command(owner, d, 'open')).error).toBeNull(); // stopped halfway: either way is fine
    expect((await commandsOf(d)).map((c) => c.action)).toEqual(['open', 'close', 'open']);
    expect((await eventsOf(d, ['door_command'])).map((e) => e.status)).toEqual(['open', 'close', 'open']);

    // At most 20 commands a minute.
    await t.db.query(`update public.door_commands set expires_at = now() - interval '1 second' where device_id = $1`, [d]);
    await t.db.query(`insert into public.door_commands (device_id, user_id, action, status, expires_at)
      select $1, $2, 'open', 'expired', now() - interval '1 second' from generate_series(1, 17)`, [d, owner.id]);
    expect(refusal(await command(owner, d, 'close'))).toEqual({ code: 'P0001', message: 'Too many commands; wait a minute', details: 'too_many_commands' });
  });

  it('unit_ack_command: within the deadline once, after it never; a command never answered is logged at the next contact; only for its own device', async () => {
    const d = await newDevice(owner.id);
    const unit = await startUnit(d);
    const sent = (await command(owner, d, 'open')).data as { command_id: string };
    expect(await ack(unit, sent.command_id)).toMatchObject({ error: null, data: { ok: true, action: 'open' } });
    const acked = await one<{ status: string; in_time: boolean }>(t,
      'select status, acknowledged_at between created_at and expires_at as in_time from public.door_commands where id = $1', [sent.command_id]);
    expect(acked).toEqual({ status: 'acknowledged', in_time: true });
    expect(await ack(unit, sent.command_id)).toMatchObject({ error: null, data: { ok: false, reason: 'done' } });

    // Late: refused, marked expired and logged, so the door never moves on it.
    expect((await unit.client.rpc('unit_report_door', { p_state: 'open' })).error).toBeNull();
    const late = (await command(owner, d, 'close')).data as { command_id: string };
    await t.db.query(`update public.door_commands set expires_at = now() - interval '1 second' where id = $1`, [late.command_id]);
    expect(await ack(unit, late.command_id)).toMatchObject({ error: null, data: { ok: false, reason: 'expired', action: 'close' } });
    expect(await one(t, 'select status, acknowledged_at from public.door_commands where id = $1', [late.command_id])).toEqual({ status: 'expired', acknowledged_at: null });
    const tooLate = { kind: 'command_expired', previous_status: null, status: 'close', detail: 'The unit answered too late; the door did not move', user_id: owner.id };
    expect(await eventsOf(d, ['command_expired'])).toEqual([tooLate]);
    expect(await ack(unit, late.command_id)).toMatchObject({ error: null, data: { ok: false, reason: 'expired' } });
    expect(await eventsOf(d, ['command_expired'])).toHaveLength(1);

    // Never acknowledged: the unit's next heartbeat (or the owner's next command) marks it expired
    // and logs it, once; an acknowledgement after that is refused as expired.
    const unanswered = { ...tooLate, detail: 'The unit did not answer; the door did not move' };
    const silent = (await command(owner, d, 'close')).data as { command_id: string };
    await t.db.query(`update public.door_commands set expires_at = now() - interval '1 second' where id = $1`, [silent.command_id]);
    expect(((await heartbeat(unit)).data as { pending: unknown[] }).pending).toEqual([]);
    expect(await eventsOf(d, ['command_expired'])).toEqual([tooLate, unanswered]);
    expect(await ack(unit, silent.command_id)).toMatchObject({ error: null, data: { ok: false, reason: 'expired', action: 'close' } });
    await heartbeat(unit);
    expect(await eventsOf(d, ['command_expired'])).toHaveLength(2);
    const missed = (await command(owner, d, 'close')).data as { command_id: string };
    await t.db.query(`update public.door_commands set expires_at = now() - interval '1 second' where id = $1`, [missed.command_id]);
    const next = (await command(owner, d, 'close')).data as { command_id: string };
    expect(await eventsOf(d, ['command_expired'])).toEqual([tooLate, unanswered, unanswered]);
    expect(await one(t, 'select status from public.door_commands where id = $1', [missed.command_id])).toEqual({ status: 'expired' });
    expect(await ack(unit, next.command_id)).toMatchObject({ error: null, data: { ok: true, action: 'close' } });
    expect((await unit.client.rpc('unit_report_door', { p_state: 'closed' })).error).toBeNull();

    // Another device's unit cannot acknowledge (nor learn of) this device's command.
    const neighbour = await newDevice(other.id, 'indoor_unit', 'Next door');
    const theirs = await signIn((await pair(other.client, neighbour)).data as Credential);
    expect((await unit.client.rpc('unit_report_door', { p_state: 'closed' })).error).toBeNull();
    const mine = (await command(owner, d, 'open')).data as { command_id: string };
    for (const id of [mine.command_id, randomUUID()]) {
      expect(refusal(await ack(theirs, id))).toEqual({ code: 'P0002', message: 'No such command for this unit' });
    }
    expect(await one(t, 'select status from public.door_commands where id = $1', [mine.command_id])).toEqual({ status: 'sent' });
    expect(await ack(unit, mine.command_id)).toMatchObject({ error: null, data: { ok: true, action: 'open' } });
  });

  it('unpairing, or removing the device, revokes the unit at once', async () => {
    const d = await newDevice(owner.id);
    const unit = await startUnit(d);
    expect((await owner.client.rpc('unpair_unit', { p_device_id: d })).error).toBeNull();
    await expectRevoked(unit);
    expect(await countRows(t, 'select 1 from private.unit_credentials where device_id = $1', [d])).toBe(0);
    expect(refusal(await command(owner, d, 'open'))).toMatchObject({ details: 'unit_offline' });
    // Unpairing an unpaired device is a no-op for its owner.
    expect((await owner.client.rpc('unpair_unit', { p_device_id: d })).error).toBeNull();

    const removed = await newDevice(owner.id);
    const removedUnit = await startUnit(removed);
    expect((await owner.client.from('devices').update({ _deleted: true }).eq('id', removed)).error).toBeNull();
    await expectRevoked(removedUnit);
    expect(await countRows(t, 'select 1 from auth.users where id = $1', [removedUnit.userId])).toBe(0);
    // A removed device can be neither paired again nor commanded.
    expect(refusal(await pair(owner.client, removed))).toEqual({ code: '42501', message: 'You can pair only your own devices', details: `device_id=${removed}` });
    expect(refusal(await command(owner, removed, 'open'))).toMatchObject({ code: '42501', message: ONLY_THE_OWNER });
  });

  it('Realtime delivers a command to its own unit only', async () => {
    const d = await newDevice(owner.id);
    const neighbour = await newDevice(other.id, 'indoor_unit', 'Next door');
    const unit = await startUnit(d);
    const theirs = await signIn((await pair(other.client, neighbour)).data as Credential);
    expect((await heartbeat(theirs)).error).toBeNull();
    const binding = (device: string) => ({ event: 'INSERT' as const, schema: 'public', table: 'door_commands', filter: `device_id=eq.${device}` });
    const mine = await record(unit.client, `unit-commands:${d}`, [binding(d)]);
    // The neighbour's unit asks for the first device's commands (RLS gives it none) and for its own.
    const snooping = await record(theirs.client, `unit-commands:${d}`, [binding(d), binding(neighbour)]);
    const sent = (await command(owner, d, 'open')).data as { command_id: string; expires_at: string };
    const change = await mine.waitFor(mine.changes, (c) => (c.new as { id?: string })?.id === sent.command_id);
    expect(change).toMatchObject({ eventType: 'INSERT', table: 'door_commands', new: { id: sent.command_id, device_id: d, user_id: owner.id, action: 'open', status: 'sent' } });
    expect(Date.parse((change.new as { expires_at: string }).expires_at)).toBe(Date.parse(sent.expires_at));
    expect(await ack(unit, sent.command_id)).toMatchObject({ data: { ok: true } });
    // A command to the neighbour's own door, sent after: changes arrive in commit order, so once it
    // is there, the first device's command would have been there before it.
    const theirsSent = (await command(other, neighbour, 'open')).data as { command_id: string };
    await snooping.waitFor(snooping.changes, (c) => (c.new as { id?: string })?.id === theirsSent.command_id);
    expect(snooping.changes.map((c) => (c.new as { device_id: string }).device_id)).toEqual([neighbour]);
    expect(mine.changes).toHaveLength(1);
  });
  it('a code typed on the keypad goes through the server as the unit: granted, refused, logged and counted as in the app', async () => {
    const d = await newDevice(owner.id);
    const unit = await startUnit(d);
    const code = 'KPD' + String(Math.floor(Math.random() * 900) + 100).replace(/[0125]/g, '3');
    await t.db.query(`insert into public.access_permissions (user_id, device_id, access_code, max_usage) values ($1, $2, $3, 1)`, [owner.id, d, code]);
    const keypad = (u: { client: SupabaseClient }, typed: string) => u.client.rpc('unit_redeem_code', { p_code: typed }) as unknown as Promise<Result>;

    expect((await keypad(unit, 'WRONG7')).data).toMatchObject({ ok: false, reason: 'invalid_code', message: 'Invalid access code' });
    expect((await keypad(unit, ` ${code.toLowerCase()} `)).data).toMatchObject({ ok: true, message: 'Access granted', usage_count: 1, remaining_uses: 0 });
    expect((await keypad(unit, code)).data).toMatchObject({ ok: false, reason: 'limit_reached', message: 'Limit Reached' });
    const log = (await t.db.query<{ kind: string; access_code: string; detail: string; user_id: string }>(
      `select kind, access_code, detail, user_id from public.device_events where device_id = $1 and kind in ('code_redeemed', 'code_refused') order by created_at, _modified`, [d])).rows;
    expect(log).toEqual([
      { kind: 'code_refused', access_code: 'WRONG7', detail: 'Invalid access code', user_id: owner.id },
      { kind: 'code_redeemed', access_code: code, detail: null, user_id: owner.id },
      { kind: 'code_refused', access_code: code, detail: 'Limit Reached', user_id: owner.id },
    ]);
    // In the access log under the device, with no user (a unit has no profile).
    expect((await t.db.query(`select success, user_id from public.access_logs where resource = $1 and action = 'access_code.redeem' order by created_at`, [`devices/${d}`])).rows)
      .toEqual([{ success: false, user_id: null }, { success: true, user_id: null }, { success: false, user_id: null }]);
    // Only a unit, for its own device: the owner, staff and anon get no keypad.
    for (const [who, client] of [['owner', owner.client], ['support', support.client], ['admin', admin.client]] as const) {
      expect({ who, ...refusal(await keypad({ client }, code)) }).toMatchObject({ who, code: '42501', message: ONLY_A_UNIT });
    }
    expect((await keypad({ client: t.client() }, code)).error?.code).toBe('42501');
  });

  it('deleting a device for good (or its owner) leaves no unit login behind', async () => {
    const d = await newDevice(owner.id);
    const unit = await startUnit(d);
    await t.db.query('delete from public.devices where id = $1', [d]);
    expect(await countRows(t, 'select 1 from auth.users where id = $1', [unit.userId])).toBe(0);
    expect((await t.client().auth.signInWithPassword({ email: unit.email, password: unit.secret })).error?.code).toBe('invalid_credentials');
  });
  it('a door left open longer than its owner chose is notified once per opening, at a heartbeat', async () => {
    const d = await newDevice(owner.id, 'indoor_unit', 'Alert door');
    const unit = await startUnit(d, 'open');
    const alerts = async () => (await t.db.query<{ title: string; body: string; link: string }>(
      `select title, body, link from public.notifications where user_id = $1 and title = 'Door left open' and body like 'Alert door %'`, [owner.id])).rows;
    const openedAgo = (minutes: number) => t.db.query(`update public.devices set door_state_at = now() - make_interval(mins => $2) where id = $1`, [d, minutes]);

    // The owner chooses 5 minutes (any 1 to 240; the column refuses others).
    expect((await owner.client.from('devices').update({ open_alert_minutes: 5 }).eq('id', d)).error).toBeNull();
    expect((await owner.client.from('devices').update({ open_alert_minutes: 0 }).eq('id', d)).error?.code).toBe('23514');
    await openedAgo(4);
    expect((await heartbeat(unit)).error).toBeNull();
    expect(await alerts()).toEqual([]);
    await openedAgo(6);
    expect((await heartbeat(unit)).error).toBeNull();
    expect((await heartbeat(unit)).error).toBeNull();
    expect(await alerts()).toEqual([{ title: 'Door left open', body: 'Alert door has been open for 6 minutes.', link: '/dashboard/devices' }]);
    expect(await eventsOf(d, ['door_left_open'])).toEqual([expect.objectContaining({ kind: 'door_left_open', status: 'open', detail: 'Open for 6 minutes', user_id: owner.id })]);

    // Closed, then opened again and left: a second alert, for the second opening.
    expect((await unit.client.rpc('unit_report_door', { p_state: 'closed' })).error).toBeNull();
    expect((await heartbeat(unit)).error).toBeNull();
    expect((await unit.client.rpc('unit_report_door', { p_state: 'open' })).error).toBeNull();
    await openedAgo(7);
    expect((await heartbeat(unit)).error).toBeNull();
    expect((await alerts()).map((a) => a.body)).toEqual(['Alert door has been open for 6 minutes.', 'Alert door has been open for 7 minutes.']);
    // Only the owner hears of it.
    expect((await other.client.from('notifications').select('id').eq('title', 'Door left open')).data).toEqual([]);
  });
});
