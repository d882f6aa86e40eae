import { enumText, nullableTimestamp, nullableUuid, text, timestamp, uuid, uuidKey } from './fields.ts';
import { defineTable } from './define.ts';

export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export const TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;

export interface SupportTicket {
  id: string;
  user_id: string;
  subject: string;
  description: string;
  category_id: string;
  priority: (typeof TICKET_PRIORITIES)[number];
  status: (typeof TICKET_STATUSES)[number];
  assigned_to: string | null;
  /** One of the customer's devices the ticket is about ('Get help' on a device card), or null. */
  device_id: string | null;
  resolved_at: string | null;
  created_at: string;
  updated_at: string;
}

export const supportTickets = defineTable<SupportTicket>({
  name: 'support_tickets',
  version: 1,
  properties: {
    id: uuidKey,
    user_id: uuid,
    subject: text(200),
    description: text(2000),
    category_id: uuid,
    priority: enumText,
    status: enumText,
    assigned_to: nullableUuid,
    device_id: nullableUuid,
    resolved_at: nullableTimestamp,
    created_at: timestamp,
    updated_at: timestamp,
  },
  required: ['id', 'user_id', 'subject', 'description', 'category_id', 'priority', 'status', 'created_at', 'updated_at'],
  // Version 1 added device_id: tickets stored before it name no device.
  migrationStrategies: { 1: (doc) => ({ ...doc, device_id: doc.device_id ?? null }) },
  push: true,
  label: (doc) => `Ticket '${doc.subject ?? ''}'`,
});
