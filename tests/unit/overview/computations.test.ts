import { describe, expect, it } from 'vitest';
import { deviceEventText, mergeActivity, orderText } from '@/features/overview/activity.ts';
import { healthWord, percentOf, systemBars } from '@/features/overview/health.ts';
import { countActiveCodes, countDevices, devicesOnlineText, isCodeUsable } from '@/features/overview/summary.ts';

const NOW = Date.parse('2026-11-27T12:00:00.000Z');
const code = (over: Partial<Parameters<typeof isCodeUsable>[0]> = {}) => ({
  permission_type: 'guest' as const,
  is_active: true,
  expires_at: null as string | null,
  max_usage: null as number | null,
  usage_count: 0,
  ...over,
});

describe('Active Access Codes', () => {
  it('counts guest and delivery codes that are active, unexpired and under their limit', () => {
    const codes = [
      code(),
      code({ permission_type: 'delivery', expires_at: '2026-11-28T00:00:00.000Z', max_usage: 3, usage_count: 2 }),
      code({ permission_type: 'permanent' }),
      code({ permission_type: 'temporary' }),
      code({ is_active: false }),
      code({ expires_at: '2026-11-27T11:59:59.000Z' }),
      // Expiring exactly now is expired.
      code({ expires_at: '2026-11-27T12:00:00.000Z' }),
      code({ permission_type: 'delivery', max_usage: 1, usage_count: 1 }),
      code({ max_usage: 2, usage_count: 5 }),
    ];
    expect(countActiveCodes(codes, NOW)).toBe(2);
  });

  it('a code stops counting once its expiry passes', () => {
    const expiring = [code({ expires_at: '2026-11-27T12:05:00.000Z' })];
    expect(countActiveCodes(expiring, NOW)).toBe(1);
    expect(countActiveCodes(expiring, NOW + 5 * 60_000)).toBe(0);
  });
});

describe('Active Devices', () => {
  it('counts the devices online out of all, in words', () => {
    const counts = countDevices([{ status: 'online' }, { status: 'offline' }, { status: 'online' }, { status: 'error' }, { status: 'maintenance' }]);
    expect(counts).toEqual({ online: 2, total: 5 });
    expect(devicesOnlineText(counts)).toBe('2 of 5 devices online');
    expect(devicesOnlineText({ online: 1, total: 1 })).toBe('1 of 1 device online');
    expect(devicesOnlineText(countDevices([]))).toBe('0 of 0 devices online');
  });
});

describe('system bars', () => {
  it('names the health share: Excellent from 90 %, Good from 70 %, Fair from 40 %, else Poor', () => {
    expect([100, 90, 89.9, 70, 69.9, 40, 39.9, 0].map(healthWord)).toEqual(['Excellent', 'Excellent', 'Good', 'Good', 'Fair', 'Fair', 'Poor', 'Poor']);
  });

  it('connectivity is the share online, health the share not in error or maintenance', () => {
    const bars = systemBars([{ status: 'online' }, { status: 'offline' }, { status: 'maintenance' }, { status: 'error' }, { status: 'online' }]);
    expect(bars).toEqual({ devices: 5, connectivity: 40, health: 60, healthWord: 'Fair' });
    expect(systemBars([{ status: 'online' }, { status: 'offline' }, { status: 'online' }])).toEqual({ devices: 3, connectivity: 66.7, health: 100, healthWord: 'Excellent' });
    expect(percentOf(1, 3)).toBe(33.3);
  });

  it('with no devices there is nothing to measure, not 0 %', () => {
    expect(systemBars([])).toEqual({ devices: 0 });
  });
});

describe('recent activity', () => {
  const event = (over: Partial<Parameters<typeof deviceEventText>[0]>) => ({
    id: crypto.randomUUID(),
    device_id: 'd1',
    kind: 'code_redeemed' as const,
    access_code: 'K4M9PX',
    detail: null,
    previous_status: null,
    status: null,
    created_at: '2026-11-27T10:00:00.000Z',
    ...over,
  });
  const order = (over: Partial<Parameters<typeof orderText>[0]>) => ({ id: 'a1b2c3d4-0000-4000-8000-000000000001', order_number: 100042, status: 'processing' as const, created_at: '2026-11-27T09:00:00.000Z', ...over });

  it('says what happened, with the device name', () => {
    expect(deviceEventText(event({ kind: 'code_created' }), 'Main Garage')).toBe('Access code K4M9PX created for Main Garage');
    expect(deviceEventText(event({ kind: 'code_revoked' }), 'Main Garage')).toBe('Access code K4M9PX revoked for Main Garage');
    expect(deviceEventText(event({}), 'Main Garage')).toBe('Access code K4M9PX used at Main Garage');
    expect(deviceEventText(event({ kind: 'code_refused', access_code: 'ZZZZZZ', detail: 'Invalid access code' }), 'Workshop')).toBe('Access code ZZZZZZ refused at Workshop (Invalid access code)');
    expect(deviceEventText(event({ kind: 'status_changed', previous_status: 'online', status: 'offline' }), 'Front Camera')).toBe('Front Camera went from Online to Offline');
    expect(deviceEventText(event({ kind: 'status_changed', status: 'error' }), undefined)).toBe('A removed device is now Error');
    expect(deviceEventText(event({ kind: 'door_command', status: 'close', detail: 'Casey Customer' }), 'Main Garage')).toBe('Close Main Garage requested by Casey Customer');
    expect(deviceEventText(event({ kind: 'door_state', status: 'open' }), 'Main Garage')).toBe('Main Garage: door open');
    expect(deviceEventText(event({ kind: 'command_expired', status: 'open' }), 'Main Garage')).toBe('Main Garage answered a command too late; the door did not move');
    expect(deviceEventText(event({ kind: 'command_expired', status: 'open', detail: 'The unit did not answer; the door did not move' }), 'Main Garage')).toBe('Main Garage did not answer a command; the door did not move');
    expect(orderText(order({}))).toBe('Order #100042 placed');
    expect(orderText(order({ order_number: null }))).toBe('Order #A1B2C3D4 placed');
  });

  it('merges events and orders newest first and keeps the newest eight', () => {
    const names = new Map([['d1', 'Main Garage']]);
    const events = Array.from({ length: 6 }, (_, i) => event({ id: `e${i}`, created_at: `2026-11-2${i}T10:00:00.000Z` }));
    const orders = [order({ id: 'o1', created_at: '2026-11-25T12:00:00.000Z' }), order({ id: 'o2', created_at: '2026-11-19T00:00:00.000Z' }), order({ id: 'o3', created_at: '2026-11-26T00:00:00.000Z', status: 'shipped' })];
    const merged = mergeActivity(events, orders, names);
    expect(merged).toHaveLength(8);
    // The oldest order (the 19th) falls off the end.
    expect(merged.map((item) => item.id)).toEqual(['o3', 'o1', 'e5', 'e4', 'e3', 'e2', 'e1', 'e0']);
    expect(merged[0]).toMatchObject({ kind: 'order', status: 'shipped', text: 'Order #100042 placed' });
    expect(merged[2]).toMatchObject({ kind: 'device_event', text: 'Access code K4M9PX used at Main Garage' });
    expect(mergeActivity(events, orders, names, 3).map((item) => item.id)).toEqual(['o3', 'o1', 'e5']);
    expect(mergeActivity([], [], names)).toEqual([]);
  });
});
