// The signed-in user's unread notifications (public.notifications, replicated): the Unread
// Notifications card.
import type { MangoQuery } from 'rxdb';
import type { DocOf } from '@/db/react.tsx';

export function myUnreadNotificationsQuery(userId: string | null): MangoQuery<DocOf<'notifications'>> {
  return { selector: { user_id: userId ?? '', is_read: false } };
}
