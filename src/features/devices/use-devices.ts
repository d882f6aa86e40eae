import { useEffect } from 'react';
import { notifications } from '@mantine/notifications';
import { useCollectionQuery, useDataOwner, useUserDataStatus } from '@/db/react.tsx';
import { useWriteStates, type WriteState } from '@/db/sync/write-states.ts';
import { deviceEventsQuery, type DeviceEvent } from './data/device-events.ts';
import { myDevicesQuery, type Device } from './data/devices.ts';

export type DevicesState = { status: 'loading' } | { status: 'error' } | { status: 'loaded'; devices: Device[] };

/**
 * The signed-in user's devices from this device's database, newest first: loading only until it
 * first answers (offline too), then live as replication brings the server's changes (a status
 * reported by the unit, an edit in another browser). When the database cannot be read the user is
 * told once with a toast; `retry` opens it again.
 */
export function useMyDevices(): { state: DevicesState; writeStates: ReadonlyMap<string, WriteState>; retry: () => void } {
  const userId = useDataOwner();
  const { docs, loading, error } = useCollectionQuery('devices', myDevicesQuery(userId));
  const writeStates = useWriteStates(userId, 'devices');
  const { retry } = useUserDataStatus();
  const failed = Boolean(error);

  useEffect(() => {
    if (failed) notifications.show({ title: 'Error', message: 'Failed to fetch devices', color: 'red' });
  }, [failed]);

  const state: DevicesState = failed ? { status: 'error' } : loading ? { status: 'loading' } : { status: 'loaded', devices: docs };
  return { state, writeStates, retry: retry ?? noop };
}

/** One device's door log, newest first (at most DOOR_LOG_LIMIT), live as events arrive. */
export function useDeviceEvents(deviceId: string): { events: DeviceEvent[]; loading: boolean; failed: boolean } {
  const userId = useDataOwner();
  const { docs, loading, error } = useCollectionQuery('device_events', deviceEventsQuery(userId, deviceId));
  return { events: docs, loading, failed: Boolean(error) };
}

const noop = () => {};
