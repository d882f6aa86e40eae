import { boolean, nullableText, text, timestamp, uuid, uuidKey } from './fields.ts';
import { defineTable } from './define.ts';

export interface SupportMessage {
  id: string;
  ticket_id: string;
  user_id: string;
  message: string;
  /** Staff-only notes: a customer's device never receives them (RLS filters the pull and Realtime). */
  is_internal: boolean;
  /**
   * The author's display name, written by the server on insert (customers cannot read staff
   * profiles); null on a message not on the server yet. Absent only on documents stored before
   * version 1 until their next pull.
   */
  author_name?: string | null;
  created_at: string;
}

const PREVIEW = 40;

export const supportMessages = defineTable<SupportMessage>({
  name: 'support_messages',
  version: 1,
  properties: {
    id: uuidKey,
    ticket_id: uuid,
    user_id: uuid,
    message: text(5000),
    is_internal: boolean,
    author_name: nullableText(320),
    created_at: timestamp,
  },
  required: ['id', 'ticket_id', 'user_id', 'message', 'is_internal', 'created_at'],
  indexes: ['ticket_id'],
  // Version 1 added author_name: stored messages are kept as they are, and the replication (whose
  // identifier carries the version) pulls every message again with it.
  migrationStrategies: { 1: (doc) => doc },
  push: true,
  label: (doc) => {
    const text = (doc.message ?? '').trim();
    return `${doc.is_internal ? 'Internal note' : 'Message'} '${text.length > PREVIEW ? `${text.slice(0, PREVIEW)}…` : text}'`;
  },
});
