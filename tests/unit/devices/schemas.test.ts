import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { deviceEventsQuery, describeDeviceEvent, DOOR_LOG_LIMIT } from '@/features/devices/data/device-events.ts';
import { myDevicesQuery, newDeviceDoc } from '@/features/devices/data/devices.ts';
import { deviceTypeLabel } from '@/features/devices/device-types.ts';
import { AddDeviceFormSchema, DeviceChangesSchema, DeviceSettingsFormSchema, EMPTY_NEW_DEVICE, NewDeviceSchema } from '@/features/devices/schemas.ts';

const messages = (result: { issues?: readonly { message: string }[] }) => (result.issues ?? []).map((issue) => issue.message);

describe('Add Device form schema', () => {
  it('starts as an indoor unit with empty fields, and accepts that (an empty name is no message)', () => {
    expect(EMPTY_NEW_DEVICE).toEqual({ name: '', device_type: 'indoor_unit', location: '', serial_number: '' });
    expect(v.safeParse(AddDeviceFormSchema, EMPTY_NEW_DEVICE).success).toBe(true);
  });

  it('reports texts longer than the table allows, counted after trimming', () => {
    const long = { name: 'n'.repeat(101), device_type: 'indoor_unit', location: 'l'.repeat(101), serial_number: 's'.repeat(101) };
    expect(messages(v.safeParse(AddDeviceFormSchema, long))).toEqual([
      'Device name must be at most 100 characters',
      'Location must be at most 100 characters',
      'Serial number must be at most 100 characters',
    ]);
    const padded = { name: `  ${'n'.repeat(100)}  `, device_type: 'backup_battery', location: 'l'.repeat(100), serial_number: 's'.repeat(100) };
    expect(v.safeParse(AddDeviceFormSchema, padded).success).toBe(true);
  });

  it('rejects a device type the table does not know', () => {
    expect(messages(v.safeParse(AddDeviceFormSchema, { ...EMPTY_NEW_DEVICE, device_type: 'solar_panel' }))).toEqual(['Choose a device type']);
  });
});

describe('NewDeviceSchema (what is written)', () => {
  it('needs a name that is not blank', () => {
    expect(v.safeParse(NewDeviceSchema, EMPTY_NEW_DEVICE).success).toBe(false);
    expect(v.safeParse(NewDeviceSchema, { ...EMPTY_NEW_DEVICE, name: '   ' }).success).toBe(false);
  });

  it('trims every text and stores an empty optional one as null', () => {
    const parsed = v.parse(NewDeviceSchema, { name: '  Main Garage Door ', device_type: 'outdoor_unit', location: '  ', serial_number: ' GG-1 ' });
    expect(parsed).toEqual({ name: 'Main Garage Door', device_type: 'outdoor_unit', location: null, serial_number: 'GG-1' });
  });

  it('settings: rename and move with the same rules, the door-left-open alert in whole minutes from 1 to 240, and a time zone', () => {
    const zone = { time_zone: 'America/New_York' };
    expect(v.parse(DeviceChangesSchema, { name: ' Side Door ', location: ' Back yard ', open_alert_minutes: 10, ...zone })).toEqual({ name: 'Side Door', location: 'Back yard', open_alert_minutes: 10, ...zone });
    expect(v.parse(DeviceChangesSchema, { name: 'Side Door', location: '', open_alert_minutes: '240', ...zone })).toEqual({ name: 'Side Door', location: null, open_alert_minutes: 240, ...zone });
    expect(v.safeParse(DeviceChangesSchema, { name: ' ', location: '', open_alert_minutes: 10, ...zone }).success).toBe(false);
    expect(messages(v.safeParse(DeviceSettingsFormSchema, { name: 'x'.repeat(101), location: '', open_alert_minutes: 10, ...zone }))).toEqual(['Device name must be at most 100 characters']);
    for (const bad of [0, 241, 2.5, '', 'ten']) {
      expect(messages(v.safeParse(DeviceSettingsFormSchema, { name: 'Door', location: '', open_alert_minutes: bad, ...zone }))).toEqual(['Enter a whole number of minutes from 1 to 240']);
    }
    expect(messages(v.safeParse(DeviceSettingsFormSchema, { name: 'Door', location: '', open_alert_minutes: 10, time_zone: '' }))).toEqual(['Choose a time zone']);
  });
});

describe('newDeviceDoc', () => {
  it('starts offline, never seen, with no firmware or door state, owned by the user, with this device’s timestamps', () => {
    const now = new Date('2026-11-27T10:00:00.000Z');
    const doc = newDeviceDoc('user-1', { name: 'Main Garage Door', device_type: 'indoor_unit', location: 'Garage', serial_number: null }, now, 'id-1', 'Europe/Berlin');
    expect(doc).toEqual({
      id: 'id-1',
      user_id: 'user-1',
      name: 'Main Garage Door',
      device_type: 'indoor_unit',
      location: 'Garage',
      serial_number: null,
      status: 'offline',
      firmware_version: null,
      last_seen: null,
      door_state: null,
      door_state_at: null,
      open_alert_minutes: 10,
      time_zone: 'Europe/Berlin',
      created_at: '2026-11-27T10:00:00.000Z',
      updated_at: '2026-11-27T10:00:00.000Z',
    });
    const defaults = newDeviceDoc('u', { name: 'a', device_type: 'indoor_unit', location: null, serial_number: null });
    expect(defaults.id).toMatch(/^[0-9a-f-]{36}$/);
    // The home is taken to be where the phone is.
    expect(defaults.time_zone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});

describe('queries', () => {
  it('lists the user’s own devices newest first, and nobody’s while signed out', () => {
    expect(myDevicesQuery('u1')).toEqual({ selector: { user_id: 'u1' }, sort: [{ created_at: 'desc' }, { id: 'desc' }] });
    expect(myDevicesQuery(null).selector).toEqual({ user_id: '' });
  });

  it('reads one device’s latest events, newest first', () => {
    expect(deviceEventsQuery('u1', 'd1')).toEqual({ selector: { user_id: 'u1', device_id: 'd1' }, sort: [{ created_at: 'desc' }, { id: 'desc' }], limit: DOOR_LOG_LIMIT });
    expect(DOOR_LOG_LIMIT).toBe(50);
  });
});

describe('describeDeviceEvent', () => {
  const event = { access_code: null, detail: null, previous_status: null, status: null };
  it.each([
    [{ ...event, kind: 'code_redeemed', access_code: 'K7M2QX' }, 'Code K7M2QX opened the door'],
    [{ ...event, kind: 'code_refused', access_code: 'XXXX', detail: 'Expired' }, 'Code XXXX refused: Expired'],
    [{ ...event, kind: 'code_refused', access_code: 'ZZZZZZ', detail: 'Invalid access code' }, 'Code ZZZZZZ refused: Invalid access code'],
    [{ ...event, kind: 'code_refused' }, 'A code refused'],
    [{ ...event, kind: 'status_changed', previous_status: 'online', status: 'error' }, 'Status changed from online to error'],
    [{ ...event, kind: 'status_changed', previous_status: 'offline', status: 'maintenance' }, 'Status changed from offline to maintenance'],
    [{ ...event, kind: 'code_created', access_code: 'ABC123' }, 'Code ABC123 created'],
    [{ ...event, kind: 'code_revoked', access_code: 'ABC123' }, 'Code ABC123 revoked'],
    [{ ...event, kind: 'door_command', status: 'open', detail: 'Casey Customer' }, 'Open requested by Casey Customer in the app'],
    [{ ...event, kind: 'door_command', status: 'close' }, 'Close requested in the app'],
    [{ ...event, kind: 'door_state', previous_status: 'open', status: 'closing_soon' }, 'Door closing soon'],
    [{ ...event, kind: 'door_state', previous_status: 'closing', status: 'opening', detail: 'Obstruction detected: reversing' }, 'Door opening (Obstruction detected: reversing)'],
    [{ ...event, kind: 'command_expired', status: 'open' }, 'Open not carried out: the unit answered too late'],
    [{ ...event, kind: 'command_expired', status: 'close', detail: 'The unit did not answer; the door did not move' }, 'Close not carried out: the unit did not answer'],
    [{ ...event, kind: 'door_left_open', status: 'open', detail: 'Open for 12 minutes' }, 'Door left open: open for 12 minutes'],
  ] as const)('%o → %s', (input, text) => {
    expect(describeDeviceEvent(input)).toBe(text);
  });

  it('still says something for a kind added on the server later', () => {
    expect(describeDeviceEvent({ ...event, kind: 'battery_low' as never })).toBe('Battery Low');
  });
});

describe('deviceTypeLabel', () => {
  it('reads each type, and an unknown one readably', () => {
    expect(['indoor_unit', 'outdoor_unit', 'backup_battery', 'solar_panel'].map(deviceTypeLabel)).toEqual(['Indoor Unit', 'Outdoor Unit', 'Backup Battery', 'Solar Panel']);
  });
});
