import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useCollectionQuery, useDataOwner } from '@/db/react.tsx';
import { useWriteStates, type WriteState } from '@/db/sync/write-states.ts';
import { profilesQuery, staffQuery, type PersonProfile } from './data/profiles.ts';
import { allCategoriesQuery } from './data/support-categories.ts';
import { allTicketsQuery, type SupportTicket } from './data/support-tickets.ts';

export type TicketsState = { status: 'loading' } | { status: 'error' } | { status: 'loaded'; tickets: SupportTicket[] };

export interface People {
  /** Ticket owners and staff by user id (whatever has loaded so far). */
  byId: ReadonlyMap<string, PersonProfile>;
  staff: PersonProfile[];
}

/**
 * The tickets on this device (the staff working set), newest first and live (a customer's new ticket
 * appears as replication brings it), with the category names, the people on the tickets (online,
 * the last answer kept for offline) and which tickets have a change still on its way.
 */
export function useStaffTickets(): {
  state: TicketsState;
  categories: ReadonlyMap<string, string>;
  people: People;
  writeStates: ReadonlyMap<string, WriteState>;
} {
  const userId = useDataOwner();
  const { docs, loading, error } = useCollectionQuery('support_tickets', allTicketsQuery);
  const { docs: categoryDocs } = useCollectionQuery('support_categories', allCategoriesQuery);
  const writeStates = useWriteStates(userId, 'support_tickets');
  const owners = useMemo(() => docs.map((ticket) => ticket.user_id), [docs]);
  const ownerProfiles = useQuery(profilesQuery(owners));
  const staffProfiles = useQuery(staffQuery);

  const categories = useMemo(() => new Map(categoryDocs.map((category) => [category.id, category.name])), [categoryDocs]);
  const people = useMemo<People>(() => {
    const staff = staffProfiles.data ?? [];
    const byId = new Map<string, PersonProfile>();
    for (const profile of [...(ownerProfiles.data ?? []), ...staff]) byId.set(profile.user_id, profile);
    return { byId, staff };
  }, [ownerProfiles.data, staffProfiles.data]);

  // Stable while the documents are: the list's search index is rebuilt only when they change.
  const failed = Boolean(error);
  const state = useMemo<TicketsState>(() => (failed ? { status: 'error' } : loading ? { status: 'loading' } : { status: 'loaded', tickets: docs }), [failed, loading, docs]);
  return { state, categories, people, writeStates };
}
