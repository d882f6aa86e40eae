// A ticket's conversation, in the support_messages collection on this device (replicated with
// public.support_messages). A reply is written here first with an id made on this device, so it
// is kept offline and delivered once. Customers never receive internal notes (RLS); staff do, so
// the query leaves them out here too: this page is the customer's view of a ticket.
import type { MangoQuery } from 'rxdb';
import type { SupportMessage } from '@/db/collections/support-messages.ts';
import type { AppDatabase } from '@/db/database.ts';
import type { DocOf } from '@/db/react.tsx';

export type { SupportMessage };

/** Oldest first, so the newest is at the bottom of the conversation. */
export function publicMessagesQuery(ticketId: string): MangoQuery<DocOf<'support_messages'>> {
  return { selector: { ticket_id: ticketId, is_internal: false }, sort: [{ created_at: 'asc' }, { id: 'asc' }] };
}

/** A reply's document. The server writes the author's name when it stores the message. */
export function newMessageDoc(userId: string, ticketId: string, message: string, now: Date = new Date(), id: string = crypto.randomUUID()): SupportMessage {
  return { id, ticket_id: ticketId, user_id: userId, message, is_internal: false, created_at: now.toISOString() };
}

export async function sendMessage(db: AppDatabase | null, userId: string | null, ticketId: string, message: string): Promise<SupportMessage> {
  if (!userId) throw new Error('User not authenticated');
  const collection = db?.support_messages;
  if (!collection) throw new Error('The data on this device is not open yet');
  const doc = await collection.insert(newMessageDoc(userId, ticketId, message));
  return doc.toJSON() as SupportMessage;
}
