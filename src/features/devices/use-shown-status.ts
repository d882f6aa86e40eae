import { useEffect, useState } from 'react';
import type { Device } from '@/db/collections/devices.ts';
import { useOnlineStatus } from '@/lib/online-status.ts';
import { shownStatus, UNIT_SILENT_AFTER_MS } from './door.ts';

/**
 * shownStatus, re-rendered the moment a unit's silence makes it offline. While this phone is offline
 * it cannot hear any unit, so a unit keeps its last known status (its door says the phone is offline).
 */
export function useShownStatus(device: Pick<Device, 'device_type' | 'status' | 'last_seen'>): Device['status'] {
  const online = useOnlineStatus();
  const [now, setNow] = useState(() => Date.now());
  const { status, last_seen } = device;
  useEffect(() => {
    if (status !== 'online' || !last_seen) return;
    const silentIn = Date.parse(last_seen) + UNIT_SILENT_AFTER_MS - Date.now();
    // A few ms late rather than early: at the boundary itself the unit still counts as reachable.
    // Already past it (an old heartbeat delivered late), the clock this render used may be older
    // still: it is read again at once.
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, silentIn + 15));
    return () => clearTimeout(timer);
  }, [status, last_seen]);
  return online ? shownStatus(device, now) : device.status;
}
