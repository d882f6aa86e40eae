import type { RxJsonSchema } from 'rxdb';
import { boolean, enumText, nullableText, text, timestamp, uuid, uuidKey } from './fields.ts';
import type { CollectionSpec } from './types.ts';

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

const schema: RxJsonSchema<AppNotification> = {
  title: 'notifications',
  version: 0,
  primaryKey: 'id',
  type: 'object',
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
  additionalProperties: false,
};

export const notifications: CollectionSpec<AppNotification> = {
  name: 'notifications',
  table: 'notifications',
  schema,
  migrationStrategies: {},
  push: true,
  label: (doc) => `Notification '${doc.title ?? ''}'`,
};
