/**
 * Guest schedules (20261201000160): a code limited to weekdays and a daily window in the home's
 * time zone, enforced at redemption through the API (the owner's redeem_access_code and the unit's
 * keypad, unit_redeem_code). Outside its hours a code is refused with 'outside_schedule', logged,
 * and no use is taken. The device's time zone and the schedule's shape are checked by the table.
 *
 * "Now" is the server's: each test gives its device a fixed-offset zone in which the local time is
 * between 12:00 and 13:00, so no midnight (or hour) passes between arranging and redeeming.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, startTestStack, type TestStack } from '../../tests/integration/support/stack.ts';
import { createUser, one, type TestUser } from './functions/helpers.ts';

type Result = { data: unknown; error: { code?: string; message?: string } | null };

const WEEKDAYS = 31;
const bitOf = (isoDay: number) => 1 << (isoDay - 1);
const ALPHABET = 'ACDEFGHJKMNPRTUVWXY34679';
const randomCode = () => Array.from({ length: 6 }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join('');

describeEngines('guest schedules', (engine) => {
  let t: TestStack;
  let owner: TestUser;
  let other: TestUser;

  /** A device of the owner whose home is in a zone where it is now 12:xx; with today's ISO weekday there. */
  const noonDevice = async () => {
    const id = randomUUID();
    const utcHour = (await one<{ h: number }>(t, `select extract(hour from now() at time zone 'UTC')::integer as h`)).h;
    // Etc/GMT-N is N hours ahead of UTC (POSIX signs): local hour 12 needs 12 - utcHour ahead.
    const ahead = 12 - utcHour;
    const zone = ahead === 0 ? 'Etc/UTC' : `Etc/GMT${ahead > 0 ? '-' : '+'}${Math.abs(ahead)}`;
    await t.db.query('insert into public.devices (id, user_id, name, device_type, time_zone) values ($1, $2, $3, $4, $5)', [id, owner.id, 'Garage door', 'indoor_unit', zone]);
    const today = (await one<{ d: number; h: number }>(t, 'select extract(isodow from now() at time zone $1)::integer as d, extract(hour from now() at time zone $1)::integer as h', [zone]));
    expect(today.h).toBe(12);
    return { id, zone, today: today.d };
  };
  const newCode = async (deviceId: string, schedule: { days: number | null; start?: string; end?: string }) => {
    const code = randomCode();
    const { error } = await owner.client.from('access_permissions').insert({
      device_id: deviceId, user_id: owner.id, access_code: code, permission_type: 'guest',
      schedule_days: schedule.days, schedule_start: schedule.start ?? null, schedule_end: schedule.end ?? null,
    });
    expect(error).toBeNull();
    return code;
  };
  const redeem = (client: SupabaseClient, deviceId: string, code: string) =>
    client.rpc('redeem_access_code', { p_device_id: deviceId, p_code: code }) as unknown as Promise<Result>;
  const usageOf = async (deviceId: string, code: string) =>
    (await one<{ usage_count: number }>(t, 'select usage_count from public.access_permissions where device_id = $1 and access_code = $2', [deviceId, code])).usage_count;

  beforeAll(async () => {
    t = await startTestStack({ engine });
    [owner, other] = [await createUser(t), await createUser(t)];
  });
  afterAll(() => t?.close());

  it("a device's time zone: 'UTC' until set (or when added with an unknown one), a known IANA name when changed, and only the owner changes it", async () => {
    const { data: added, error } = await owner.client.from('devices').insert({ user_id: owner.id, name: 'Carport', device_type: 'indoor_unit' }).select('id, time_zone').single();
    expect(error).toBeNull();
    expect(added).toMatchObject({ time_zone: 'UTC' });
    const id = (added as { id: string }).id;
    const setZone = (client: SupabaseClient, zone: string) => client.from('devices').update({ time_zone: zone }).eq('id', id).select('time_zone');

    expect((await setZone(owner.client, 'Europe/Berlin')).data).toEqual([{ time_zone: 'Europe/Berlin' }]);
    expect((await setZone(owner.client, 'America/Argentina/Buenos_Aires')).data).toEqual([{ time_zone: 'America/Argentina/Buenos_Aires' }]);
    for (const bad of ['Mars/Olympus_Mons', 'UTC+5', '+05:00', '', 'Europe/Berlin; drop table x', 'a'.repeat(65)]) {
      const { error: refused } = await setZone(owner.client, bad);
      expect({ bad, code: refused?.code, message: refused?.message }).toEqual({ bad, code: '23514', message: expect.stringContaining('devices_time_zone_is_known') });
    }
    // A device added with a zone this server does not know (a phone's newer time zone data) is
    // kept, in UTC, rather than refused and lost.
    const { data: unknown, error: addError } = await owner.client.from('devices')
      .insert({ user_id: owner.id, name: 'Shed', device_type: 'indoor_unit', time_zone: 'America/Atlantis_New' }).select('time_zone').single();
    expect(addError).toBeNull();
    expect(unknown).toEqual({ time_zone: 'UTC' });
    // Another customer's update matches no row (RLS), so the zone stays.
    expect((await setZone(other.client, 'Asia/Tokyo')).data).toEqual([]);
    expect((await one<{ time_zone: string }>(t, 'select time_zone from public.devices where id = $1', [id])).time_zone).toBe('America/Argentina/Buenos_Aires');
  });

  it('a schedule is whole: days from the seven bits, both times or neither, times only with days, end after start', async () => {
    const { id } = await noonDevice();
    const insert = (fields: Record<string, unknown>) => owner.client.from('access_permissions').insert({ device_id: id, user_id: owner.id, access_code: randomCode(), ...fields });
    for (const fields of [
      { schedule_days: 0 },
      { schedule_days: 128 },
      { schedule_days: WEEKDAYS, schedule_start: '09:00' },
      { schedule_days: WEEKDAYS, schedule_end: '17:00' },
      { schedule_start: '09:00', schedule_end: '17:00' },
      { schedule_days: WEEKDAYS, schedule_start: '17:00', schedule_end: '09:00' },
      { schedule_days: WEEKDAYS, schedule_start: '09:00', schedule_end: '09:00' },
    ]) {
      expect({ fields, code: (await insert(fields)).error?.code }).toEqual({ fields, code: '23514' });
    }
    const { data, error } = await owner.client.from('access_permissions')
      .insert({ device_id: id, user_id: owner.id, access_code: randomCode(), schedule_days: WEEKDAYS, schedule_start: '09:00', schedule_end: '17:30' })
      .select('schedule_days, schedule_start, schedule_end').single();
    expect(error).toBeNull();
    // PostgREST's text for time(0): seconds included, as the app stores it.
    expect(data).toEqual({ schedule_days: WEEKDAYS, schedule_start: '09:00:00', schedule_end: '17:30:00' });
  });

  it('inside its days and hours a code opens the door; outside it is refused with its reason, logged, and takes no use', async () => {
    const { id, today } = await noonDevice();
    const everyDayButToday = 127 & ~bitOf(today);
    const allDayToday = await newCode(id, { days: bitOf(today) });
    const notToday = await newCode(id, { days: everyDayButToday });
    const insideHours = await newCode(id, { days: 127, start: '11:00', end: '14:00' });
    const afterHours = await newCode(id, { days: 127, start: '14:00', end: '15:00' });
    const beforeHours = await newCode(id, { days: bitOf(today), start: '08:00', end: '12:00' });

    for (const code of [allDayToday, insideHours]) {
      expect({ code, ...(await redeem(owner.client, id, code)).data as object }).toMatchObject({ code, ok: true, message: 'Access granted', usage_count: 1 });
    }
    for (const code of [notToday, afterHours, beforeHours]) {
      expect({ code, ...(await redeem(owner.client, id, code)).data as object }).toMatchObject({ code, ok: false, reason: 'outside_schedule', message: 'Outside Schedule' });
      expect(await usageOf(id, code)).toBe(0);
    }
    const log = (await t.db.query<{ kind: string; access_code: string; detail: string | null }>(
      `select kind, access_code, detail from public.device_events where device_id = $1 and kind in ('code_redeemed', 'code_refused') order by created_at, _modified`, [id])).rows;
    expect(log).toEqual([
      { kind: 'code_redeemed', access_code: allDayToday, detail: null },
      { kind: 'code_redeemed', access_code: insideHours, detail: null },
      ...[notToday, afterHours, beforeHours].map((code) => ({ kind: 'code_refused', access_code: code, detail: 'Outside Schedule' })),
    ]);
    expect((await t.db.query(`select success, error_message from public.access_logs where resource = $1 and action = 'access_code.redeem' order by created_at, id`, [`devices/${id}`])).rows)
      .toEqual([true, true, false, false, false].map((success) => ({ success, error_message: success ? null : 'Outside Schedule' })));
  });

  it('a code that is revoked, expired or used up reads as that at any hour; outside_schedule only for a code that would otherwise open', async () => {
    const { id, today } = await noonDevice();
    const notToday = 127 & ~bitOf(today);
    const revoked = await newCode(id, { days: notToday });
    await owner.client.from('access_permissions').update({ is_active: false }).eq('device_id', id).eq('access_code', revoked);
    const expired = await newCode(id, { days: notToday });
    await t.db.query(`update public.access_permissions set expires_at = now() - interval '1 minute' where device_id = $2 and access_code = $1`, [expired, id]);
    const usedUp = await newCode(id, { days: bitOf(today) });
    await t.db.query('update public.access_permissions set max_usage = 1 where device_id = $2 and access_code = $1', [usedUp, id]);
    expect((await redeem(owner.client, id, usedUp)).data).toMatchObject({ ok: true });
    await t.db.query('update public.access_permissions set schedule_days = $2 where device_id = $3 and access_code = $1', [usedUp, notToday, id]);

    expect((await redeem(owner.client, id, revoked)).data).toMatchObject({ ok: false, reason: 'revoked' });
    expect((await redeem(owner.client, id, expired)).data).toMatchObject({ ok: false, reason: 'expired' });
    expect((await redeem(owner.client, id, usedUp)).data).toMatchObject({ ok: false, reason: 'limit_reached' });
  });

  it("the keypad obeys the schedule too: the unit's redemption of a code outside its hours is refused", async () => {
    const { id, today } = await noonDevice();
    const paired = await owner.client.rpc('pair_unit', { p_device_id: id });
    expect(paired.error).toBeNull();
    const credential = paired.data as { email: string; secret: string };
    const unit = t.client();
    expect((await unit.auth.signInWithPassword({ email: credential.email, password: credential.secret })).error).toBeNull();
    const keypad = (code: string) => unit.rpc('unit_redeem_code', { p_code: code }) as unknown as Promise<Result>;

    const weekdaysOffice = await newCode(id, { days: 127 & ~bitOf(today), start: '09:00', end: '17:00' });
    const todayOffice = await newCode(id, { days: bitOf(today), start: '09:00', end: '17:00' });
    expect((await keypad(weekdaysOffice)).data).toMatchObject({ ok: false, reason: 'outside_schedule', message: 'Outside Schedule' });
    expect((await keypad(todayOffice)).data).toMatchObject({ ok: true, usage_count: 1 });
  });

  it('the window is read in the home\'s time zone, start inclusive and end exclusive, across a daylight-saving change', async () => {
    const within = async (at: string, zone = 'America/New_York', days = WEEKDAYS, start: string | null = '09:00', end: string | null = '17:00') =>
      (await one<{ ok: boolean }>(t, 'select private.within_schedule($1::smallint, $2::time, $3::time, $4, $5::timestamptz) as ok', [days, start, end, zone, at])).ok;
    // Friday 2026-11-27 in New York (UTC-5): 9:00 is 14:00 UTC, 17:00 is 22:00 UTC.
    expect(await within('2026-11-27T13:59:59Z')).toBe(false);
    expect(await within('2026-11-27T14:00:00Z')).toBe(true);
    expect(await within('2026-11-27T21:59:59Z')).toBe(true);
    expect(await within('2026-11-27T22:00:00Z')).toBe(false);
    // Saturday 10:00 in New York, not a weekday; Sunday 10:00 in Tokyo is still Saturday in New York.
    expect(await within('2026-11-28T15:00:00Z')).toBe(false);
    expect(await within('2026-11-28T15:00:00Z', 'Asia/Tokyo', 96, null, null)).toBe(true);
    // Monday 2026-03-09, after the spring change (UTC-4): 9:00 is 13:00 UTC.
    expect(await within('2026-03-09T13:00:00Z')).toBe(true);
    expect(await within('2026-03-09T12:59:59Z')).toBe(false);
    // No schedule: any instant.
    expect(await within('2026-11-28T03:00:00Z', 'UTC', null as unknown as number, null, null)).toBe(true);
  });
});
