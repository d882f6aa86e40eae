import type { TableSort } from '@/components/SortHeader.tsx';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '@/db/collections/support-tickets.ts';
import type { SupportTicket } from './data/support-tickets.ts';

/** What the staff queue can be ordered by: the columns a help desk triages on. */
export type TicketSortKey = 'age' | 'priority' | 'status';
/** 'desc' is the first click's order: newest, most urgent, earliest in the workflow first. */
export type TicketSort = TableSort<TicketSortKey>;

/** The queue's order until staff choose another: newest first, as the product always listed it. */
export const DEFAULT_TICKET_SORT: TicketSort = { key: 'age', direction: 'desc' };

type Sortable = Pick<SupportTicket, 'id' | 'priority' | 'status' | 'created_at'>;

// 'desc' puts the most pressing first: urgent before low, open before closed (the workflow's order).
const rank: Record<TicketSortKey, (ticket: Sortable) => number> = {
  age: (ticket) => Date.parse(ticket.created_at),
  priority: (ticket) => TICKET_PRIORITIES.indexOf(ticket.priority),
  status: (ticket) => TICKET_STATUSES.length - TICKET_STATUSES.indexOf(ticket.status),
};

/**
 * The tickets in the chosen order. Ties keep the queue newest first (then by id), so equal
 * priorities or statuses never shuffle as rows arrive live.
 */
export function sortTickets<T extends Sortable>(tickets: readonly T[], sort: TicketSort): T[] {
  const by = rank[sort.key];
  const sign = sort.direction === 'desc' ? -1 : 1;
  return [...tickets].sort((a, b) => sign * (by(a) - by(b)) || Date.parse(b.created_at) - Date.parse(a.created_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
