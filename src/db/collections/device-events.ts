import { enumText, nullableText, nullableUuid, timestamp, uuid, uuidKey } from './fields.ts';
import { defineTable } from './define.ts';

/**
 * What happened at or to one of the user's devices, written only by the server (the door unit
 * redeeming a code, triggers on devices and access_permissions): the door log of a code or a
 * device and the dashboard's recent activity. Customers read their own rows and never write them.
 */
export const DEVICE_EVENT_KINDS = ['code_created', 'code_revoked', 'code_redeemed', 'code_refused', 'status_changed', 'door_command', 'door_state', 'command_expired', 'door_left_open'] as const;

export interface DeviceEvent {
  id: string;
  /** The device's owner. */
  user_id: string;
  device_id: string;
  /** The access permission concerned; null for a code the device does not know. */
  permission_id: string | null;
  kind: (typeof DEVICE_EVENT_KINDS)[number];
  /** The code entered at the door (refusals of unknown codes too), or the permission's code. */
  access_code: string | null;
  /** Why a redemption was refused ('Expired', 'Limit Reached', 'Revoked', 'Invalid access code', …). */
  detail: string | null;
  /**
   * status_changed: the device's status before and after; door_state: the door's; door_command and
   * command_expired: status is the action ('open' | 'close') and detail who sent it or what happened.
   */
  previous_status: string | null;
  status: string | null;
  created_at: string;
}

export const deviceEvents = defineTable<DeviceEvent>({
  name: 'device_events',
  version: 0,
  properties: {
    id: uuidKey,
    user_id: uuid,
    device_id: uuid,
    permission_id: nullableUuid,
    kind: enumText,
    access_code: nullableText(20),
    detail: nullableText(200),
    previous_status: nullableText(40),
    status: nullableText(40),
    created_at: timestamp,
  },
  required: ['id', 'user_id', 'device_id', 'kind', 'created_at'],
  push: false,
  label: (doc) => `Device event ${doc.kind ?? ''}`.trim(),
});
