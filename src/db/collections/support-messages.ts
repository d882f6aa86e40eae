import { boolean, text, timestamp, uuid, uuidKey } from './fields.ts';
import { defineTable } from './define.ts';

export interface SupportMessage {
  id: string;
  ticket_id: string;
  user_id: string;
  message: string;
  /** Staff-only notes: a customer's device never receives them (RLS filters the pull and Realtime). */
  is_internal: boolean;
  created_at: string;
}

const PREVIEW = 40;

export const supportMessages = defineTable<SupportMessage>({
  name: 'support_messages',
  version: 0,
  properties: {
    id: uuidKey,
    ticket_id: uuid,
    user_id: uuid,
    message: text(5000),
    is_internal: boolean,
    created_at: timestamp,
  },
  required: ['id', 'ticket_id', 'user_id', 'message', 'is_internal', 'created_at'],
  indexes: ['ticket_id'],
  push: true,
  label: (doc) => {
    const text = (doc.message ?? '').trim();
    return `${doc.is_internal ? 'Internal note' : 'Message'} '${text.length > PREVIEW ? `${text.slice(0, PREVIEW)}…` : text}'`;
  },
});
