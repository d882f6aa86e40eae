import { enumText, nullableText, nullableTimestamp, text, timestamp, uuid, uuidKey } from './fields.ts';
import { defineTable } from './define.ts';

export const DEVICE_TYPES = ['indoor_unit', 'outdoor_unit', 'backup_battery'] as const;
export const DEVICE_STATUSES = ['online', 'offline', 'maintenance', 'error'] as const;
/** An indoor unit's door as the unit reports it; closing_soon is its 5-second warning before closing. */
export const DOOR_STATES = ['closed', 'opening', 'open', 'closing_soon', 'closing', 'stopped'] as const;
export type DoorState = (typeof DOOR_STATES)[number];

export interface Device {
  id: string;
  user_id: string;
  name: string;
  device_type: (typeof DEVICE_TYPES)[number];
  location: string | null;
  serial_number: string | null;
  status: (typeof DEVICE_STATUSES)[number];
  firmware_version: string | null;
  last_seen: string | null;
  /** Null for a device with no door, and until the unit first reports (absent on documents stored before version 1 until their next pull). */
  door_state?: DoorState | null;
  /** When the door entered door_state. */
  door_state_at?: string | null;
  /** Minutes an open door may stand before the owner is told (1–240; absent on documents stored before version 2 until their next pull). */
  open_alert_minutes?: number;
  /** The home's IANA time zone, in which guest schedules are read (absent on documents stored before version 3 until their next pull). */
  time_zone?: string;
  created_at: string;
  updated_at: string;
}

export const devices = defineTable<Device>({
  name: 'devices',
  version: 3,
  properties: {
    id: uuidKey,
    user_id: uuid,
    name: text(100),
    device_type: enumText,
    location: nullableText(100),
    serial_number: nullableText(100),
    status: enumText,
    firmware_version: nullableText(50),
    last_seen: nullableTimestamp,
    door_state: { type: ['string', 'null'], maxLength: 40 },
    door_state_at: nullableTimestamp,
    open_alert_minutes: { type: 'integer', minimum: 1, maximum: 240 },
    time_zone: text(64),
    created_at: timestamp,
    updated_at: timestamp,
  },
  required: ['id', 'user_id', 'name', 'device_type', 'status', 'created_at', 'updated_at'],
  // Version 1 added door_state and door_state_at, version 2 open_alert_minutes, version 3
  // time_zone: stored devices are kept as they are, and the replication (whose identifier carries
  // the version) pulls every device again with them.
  migrationStrategies: { 1: (doc) => doc, 2: (doc) => doc, 3: (doc) => doc },
  push: true,
  label: (doc) => `Device '${doc.name ?? 'unnamed'}'`,
});
