// The signed-in user's notifications, read from the notifications collection on this device
// (replicated from public.notifications, which only server triggers write). The one change a
// user may make is is_read: marking read is a local write that replicates, so it works offline.
import type { MangoQuery } from 'rxdb';
import type { AppDatabase } from '@/db/database.ts';
import type { DocOf } from '@/db/react.tsx';

export type NotificationDoc = DocOf<'notifications'>;

/** Newest first; the id breaks ties so two notifications of one instant keep their places. */
export function myNotificationsQuery(userId: string | null): MangoQuery<NotificationDoc> {
  return { selector: { user_id: userId ?? '' }, sort: [{ created_at: 'desc' }, { id: 'desc' }] };
}

/** The user's unread notifications (the sidebar's count). */
export function unreadNotificationsQuery(userId: string | null): MangoQuery<NotificationDoc> {
  return { selector: { user_id: userId ?? '', is_read: false } };
}

/** Marks one notification read (nothing to do if it already is, or is gone). */
export async function markNotificationRead(db: AppDatabase, id: string): Promise<void> {
  const doc = await collection(db).findOne(id).exec();
  if (doc && !doc.is_read) await doc.incrementalPatch({ is_read: true });
}

/** Marks every unread notification of the user read; resolves to how many were marked. */
export async function markAllNotificationsRead(db: AppDatabase, userId: string): Promise<number> {
  const unread = await collection(db).find(unreadNotificationsQuery(userId)).exec();
  await Promise.all(unread.map((doc) => doc.incrementalPatch({ is_read: true })));
  return unread.length;
}

function collection(db: AppDatabase) {
  if (!db.notifications) throw new Error('The notifications are not open on this device');
  return db.notifications;
}
