import { useCollectionQuery, useDataOwner } from '@/db/react.tsx';
import { unreadNotificationsQuery } from './data/notifications.ts';

/**
 * How many of the signed-in user's notifications are unread, live from this device's database
 * (offline too): it rises as replication brings new ones and drops as they are marked read.
 * 0 while the database opens.
 */
export function useUnreadNotificationCount(): number {
  const userId = useDataOwner();
  const { docs } = useCollectionQuery('notifications', unreadNotificationsQuery(userId));
  return docs.length;
}
