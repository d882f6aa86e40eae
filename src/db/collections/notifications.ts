import { boolean, enumText, nullableText, text, timestamp, uuid, uuidKey } from './fields.ts';
import { defineTable } from './define.ts';

export const NOTIFICATION_TYPES = ['ticket_reply', 'ticket_status', 'order_status', 'system'] as const;

export interface AppNotification {
  id: string;
  user_id: string;
  type: (typeof NOTIFICATION_TYPES)[number];
  title: string;
  body: string | null;
  link: string | null;
  is_read: boolean;
  created_at: string;
}

export const notifications = defineTable<AppNotification>({
  name: 'notifications',
  version: 0,
  properties: {
    id: uuidKey,
    user_id: uuid,
    type: enumText,
    title: text(200),
    body: nullableText(2000),
    link: nullableText(500),
    is_read: boolean,
    created_at: timestamp,
  },
  required: ['id', 'user_id', 'type', 'title', 'is_read', 'created_at'],
  push: true,
  label: (doc) => `Notification '${doc.title ?? ''}'`,
});
