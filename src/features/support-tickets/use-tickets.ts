import { useEffect, useMemo } from 'react';
import { notifications } from '@mantine/notifications';
import { useCollectionQuery, useDataOwner, useUserDataStatus } from '@/db/react.tsx';
import { useWriteStates, type WriteState } from '@/db/sync/write-states.ts';
import { myDevicesQuery, type Device } from './data/devices.ts';
import { categoriesQuery, type SupportCategory } from './data/support-categories.ts';
import { publicMessagesQuery, type SupportMessage } from './data/support-messages.ts';
import { myTicketsQuery, type SupportTicket } from './data/support-tickets.ts';

/** A ticket as the list shows it: with its category's name (empty until categories are on the device). */
export interface TicketView extends SupportTicket {
  category_name: string;
  /** The named device's name; '' for none (or one no longer on this device). */
  device_name: string;
}

export type TicketsState = { status: 'loading' } | { status: 'error' } | { status: 'loaded'; tickets: TicketView[] };

/**
 * The signed-in user's tickets from this device's database, newest first, with category names:
 * loading only until it first answers (offline too), then live as replication brings the
 * server's changes (a status set by staff). A database that cannot be read is reported once.
 */
export function useMyTickets(): { state: TicketsState; writeStates: ReadonlyMap<string, WriteState>; retry: () => void } {
  const userId = useDataOwner();
  const tickets = useCollectionQuery('support_tickets', myTicketsQuery(userId));
  const categories = useCollectionQuery('support_categories', categoriesQuery());
  const devices = useCollectionQuery('devices', myDevicesQuery(userId));
  const writeStates = useWriteStates(userId, 'support_tickets');
  const { retry } = useUserDataStatus();
  const failed = Boolean(tickets.error);

  useEffect(() => {
    if (failed) notifications.show({ title: 'Error', message: 'Failed to fetch support tickets', color: 'red' });
  }, [failed]);

  const views = useMemo(() => {
    const names = new Map(categories.docs.map((category) => [category.id, category.name]));
    const deviceNames = new Map(devices.docs.map((device) => [device.id, device.name]));
    return tickets.docs.map((ticket) => ({
      ...ticket,
      category_name: names.get(ticket.category_id) ?? '',
      device_name: (ticket.device_id && deviceNames.get(ticket.device_id)) || '',
    }));
  }, [tickets.docs, categories.docs, devices.docs]);

  const state: TicketsState = failed ? { status: 'error' } : tickets.loading ? { status: 'loading' } : { status: 'loaded', tickets: views };
  return { state, writeStates, retry: retry ?? noop };
}

/** The categories a new ticket may be filed under: the active ones, by name. */
export function useActiveCategories(): { categories: SupportCategory[]; loading: boolean } {
  const { docs, loading } = useCollectionQuery('support_categories', categoriesQuery());
  const categories = useMemo(() => docs.filter((category) => category.is_active), [docs]);
  return { categories, loading };
}

/** The customer's devices a new ticket may name. */
export function useMyDevices(): Device[] {
  const userId = useDataOwner();
  return useCollectionQuery('devices', myDevicesQuery(userId)).docs;
}

/** A ticket's public conversation, oldest first, live as replies arrive; with each message's write state. */
export function useConversation(ticketId: string): {
  messages: SupportMessage[];
  loading: boolean;
  failed: boolean;
  writeStates: ReadonlyMap<string, WriteState>;
} {
  const userId = useDataOwner();
  const { docs, loading, error } = useCollectionQuery('support_messages', publicMessagesQuery(ticketId));
  const writeStates = useWriteStates(userId, 'support_messages');
  return { messages: docs, loading, failed: Boolean(error), writeStates };
}

const noop = () => {};
