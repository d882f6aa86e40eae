import type { RxCollection } from 'rxdb';
import type { CollectionReplication } from './replicate.ts';
import type { RestClient } from './rest.ts';
import { emitFromServer } from './emit.ts';

/**
 * A staff device's working set of the help desk: the tickets staff work on, not the desk's whole
 * history (100k tickets would take minutes to pull and grow the device's storage for ever).
 * A ticket is in the window when it is open or in progress, assigned to this user, or changed in
 * the last `days` days (a new message counts as a change: the server moves the ticket's
 * updated_at). Its messages and notes come with it. Older tickets stay on the server, where the
 * staff search finds them online.
 *
 * - The pull asks only for the window (a filter beside the checkpoint), so a first sync brings
 *   the window and nothing else.
 * - A ticket that ages out of the window changes nothing on the server, so no pull reports it:
 *   `evictOutsideWindow` removes it and its messages from the device as a deletion from the
 *   server would, without a write (on start and with the visibility reconcile).
 * - A ticket that comes back (reopened, a new message) is pulled, or arrives live, because it
 *   changed; its older messages are behind the messages' checkpoint, so `watchArrivals` fetches
 *   them for each ticket new to the device.
 */
export const STAFF_WINDOW_DAYS = 30;

const WORKING_STATUSES = ['open', 'in_progress'];
const DAY_MS = 86_400_000;
const CHUNK = 100;

export interface StaffWindow {
  userId: string;
  days: number;
  now?: () => number;
}

interface WindowTicket {
  id: string;
  status: string;
  assigned_to: string | null;
  updated_at: string;
}

/** The subset of PostgREST's query builder the window filter uses. */
export interface PullQuery {
  or(filters: string, options?: { referencedTable?: string }): PullQuery;
  select(columns: string): PullQuery;
}

export function windowCutoff(window: StaffWindow): string {
  return new Date((window.now?.() ?? Date.now()) - window.days * DAY_MS).toISOString();
}

/** The window as PostgREST `or` disjuncts over a ticket's columns. */
function windowFilter(window: StaffWindow): string {
  return `status.in.(${WORKING_STATUSES.join(',')}),assigned_to.eq.${window.userId},updated_at.gt.${windowCutoff(window)}`;
}

/**
 * The pull filter of a collection on a staff device, or undefined (the collection is pulled
 * whole). Both filters sit beside the plugin's checkpoint `or`; PostgREST ANDs them.
 */
export function windowPullFilter(name: string, window: StaffWindow): ((query: PullQuery) => PullQuery) | undefined {
  if (name === 'support_tickets') return (query) => query.or(windowFilter(window));
  // Messages of tickets in the window: an empty inner embed filters without adding a column.
  if (name === 'support_messages') return (query) => query.select('*,support_tickets!inner()').or(windowFilter(window), { referencedTable: 'support_tickets' });
  return undefined;
}

export function inWindow(ticket: WindowTicket, window: StaffWindow, cutoff = windowCutoff(window)): boolean {
  return WORKING_STATUSES.includes(ticket.status) || ticket.assigned_to === window.userId || ticket.updated_at > cutoff;
}

export interface WindowCollections {
  tickets: { collection: RxCollection; replication: CollectionReplication };
  messages?: { collection: RxCollection; replication: CollectionReplication };
}

/**
 * Removes tickets outside the window, and their messages, from the device as the server's
 * deletions (nothing is pushed). Documents with a write in the sync center (`skip`) and tickets
 * the user keeps (`kept`: opened from the online search) stay. Returns the ticket ids removed.
 */
export async function evictOutsideWindow(
  sets: WindowCollections,
  window: StaffWindow,
  skip: { tickets: ReadonlySet<string>; messages: ReadonlySet<string> },
  kept: ReadonlySet<string> = new Set(),
): Promise<string[]> {
  const cutoff = windowCutoff(window);
  const candidates = await sets.tickets.collection
    .find({ selector: { status: { $nin: WORKING_STATUSES }, updated_at: { $lt: cutoff } } })
    .exec();
  const out = candidates
    .map((doc) => doc.toMutableJSON(true) as unknown as WindowTicket & Record<string, unknown>)
    .filter((ticket) => !inWindow(ticket, window, cutoff) && !skip.tickets.has(ticket.id) && !kept.has(ticket.id));
  if (out.length === 0) return [];
  if (!emitFromServer(sets.tickets.replication, out.map((ticket) => ({ ...ticket, _deleted: true })))) return [];
  const ids = out.map((ticket) => ticket.id);
  if (sets.messages) {
    for (let start = 0; start < ids.length; start += CHUNK) {
      const messages = await sets.messages.collection.find({ selector: { ticket_id: { $in: ids.slice(start, start + CHUNK) } } }).exec();
      const gone = messages.map((doc) => doc.toMutableJSON(true) as Record<string, unknown> & { id: string }).filter((doc) => !skip.messages.has(doc.id));
      if (gone.length > 0) emitFromServer(sets.messages.replication, gone.map((doc) => ({ ...doc, _deleted: true })));
    }
  }
  return ids;
}

/**
 * After the first sync, brings the messages of each ticket that arrives on the device later (a
 * new ticket, or one back in the window): the messages' pull has passed them. Returns a function
 * that forgets tickets (evicted ones, so that their return fetches again) and one that stops.
 */
export function watchArrivals(sets: Required<WindowCollections>, rest: RestClient): { forget(ids: readonly string[]): void; stop(): void } {
  const known = new Set<string>();
  const waiting = new Set<string>();
  let stopped = false;
  let flushing: Promise<void> | null = null;

  const flush = async (): Promise<void> => {
    while (waiting.size > 0 && !stopped) {
      const ids = [...waiting].slice(0, CHUNK);
      const { data, error } = await rest.from('support_messages').select('*').in('ticket_id', ids);
      // Unreachable: the ids stay queued and go with the next arrival or the next reconcile.
      if (error) return;
      ids.forEach((id) => waiting.delete(id));
      const rows = (data as Record<string, unknown>[]).map((row) => ({ ...row, _deleted: Boolean(row._deleted) }));
      if (rows.length > 0) emitFromServer(sets.messages.replication, rows);
    }
  };
  const kick = () => {
    flushing ??= flush().finally(() => {
      flushing = null;
    });
    return flushing;
  };

  let subscription: { unsubscribe(): void } | undefined;
  void Promise.all([sets.tickets.replication.awaitInitialReplication(), sets.messages.replication.awaitInitialReplication()])
    .then(async () => {
      if (stopped) return;
      for (const doc of await sets.tickets.collection.find().exec()) known.add(doc.primary);
      subscription = sets.tickets.replication.received$.subscribe((doc) => {
        const ticket = doc as unknown as { id: string; _deleted?: boolean };
        if (ticket._deleted || known.has(ticket.id)) return;
        known.add(ticket.id);
        waiting.add(ticket.id);
        void kick();
      });
    })
    .catch(() => undefined);

  return {
    forget(ids) {
      ids.forEach((id) => known.delete(id));
      if (waiting.size > 0) void kick();
    },
    stop() {
      stopped = true;
      subscription?.unsubscribe();
    },
  };
}
