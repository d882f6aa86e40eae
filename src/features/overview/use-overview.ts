import { useMemo } from 'react';
import { useCollectionQuery, useDataOwner, useUserDataStatus } from '@/db/react.tsx';
import { useAwaitingFirstSync } from '@/db/sync/synced-once.ts';
import { RECENT_ACTIVITY_LIMIT, mergeActivity, type ActivityItem } from './activity.ts';
import { myLiveCodesQuery } from './data/access-codes.ts';
import { myRecentDeviceEventsQuery } from './data/device-events.ts';
import { myDevicesQuery } from './data/devices.ts';
import { myUnreadNotificationsQuery } from './data/notifications.ts';
import { myOrdersInProgressQuery, myRecentOrdersQuery } from './data/orders.ts';
import { firstRunDone, firstRunSteps, type FirstRunSteps } from './first-run.ts';
import { systemBars, type SystemBars } from './health.ts';
import { countActiveCodes, countDevices, type DeviceCounts } from './summary.ts';
import { useNow } from './use-now.ts';

export interface OverviewData {
  devices: DeviceCounts;
  activeCodes: number;
  unread: number;
  ordersInProgress: number;
  activity: ActivityItem[];
  bars: SystemBars;
  /** The new customer's first steps; null once all were done (no checklist, 'Welcome back'). */
  firstRun: FirstRunSteps | null;
}

export type OverviewState = { status: 'loading' } | { status: 'error' } | { status: 'loaded'; data: OverviewData };

/**
 * Everything the overview shows, from the user's own data on this device (offline too) and live:
 * each number changes as replication brings new rows, and the code count as codes expire.
 */
export function useOverview(): { state: OverviewState; retry: () => void; userId: string | null } {
  const userId = useDataOwner();
  const now = useNow();
  const devices = useCollectionQuery('devices', myDevicesQuery(userId));
  const codes = useCollectionQuery('access_permissions', myLiveCodesQuery(userId));
  const unread = useCollectionQuery('notifications', myUnreadNotificationsQuery(userId));
  const inProgress = useCollectionQuery('orders', myOrdersInProgressQuery(userId));
  const recentOrders = useCollectionQuery('orders', myRecentOrdersQuery(userId, RECENT_ACTIVITY_LIMIT));
  const events = useCollectionQuery('device_events', myRecentDeviceEventsQuery(userId, RECENT_ACTIVITY_LIMIT));
  const { retry } = useUserDataStatus();
  const results = [devices, codes, unread, inProgress, recentOrders, events];
  // The numbers wait for the device's first sync (see useAwaitingFirstSync); the checklist also
  // waits for answers that reflect one, so a customer is never judged new by an unsynced device.
  const everSynced = results.every((result) => result.synced);
  const awaitingFirstSync = useAwaitingFirstSync(everSynced);
  const loading = results.some((result) => result.loading) || awaitingFirstSync;
  const error = results.find((result) => result.error)?.error ?? null;

  const data = useMemo<OverviewData>(() => {
    const names = new Map(devices.docs.map((device) => [device.id, device.name]));
    const guestCodes = codes.docs.filter((code) => code.permission_type === 'guest').length;
    const steps = firstRunSteps({ devices: devices.docs.length, guestCodes, orders: recentOrders.docs.length }, userId);
    return {
      devices: countDevices(devices.docs),
      activeCodes: countActiveCodes(codes.docs, now),
      unread: unread.docs.length,
      ordersInProgress: inProgress.docs.length,
      activity: mergeActivity(events.docs, recentOrders.docs, names),
      bars: systemBars(devices.docs),
      firstRun: !everSynced || firstRunDone(steps, userId) ? null : steps,
    };
  }, [devices.docs, codes.docs, unread.docs, inProgress.docs, recentOrders.docs, events.docs, now, userId, everSynced]);

  const state: OverviewState = error ? { status: 'error' } : loading ? { status: 'loading' } : { status: 'loaded', data };
  return { state, retry: retry ?? noop, userId };
}

const noop = () => {};
