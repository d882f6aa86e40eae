import type { NotificationDoc } from './data/notifications.ts';

/** What kind of notification it is, in words next to its title. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationDoc['type'], string> = {
  order_status: 'Order update',
  ticket_reply: 'Ticket reply',
  ticket_status: 'Ticket update',
  system: 'System',
};

export function notificationTypeLabel(type: string): string {
  return (NOTIFICATION_TYPE_LABELS as Record<string, string>)[type] ?? 'Notification';
}
