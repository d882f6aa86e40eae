// The door of an indoor unit as the app shows it: the unit's reported state in words, whether the
// app may send a command now, and which one. Pure, so the card, the dialog and the tests agree.
import type { Device, DoorState } from '@/db/collections/devices.ts';

export type DoorAction = 'open' | 'close';

/** A unit that has not reported for this long is taken as offline (it heartbeats every 30 s). */
export const UNIT_SILENT_AFTER_MS = 90_000;
/** The unit warns (lights and a beep) this long before an unattended close starts moving. */
export const CLOSE_WARNING_MS = 5_000;

export function hasDoor(device: Pick<Device, 'device_type'>): boolean {
  return device.device_type === 'indoor_unit';
}

/** The unit is online and reported recently enough to be told anything. */
export function unitReachable(device: Pick<Device, 'status' | 'last_seen'>, now: number): boolean {
  if (device.status !== 'online' || !device.last_seen) return false;
  return now - Date.parse(device.last_seen) < UNIT_SILENT_AFTER_MS;
}

/**
 * The status the app shows. A unit reports 'online' with each heartbeat; one that loses power or
 * its network stops without a word, and the database keeps saying 'online'. Silent past
 * UNIT_SILENT_AFTER_MS it reads as offline, as its door does (the card said Online above a door
 * that said the unit was offline).
 */
export function shownStatus(device: Pick<Device, 'device_type' | 'status' | 'last_seen'>, now: number): Device['status'] {
  const heartbeats = device.device_type === 'indoor_unit' || device.device_type === 'outdoor_unit';
  return heartbeats && device.status === 'online' && !unitReachable(device, now) ? 'offline' : device.status;
}

/** What the one big button does for a door in this state. */
export function doorActionFor(state: DoorState | null | undefined): DoorAction {
  return state === 'open' || state === 'opening' || state === 'stopped' ? 'close' : 'open';
}

/** The door in words: "Closed", "Opening…", "Closing in 3 s…". */
export function doorStateText(state: DoorState | null | undefined, since: string | null | undefined, now: number): string {
  switch (state) {
    case 'closed':
      return 'Closed';
    case 'opening':
      return 'Opening…';
    case 'open':
      return 'Open';
    case 'closing_soon': {
      const left = since ? Math.ceil((CLOSE_WARNING_MS - (now - Date.parse(since))) / 1000) : 5;
      return `Closing in ${Math.min(5, Math.max(1, left))} s…`;
    }
    case 'closing':
      return 'Closing…';
    case 'stopped':
      return 'Stopped';
    default:
      return 'Unknown';
  }
}

/**
 * In how many ms what the door control shows changes by itself: the next second of the "Closing in
 * N s…" countdown, or the moment the unit counts as silent. Null when nothing changes until the
 * device row does. The control wakes then, not every second.
 */
export function nextDoorChange(device: Pick<Device, 'status' | 'last_seen' | 'door_state' | 'door_state_at'>, now: number): number | null {
  const waits: number[] = [];
  if (device.door_state === 'closing_soon' && device.door_state_at) {
    const elapsed = now - Date.parse(device.door_state_at);
    if (elapsed < CLOSE_WARNING_MS) waits.push(1000 - (((elapsed % 1000) + 1000) % 1000));
  }
  if (device.status === 'online' && device.last_seen) {
    const silentIn = Date.parse(device.last_seen) + UNIT_SILENT_AFTER_MS - now;
    if (silentIn > 0) waits.push(silentIn);
  }
  return waits.length > 0 ? Math.min(...waits) : null;
}

/** Why the button is disabled, or null when a command may be sent. */
export function doorUnavailableReason(device: Pick<Device, 'status' | 'last_seen'>, online: boolean, now: number): string | null {
  if (!online) return 'You are offline. Door commands are sent only while connected, never later.';
  if (device.status === 'maintenance') return 'The unit is in maintenance mode, so the door cannot be opened or closed from the app.';
  if (device.status === 'error') return 'The unit reports an error, so the door cannot be opened or closed from the app.';
  if (!unitReachable(device, now)) return 'The unit is offline, so the door cannot be opened or closed from the app.';
  return null;
}
