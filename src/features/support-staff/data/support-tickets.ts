// The tickets in the support_tickets collection on this device: a staff device holds its working
// set (src/db/replication/staff-window.ts); older ones are searched online (older-tickets.ts).
// Status and assignment changes are local first and reach the server by replication; the server
// sets resolved_at itself when a ticket becomes resolved (trigger b_set_ticket_resolved_at).
import type { MangoQuery } from 'rxdb';
import type { SupportTicket } from '@/db/collections/index.ts';
import type { AppDatabase } from '@/db/database.ts';
import type { DocOf } from '@/db/react.tsx';

export type { SupportTicket };
export type TicketStatus = SupportTicket['status'];

/** Newest first; the id breaks ties. */
export const allTicketsQuery: MangoQuery<DocOf<'support_tickets'>> = { selector: {}, sort: [{ created_at: 'desc' }, { id: 'desc' }] };

async function findTicket(db: AppDatabase | null, id: string) {
  const tickets = db?.support_tickets;
  if (!tickets) throw new Error('The data on this device is not open yet');
  const doc = await tickets.findOne(id).exec();
  if (!doc) throw new Error('This ticket is no longer on this device');
  return doc;
}

export async function setTicketStatus(db: AppDatabase | null, id: string, status: TicketStatus): Promise<void> {
  const doc = await findTicket(db, id);
  await doc.incrementalPatch({ status, updated_at: new Date().toISOString() });
}

/** Assigns the ticket to a staff member, or unassigns it (null); the server checks the role. */
export async function assignTicket(db: AppDatabase | null, id: string, staffId: string | null): Promise<void> {
  const doc = await findTicket(db, id);
  await doc.incrementalPatch({ assigned_to: staffId, updated_at: new Date().toISOString() });
}
