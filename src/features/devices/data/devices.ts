// The signed-in customer's devices, in the devices collection on this device (replicated with
// public.devices). Writes are local first: replication delivers them, and the sync center lists
// those still on their way. RLS limits a customer to their own rows on the server; the user_id
// selector keeps the screen to the user's own here too.
import type { MangoQuery } from 'rxdb';
import type { Device } from '@/db/collections/devices.ts';
import type { AppDatabase } from '@/db/database.ts';
import type { DocOf } from '@/db/react.tsx';
import { browserTimeZone } from '@/lib/time-zone.ts';
import { DEFAULT_OPEN_ALERT_MINUTES, type DeviceChanges, type NewDeviceInput } from '../schemas.ts';

export type { Device };

/** Newest first; the id breaks ties so two devices added in one instant keep their places. */
export function myDevicesQuery(userId: string | null): MangoQuery<DocOf<'devices'>> {
  return { selector: { user_id: userId ?? '' }, sort: [{ created_at: 'desc' }, { id: 'desc' }] };
}

/**
 * The document of a new device: it starts offline, with no firmware reported and never seen (the
 * unit itself reports those once installed). Its home is taken to be in this phone's time zone (the
 * owner may change it). The timestamps are this device's until the server's replace them after the push.
 */
export function newDeviceDoc(userId: string, input: NewDeviceInput, now: Date = new Date(), id: string = crypto.randomUUID(), timeZone = browserTimeZone()): Device {
  const at = now.toISOString();
  return {
    id,
    user_id: userId,
    name: input.name,
    device_type: input.device_type,
    location: input.location,
    serial_number: input.serial_number,
    status: 'offline',
    firmware_version: null,
    last_seen: null,
    door_state: null,
    door_state_at: null,
    open_alert_minutes: DEFAULT_OPEN_ALERT_MINUTES,
    time_zone: timeZone,
    created_at: at,
    updated_at: at,
  };
}

function devicesOf(db: AppDatabase | null) {
  const collection = db?.devices;
  if (!collection) throw new Error('The data on this device is not open yet');
  return collection;
}

async function findDevice(db: AppDatabase | null, id: string) {
  const doc = await devicesOf(db).findOne(id).exec();
  if (!doc) throw new Error('This device no longer exists');
  return doc;
}

export async function addDevice(db: AppDatabase | null, userId: string | null, input: NewDeviceInput): Promise<Device> {
  if (!userId) throw new Error('Not signed in');
  const doc = await devicesOf(db).insert(newDeviceDoc(userId, input));
  return doc.toJSON() as Device;
}

export async function updateDevice(db: AppDatabase | null, id: string, changes: DeviceChanges): Promise<void> {
  const doc = await findDevice(db, id);
  await doc.incrementalPatch({ ...changes, updated_at: new Date().toISOString() });
}

/** A soft delete, so the removal replicates (the server keeps the row with _deleted = true). */
export async function removeDevice(db: AppDatabase | null, id: string): Promise<void> {
  const doc = await findDevice(db, id);
  await doc.incrementalRemove();
}
