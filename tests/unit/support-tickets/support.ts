import type { SupportCategory, SupportMessage, SupportTicket } from '@/db/collections/index.ts';
import { closePublished, publish, userDatabase } from '../data-layer/support.ts';

/** A user's real RxDB database with the support collections, without replication. */
export const ticketsDatabase = (userId: string) => userDatabase(userId, ['support_categories', 'support_tickets', 'support_messages', 'devices']);

export { closePublished as reset, publish };

export function category(over: Partial<SupportCategory> = {}): SupportCategory {
  return { id: crypto.randomUUID(), name: 'Technical Support', is_active: true, created_at: '2026-11-01T00:00:00.000Z', ...over };
}

export function ticket(userId: string, categoryId: string, over: Partial<SupportTicket> = {}): SupportTicket {
  const at = over.created_at ?? '2026-11-21T10:00:00.000Z';
  return {
    id: crypto.randomUUID(),
    user_id: userId,
    subject: 'Door stops halfway',
    description: 'The door stops halfway up and reverses.',
    category_id: categoryId,
    priority: 'medium',
    status: 'open',
    assigned_to: null,
    device_id: null,
    resolved_at: null,
    created_at: at,
    updated_at: at,
    ...over,
  };
}

export function supportMessage(userId: string, ticketId: string, over: Partial<SupportMessage> = {}): SupportMessage {
  return {
    id: crypto.randomUUID(),
    ticket_id: ticketId,
    user_id: userId,
    message: 'Hello',
    is_internal: false,
    author_name: null,
    created_at: '2026-11-21T11:00:00.000Z',
    ...over,
  };
}
