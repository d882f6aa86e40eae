import { useCallback, useMemo } from 'react';
import { notifications as toasts } from '@mantine/notifications';
import { useAppDatabase, useCollectionQuery, useDataOwner, useUserDataStatus } from '@/db/react.tsx';
import { useWriteStates, type WriteState } from '@/db/sync/write-states.ts';
import { markAllNotificationsRead, markNotificationRead, myNotificationsQuery, type NotificationDoc } from './data/notifications.ts';

export type NotificationsState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'loaded'; items: NotificationDoc[]; unread: number };

export interface NotificationsApi {
  state: NotificationsState;
  /** Marks that were made here and are not on the server yet ('pending'), or were refused ('failed'). */
  writes: ReadonlyMap<string, WriteState>;
  markRead: (id: string) => Promise<void>;
  markAllRead: () => Promise<void>;
  retry: () => void;
}

function failed() {
  toasts.show({ title: 'Error', message: 'Failed to mark notifications as read', color: 'red' });
}

/**
 * The signed-in user's notifications from this device's database, newest first and live (new
 * ones appear as replication brings them), with the two things a user may do: mark one read, and
 * mark all read. Both are local writes that reach the server when there is a connection.
 */
export function useNotifications(): NotificationsApi {
  const userId = useDataOwner();
  const db = useAppDatabase();
  const { docs, loading, error } = useCollectionQuery('notifications', myNotificationsQuery(userId));
  const writes = useWriteStates(userId, 'notifications');
  const { retry } = useUserDataStatus();

  const markRead = useCallback(async (id: string) => {
    if (!db) return;
    await markNotificationRead(db, id).catch(failed);
  }, [db]);

  const markAllRead = useCallback(async () => {
    if (!db || !userId) return;
    await markAllNotificationsRead(db, userId).catch(failed);
  }, [db, userId]);

  const state = useMemo<NotificationsState>(() => {
    if (error) return { status: 'error' };
    if (loading) return { status: 'loading' };
    return { status: 'loaded', items: docs, unread: docs.filter((doc) => !doc.is_read).length };
  }, [docs, loading, error]);

  return { state, writes, markRead, markAllRead, retry: retry ?? noop };
}

const noop = () => {};
