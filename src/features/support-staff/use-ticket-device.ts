import { useEffect, useState } from 'react';
import { fetchTicketDevice, watchTicketDevice, type TicketDevice } from './data/ticket-device.ts';

export type TicketDeviceState = { status: 'loading' } | { status: 'error' } | { status: 'loaded'; device: TicketDevice | null };

/** A ticket's device, live (key the caller by device id: a new id starts at loading): loading, then the row (null if it is gone), updated as the server changes it. */
export function useTicketDevice(deviceId: string | null): TicketDeviceState {
  const [state, setState] = useState<TicketDeviceState>({ status: 'loading' });
  useEffect(() => {
    if (!deviceId) return;
    let live = true;
    let stop: (() => void) | undefined;
    // Subscribe first, then read: a change between the two is not lost.
    void watchTicketDevice(deviceId, (device) => live && setState({ status: 'loaded', device }))
      .then((unsubscribe) => {
        if (!live) return unsubscribe();
        stop = unsubscribe;
        return fetchTicketDevice(deviceId).then((device) => live && setState((s) => (s.status === 'loaded' && s.device ? s : { status: 'loaded', device })));
      })
      .catch(() => live && setState({ status: 'error' }));
    return () => {
      live = false;
      stop?.();
    };
  }, [deviceId]);
  return state;
}
