// The recent activity: the newest door-log and device events and the newest orders, merged into
// one list, newest first.
import { statusLabel } from '@/lib/status.ts';
import type { DeviceEventDoc } from './data/device-events.ts';
import type { OrderDoc } from './data/orders.ts';
import { commandNeverAnswered } from '@/lib/command-expired.ts';

/** How many entries the list shows. */
export const RECENT_ACTIVITY_LIMIT = 8;

export type ActivityItem =
  | { kind: 'device_event'; id: string; at: string; text: string; event: DeviceEventDoc['kind'] }
  | { kind: 'order'; id: string; at: string; text: string; status: OrderDoc['status'] };

type EventFields = Pick<DeviceEventDoc, 'id' | 'device_id' | 'kind' | 'access_code' | 'detail' | 'previous_status' | 'status' | 'created_at'>;
type OrderFields = Pick<OrderDoc, 'id' | 'order_number' | 'status' | 'created_at'>;

/** A device the user has since removed is no longer on the device list. */
const REMOVED_DEVICE = 'a removed device';

/** One event in words, with the device's name. */
export function deviceEventText(event: EventFields, deviceName: string | undefined): string {
  const device = deviceName ?? REMOVED_DEVICE;
  const code = event.access_code ? `Access code ${event.access_code}` : 'An access code';
  switch (event.kind) {
    case 'code_created':
      return `${code} created for ${device}`;
    case 'code_revoked':
      return `${code} revoked for ${device}`;
    case 'code_redeemed':
      return `${code} used at ${device}`;
    case 'code_refused':
      return `${code} refused at ${device}${event.detail ? ` (${event.detail})` : ''}`;
    case 'status_changed': {
      const now = statusLabel(event.status ?? 'unknown');
      return event.previous_status ? `${capitalise(device)} went from ${statusLabel(event.previous_status)} to ${now}` : `${capitalise(device)} is now ${now}`;
    }
    case 'door_command':
      return `${event.status === 'close' ? 'Close' : 'Open'} ${device} requested${event.detail ? ` by ${event.detail}` : ''}`;
    case 'command_expired':
      return commandNeverAnswered(event.detail)
        ? `${capitalise(device)} did not answer a command; the door did not move`
        : `${capitalise(device)} answered a command too late; the door did not move`;
    case 'door_left_open':
      return `${capitalise(device)} left open${event.detail ? ` (${event.detail.toLowerCase()})` : ''}`;
    case 'door_state':
      return `${capitalise(device)}: door ${statusLabel(event.status ?? 'unknown').toLowerCase()}${event.detail ? ` (${event.detail})` : ''}`;
    default:
      return `Activity at ${device}`;
  }
}

/** "Order #100042 placed" (the uuid's first 8 characters until the number has arrived). */
export function orderText(order: OrderFields): string {
  return `Order #${order.order_number ?? order.id.slice(0, 8).toUpperCase()} placed`;
}

/** Events and orders in one list, newest first (ties broken by id), at most `limit`. */
export function mergeActivity(
  events: readonly EventFields[],
  orders: readonly OrderFields[],
  deviceNames: ReadonlyMap<string, string>,
  limit = RECENT_ACTIVITY_LIMIT,
): ActivityItem[] {
  const items: ActivityItem[] = [
    ...events.map((event): ActivityItem => ({ kind: 'device_event', id: event.id, at: event.created_at, text: deviceEventText(event, deviceNames.get(event.device_id)), event: event.kind })),
    ...orders.map((order): ActivityItem => ({ kind: 'order', id: order.id, at: order.created_at, text: orderText(order), status: order.status })),
  ];
  items.sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  return items.slice(0, limit);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
