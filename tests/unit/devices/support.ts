import type { Device, DeviceEvent } from '@/db/collections/index.ts';
import { closePublished, publish, userDatabase } from '../data-layer/support.ts';

/** A user's real RxDB database (devices and their events, over fake-indexeddb), without replication. */
export const devicesDatabase = (userId: string) => userDatabase(userId, ['devices', 'device_events']);

export { closePublished as reset, publish };

export function device(userId: string, over: Partial<Device> = {}): Device {
  const at = over.created_at ?? '2026-11-21T10:00:00.000Z';
  return {
    id: crypto.randomUUID(),
    user_id: userId,
    name: 'Main Garage Door',
    device_type: 'indoor_unit',
    location: 'Garage',
    serial_number: 'GG-IN-0001',
    status: 'online',
    firmware_version: '2.1.0',
    last_seen: null,
    created_at: at,
    updated_at: at,
    ...over,
  };
}

export function deviceEvent(userId: string, deviceId: string, over: Partial<DeviceEvent> = {}): DeviceEvent {
  return {
    id: crypto.randomUUID(),
    user_id: userId,
    device_id: deviceId,
    permission_id: null,
    kind: 'code_redeemed',
    access_code: 'K7M2QX',
    detail: null,
    previous_status: null,
    status: null,
    created_at: '2026-11-21T10:00:00.000Z',
    ...over,
  };
}
