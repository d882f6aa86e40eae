import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { deliveryDevice, deliveryExpiry, initialValues, toLocalInput } from '@/features/access-codes/prefill.ts';
import { AccessSearchSchema, CreateAccessCodeSchema, toNewPermission } from '@/features/access-codes/schemas.ts';

const DEVICES = [
  { id: 'd-battery', name: 'Battery', device_type: 'backup_battery' },
  { id: 'd-outdoor', name: 'Keypad', device_type: 'outdoor_unit' },
  { id: 'd-indoor', name: 'Main Garage', device_type: 'indoor_unit' },
  { id: 'd-indoor-2', name: 'Second Garage', device_type: 'indoor_unit' },
];
const ORDER = { id: 'a1b2c3d4-0000-4000-8000-000000000009', order_number: 100042, created_at: '2026-11-20T10:00:00.000Z', expected_delivery_at: '2026-11-25T10:00:00.000Z' };

describe('delivery prefill', () => {
  it('expires two days after the expected delivery, else seven days after the order', () => {
    expect(deliveryExpiry(ORDER).toISOString()).toBe('2026-11-27T10:00:00.000Z');
    expect(deliveryExpiry({ ...ORDER, expected_delivery_at: null }).toISOString()).toBe('2026-11-27T10:00:00.000Z');
    expect(deliveryExpiry({ ...ORDER, created_at: '2026-11-01T08:30:00.000Z', expected_delivery_at: undefined }).toISOString()).toBe('2026-11-08T08:30:00.000Z');
  });

  it('picks the first indoor unit, else the first device', () => {
    expect(deliveryDevice(DEVICES)?.id).toBe('d-indoor');
    expect(deliveryDevice(DEVICES.slice(0, 2))?.id).toBe('d-battery');
    expect(deliveryDevice([])).toBeNull();
  });

  it('fills a one-use delivery code for the order', () => {
    expect(initialValues(DEVICES, 'delivery', ORDER)).toMatchObject({
      scheduled: false,
      deviceId: 'd-indoor',
      permissionType: 'delivery',
      grantedToName: 'Delivery of order #100042',
      grantedToEmail: '',
      expiresAt: toLocalInput(new Date('2026-11-27T10:00:00.000Z')),
      maxUsage: 1,
    });
    expect(initialValues(DEVICES, undefined, { ...ORDER, order_number: null }).grantedToName).toBe('Delivery of order #a1b2c3d4');
  });

  it('otherwise starts empty as a guest code (a single device is preselected)', () => {
    expect(initialValues(DEVICES)).toEqual({
      deviceId: '', permissionType: 'guest', grantedToName: '', grantedToEmail: '', expiresAt: '', maxUsage: '',
      scheduled: false, scheduleDays: ['1', '2', '3', '4', '5'], allDay: false, scheduleStart: '09:00', scheduleEnd: '17:00',
    });
    expect(initialValues(DEVICES, 'temporary').permissionType).toBe('temporary');
    expect(initialValues(DEVICES.slice(2, 3)).deviceId).toBe('d-indoor');
  });

  it('writes local date-times as datetime-local inputs do', () => {
    expect(toLocalInput(new Date(2026, 0, 5, 7, 3, 59))).toBe('2026-01-05T07:03');
  });
});

describe('the create form', () => {
  const valid = {
    deviceId: 'd-indoor', permissionType: 'guest' as const, grantedToName: ' Dana ', grantedToEmail: '', expiresAt: '', maxUsage: '' as const,
    scheduled: false, scheduleDays: ['1', '2', '3', '4', '5'] as ('1' | '2' | '3' | '4' | '5' | '6' | '7')[], allDay: false, scheduleStart: '09:00', scheduleEnd: '17:00',
  };
  const errorsOf = (values: object) => {
    const result = v.safeParse(CreateAccessCodeSchema, values);
    return result.success ? {} : Object.fromEntries(result.issues.map((issue) => [v.getDotPath(issue), issue.message]));
  };

  it('turns empty optional fields into null', () => {
    const values = v.parse(CreateAccessCodeSchema, valid);
    expect(toNewPermission(values)).toEqual({
      device_id: 'd-indoor', permission_type: 'guest', granted_to_name: 'Dana', granted_to_email: null, expires_at: null, max_usage: null,
      schedule_days: null, schedule_start: null, schedule_end: null,
    });
    expect(toNewPermission({ ...valid, expiresAt: '2026-11-27T10:00', maxUsage: 3 })).toMatchObject({ expires_at: new Date('2026-11-27T10:00').toISOString(), max_usage: 3 });
  });

  it('rejects a malformed email and a max usage below 1 or with decimals', () => {
    expect(v.safeParse(CreateAccessCodeSchema, { ...valid, grantedToEmail: 'dana@' }).success).toBe(false);
    expect(v.safeParse(CreateAccessCodeSchema, { ...valid, grantedToEmail: 'dana@example.com' }).success).toBe(true);
    expect(v.safeParse(CreateAccessCodeSchema, { ...valid, maxUsage: 0 }).success).toBe(false);
    expect(v.safeParse(CreateAccessCodeSchema, { ...valid, maxUsage: 1.5 }).success).toBe(false);
    expect(v.safeParse(CreateAccessCodeSchema, { ...valid, permissionType: 'owner' }).success).toBe(false);
  });

  it('writes a schedule as day bits and Postgres times, all day as no times, and none when switched off', () => {
    expect(toNewPermission({ ...valid, scheduled: true })).toMatchObject({ schedule_days: 31, schedule_start: '09:00:00', schedule_end: '17:00:00' });
    expect(toNewPermission({ ...valid, scheduled: true, scheduleDays: ['6', '7'], allDay: true })).toMatchObject({ schedule_days: 96, schedule_start: null, schedule_end: null });
    expect(toNewPermission({ ...valid, scheduled: false, scheduleDays: ['6'] })).toMatchObject({ schedule_days: null, schedule_start: null, schedule_end: null });
  });

  it('asks for a day, both times and an end after the start, only when a schedule is chosen', () => {
    expect(errorsOf({ ...valid, scheduled: true })).toEqual({});
    expect(errorsOf({ ...valid, scheduled: true, scheduleDays: [] })).toEqual({ scheduleDays: 'Choose at least one day' });
    expect(errorsOf({ ...valid, scheduled: true, scheduleStart: '', scheduleEnd: '' })).toEqual({ scheduleStart: 'Enter a start time', scheduleEnd: 'Enter an end time' });
    const crossing = 'The end time must be after the start time (a window cannot cross midnight)';
    expect(errorsOf({ ...valid, scheduled: true, scheduleStart: '22:00', scheduleEnd: '06:00' })).toEqual({ scheduleEnd: crossing });
    expect(errorsOf({ ...valid, scheduled: true, scheduleStart: '09:00', scheduleEnd: '09:00' })).toEqual({ scheduleEnd: crossing });
    // All day needs no times; switched off, nothing of the schedule is checked.
    expect(errorsOf({ ...valid, scheduled: true, allDay: true, scheduleStart: '', scheduleEnd: '' })).toEqual({});
    expect(errorsOf({ ...valid, scheduleDays: [], scheduleStart: '22:00', scheduleEnd: '06:00' })).toEqual({});
  });

  it('keeps only valid search params', () => {
    expect(v.parse(AccessSearchSchema, { create: 'delivery', order: ORDER.id })).toEqual({ create: 'delivery', order: ORDER.id });
    expect(v.parse(AccessSearchSchema, { create: 'owner', order: 'x' })).toEqual({ create: undefined, order: undefined });
    expect(v.parse(AccessSearchSchema, {})).toEqual({});
  });
});
