// The signed-in user's support tickets, in the support_tickets collection on this device
// (replicated with public.support_tickets). A new ticket is written here first, with an id made on
// this device, so it exists offline and is delivered once: replication pushes it, and the same id
// sent twice is the same row. Staff replicate every ticket (RLS), so the user_id selector keeps
// this page to the user's own.
import type { MangoQuery } from 'rxdb';
import type { SupportTicket } from '@/db/collections/support-tickets.ts';
import type { AppDatabase } from '@/db/database.ts';
import type { DocOf } from '@/db/react.tsx';
import type { NewTicketInput } from '../schemas.ts';

export type { SupportTicket };

/** Newest first; the id breaks ties so two tickets opened in one instant keep their places. */
export function myTicketsQuery(userId: string | null): MangoQuery<DocOf<'support_tickets'>> {
  return { selector: { user_id: userId ?? '' }, sort: [{ created_at: 'desc' }, { id: 'desc' }] };
}

/**
 * A new ticket's document. Status 'open' and no assignee are what the server sets for a
 * customer's ticket anyway (it ignores what a customer sends); the timestamps are this device's
 * until the server's arrive.
 */
export function newTicketDoc(userId: string, input: NewTicketInput, now: Date = new Date(), id: string = crypto.randomUUID()): SupportTicket {
  const at = now.toISOString();
  return {
    id,
    user_id: userId,
    subject: input.subject,
    description: input.description,
    category_id: input.category_id,
    priority: input.priority,
    status: 'open',
    assigned_to: null,
    device_id: input.device_id || null,
    resolved_at: null,
    created_at: at,
    updated_at: at,
  };
}

export async function createTicket(db: AppDatabase | null, userId: string | null, input: NewTicketInput): Promise<SupportTicket> {
  // Every create action requires a signed-in user.
  if (!userId) throw new Error('User not authenticated');
  const collection = db?.support_tickets;
  if (!collection) throw new Error('The data on this device is not open yet');
  const doc = await collection.insert(newTicketDoc(userId, input));
  return doc.toJSON() as SupportTicket;
}
