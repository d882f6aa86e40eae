import { boolean, enumText, integer, nullableInteger, nullableText, nullableTimestamp, text, timestamp, uuid, uuidKey } from './fields.ts';
import { defineTable } from './define.ts';

export const PERMISSION_TYPES = ['guest', 'delivery', 'temporary', 'permanent'] as const;

export interface AccessPermission {
  id: string;
  user_id: string;
  device_id: string;
  permission_type: (typeof PERMISSION_TYPES)[number];
  access_code: string;
  granted_to_name: string | null;
  granted_to_email: string | null;
  expires_at: string | null;
  max_usage: number | null;
  usage_count: number;
  /** Guest schedule: the weekdays as bits (Monday 1 … Sunday 64), null for any day (absent on documents stored before version 1 until their next pull). */
  schedule_days?: number | null;
  /** The daily window in the device's time zone, 'HH:MM:SS', start inclusive and end exclusive; null for all day. */
  schedule_start?: string | null;
  schedule_end?: string | null;
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

export const accessPermissions = defineTable<AccessPermission>({
  name: 'access_permissions',
  version: 1,
  properties: {
    id: uuidKey,
    user_id: uuid,
    device_id: uuid,
    permission_type: enumText,
    access_code: text(6),
    granted_to_name: nullableText(100),
    granted_to_email: nullableText(320),
    expires_at: nullableTimestamp,
    max_usage: nullableInteger,
    usage_count: integer,
    schedule_days: { type: ['integer', 'null'], minimum: 1, maximum: 127 },
    schedule_start: nullableText(8),
    schedule_end: nullableText(8),
    is_active: boolean,
    created_at: timestamp,
    updated_at: timestamp,
  },
  required: ['id', 'user_id', 'device_id', 'permission_type', 'access_code', 'usage_count', 'is_active', 'created_at', 'updated_at'],
  // Version 1 added the guest schedule: stored codes are kept as they are, and the replication
  // (whose identifier carries the version) pulls every code again with it.
  migrationStrategies: { 1: (doc) => doc },
  push: true,
  label: (doc) => `Access code ${doc.access_code ?? ''}`.trim(),
});

