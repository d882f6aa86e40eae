import { useCallback, useMemo } from 'react';
import { useCollectionQuery, useDataOwner, useUserDataStatus } from '@/db/react.tsx';
import { useWriteStates } from '@/db/sync/write-states.ts';
import { myPermissionsQuery } from './data/access-permissions.ts';
import { myDevicesQuery } from './data/devices.ts';
import { orderByIdQuery } from './data/orders.ts';
import type { DeviceChoice, OrderFacts } from './prefill.ts';

const NO_ORDER = '00000000-0000-0000-0000-000000000000';

/**
 * What the access page reads from this device's database, live: the user's permissions (newest
 * first), their devices, the write states of the permissions, and the order a delivery code is
 * for (when the page was opened from one).
 */
export function useAccessData(orderId: string | undefined) {
  const userId = useDataOwner();
  const { retry } = useUserDataStatus();
  const permissions = useCollectionQuery('access_permissions', myPermissionsQuery(userId));
  const devices = useCollectionQuery('devices', myDevicesQuery(userId));
  const order = useCollectionQuery('orders', orderByIdQuery(userId, orderId ?? NO_ORDER));
  const writeStates = useWriteStates(userId, 'access_permissions');

  const deviceChoices: DeviceChoice[] = useMemo(() => devices.docs.map(({ id, name, device_type, time_zone }) => ({ id, name, device_type, time_zone })), [devices.docs]);
  const byId = useMemo(() => new Map(deviceChoices.map((device) => [device.id, device])), [deviceChoices]);
  const deviceName = useCallback((id: string) => byId.get(id)?.name ?? 'Unknown device', [byId]);
  /** The home's time zone of a device, in which its codes' schedules are read. */
  const deviceZone = useCallback((id: string) => byId.get(id)?.time_zone, [byId]);
  const orderFacts: OrderFacts | null = orderId ? (order.docs[0] ?? null) : null;

  return {
    userId,
    retry,
    permissions,
    devices: deviceChoices,
    devicesLoading: devices.loading,
    deviceName,
    deviceZone,
    order: orderFacts,
    orderLoading: orderId !== undefined && order.loading,
    writeStates,
  };
}
