import type { RxJsonSchema } from 'rxdb';
import { boolean, text, timestamp, uuid, uuidKey } from './fields.ts';
import type { CollectionSpec } from './types.ts';

export interface SupportMessage {
  id: string;
  ticket_id: string;
  user_id: string;
  message: string;
  /** Staff-only notes: a customer's device never receives them (RLS filters the pull and Realtime). */
  is_internal: boolean;
  created_at: string;
}

const schema: RxJsonSchema<SupportMessage> = {
  title: 'support_messages',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: uuidKey,
    ticket_id: uuid,
    user_id: uuid,
    message: text(5000),
    is_internal: boolean,
    created_at: timestamp,
  },
  required: ['id', 'ticket_id', 'user_id', 'message', 'is_internal', 'created_at'],
  additionalProperties: false,
  indexes: ['ticket_id'],
};

const PREVIEW = 40;

export const supportMessages: CollectionSpec<SupportMessage> = {
  name: 'support_messages',
  table: 'support_messages',
  schema,
  migrationStrategies: {},
  push: true,
  label: (doc) => {
    const text = (doc.message ?? '').trim();
    return `${doc.is_internal ? 'Internal note' : 'Message'} '${text.length > PREVIEW ? `${text.slice(0, PREVIEW)}…` : text}'`;
  },
};
