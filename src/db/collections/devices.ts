import { enumText, nullableText, nullableTimestamp, text, timestamp, uuid, uuidKey } from './fields.ts';
import { defineTable } from './define.ts';

export const DEVICE_TYPES = ['indoor_unit', 'outdoor_unit', 'backup_battery'] as const;
export const DEVICE_STATUSES = ['online', 'offline', 'maintenance', 'error'] as const;

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
  created_at: string;
  updated_at: string;
}

export const devices = defineTable<Device>({
  name: 'devices',
  version: 0,
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
    created_at: timestamp,
    updated_at: timestamp,
  },
  required: ['id', 'user_id', 'name', 'device_type', 'status', 'created_at', 'updated_at'],
  push: true,
  label: (doc) => `Device '${doc.name ?? 'unnamed'}'`,
});
