import { TICKET_STATUSES } from '@/db/collections/support-tickets.ts';
import { statusLabel } from '@/lib/status.ts';

export { TICKET_STATUSES };

/** The per-ticket status selector: Open, In Progress, Resolved, Closed. */
export const STATUS_OPTIONS = TICKET_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }));

/** The list's filter: every status, or one. */
export const ALL_STATUSES = 'all';
export const STATUS_FILTER_OPTIONS = [{ value: ALL_STATUSES, label: 'All Statuses' }, ...STATUS_OPTIONS];

export const UNASSIGNED = '';
