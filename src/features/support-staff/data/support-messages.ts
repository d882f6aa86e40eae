// A ticket's conversation, in the support_messages collection: staff pull the messages of the
// tickets they hold (staff-window.ts), internal notes included (RLS keeps those from customers).
// Replies and notes are inserts, local first: offline they wait, marked pending, and replication
// delivers them once.
import type { MangoQuery } from 'rxdb';
import type { SupportMessage } from '@/db/collections/index.ts';
import type { AppDatabase } from '@/db/database.ts';
import type { DocOf } from '@/db/react.tsx';

export type { SupportMessage };

/** The table's limit on a message (1..5000 characters after trimming). */
export const MESSAGE_MAX = 5000;

export function ticketMessagesQuery(ticketId: string): MangoQuery<DocOf<'support_messages'>> {
  return { selector: { ticket_id: ticketId }, sort: [{ created_at: 'asc' }, { id: 'asc' }] };
}

export async function addTicketMessage(
  db: AppDatabase | null,
  userId: string | null,
  input: { ticketId: string; message: string; isInternal: boolean },
): Promise<void> {
  const messages = db?.support_messages;
  if (!messages) throw new Error('The data on this device is not open yet');
  if (!userId) throw new Error('User not authenticated');
  const text = input.message.trim();
  if (!text) throw new Error('A message cannot be empty');
  if (text.length > MESSAGE_MAX) throw new Error(`A message must be at most ${MESSAGE_MAX} characters`);
  await messages.insert({
    id: crypto.randomUUID(),
    ticket_id: input.ticketId,
    user_id: userId,
    message: text,
    is_internal: input.isInternal,
    created_at: new Date().toISOString(),
  });
}
