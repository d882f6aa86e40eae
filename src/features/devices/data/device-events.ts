// A device's door log: the device_events rows of one device (written only by the server: codes
// redeemed or refused at the door, codes created or revoked, status changes), replicated to this
// device and read from the local database.
import type { MangoQuery } from 'rxdb';
import type { DeviceEvent } from '@/db/collections/device-events.ts';
import type { DocOf } from '@/db/react.tsx';
import { statusLabel } from '@/lib/status.ts';
import { commandNeverAnswered } from '@/lib/command-expired.ts';

export type { DeviceEvent };

/** The log shows the most recent events only. */
export const DOOR_LOG_LIMIT = 50;

/** Newest first; the id breaks ties between events of one instant. */
export function deviceEventsQuery(userId: string | null, deviceId: string): MangoQuery<DocOf<'device_events'>> {
  return {
    selector: { user_id: userId ?? '', device_id: deviceId },
    sort: [{ created_at: 'desc' }, { id: 'desc' }],
    limit: DOOR_LOG_LIMIT,
  };
}

// Statuses read in lower case inside a sentence ("from online to error").
const statusWords = (status: string | null) => (status ? statusLabel(status).toLowerCase() : 'unknown');

const commandWord = (action: string | null) => (action === 'close' ? 'Close' : 'Open');

/** A door state inside a sentence: "Door opening", "Door closing soon". */
export const doorWords = (state: string | null) => (state ? statusLabel(state).toLowerCase() : 'state unknown');

/** One line of the door log, in words. */
export function describeDeviceEvent(event: Pick<DeviceEvent, 'kind' | 'access_code' | 'detail' | 'previous_status' | 'status'>): string {
  const code = event.access_code ? `Code ${event.access_code}` : 'A code';
  switch (event.kind) {
    case 'code_redeemed':
      return `${code} opened the door`;
    case 'code_refused':
      return event.detail ? `${code} refused: ${event.detail}` : `${code} refused`;
    case 'code_created':
      return `${code} created`;
    case 'code_revoked':
      return `${code} revoked`;
    case 'status_changed':
      return `Status changed from ${statusWords(event.previous_status)} to ${statusWords(event.status)}`;
    case 'door_command':
      return `${commandWord(event.status)} requested${event.detail ? ` by ${event.detail}` : ''} in the app`;
    case 'command_expired':
      return `${commandWord(event.status)} not carried out: the unit ${commandNeverAnswered(event.detail) ? 'did not answer' : 'answered too late'}`;
    case 'door_state':
      return `Door ${doorWords(event.status)}${event.detail ? ` (${event.detail})` : ''}`;
    case 'door_left_open':
      return `Door left open${event.detail ? `: ${event.detail.toLowerCase()}` : ''}`;
    default:
      // A kind added on the server later still shows, in its own words.
      return statusLabel(String(event.kind));
  }
}
