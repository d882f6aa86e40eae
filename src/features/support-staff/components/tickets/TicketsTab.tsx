import { useMemo, useState } from 'react';
import { Group, NativeSelect, Stack, Switch, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch, IconTicket } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState.tsx';
import { nextSort } from '@/components/SortHeader.tsx';
import { LoadError } from '@/components/LoadError.tsx';
import { SkeletonList } from '@/components/SkeletonList.tsx';
import { useAppDatabase, useDataOwner, useUserDataStatus } from '@/db/react.tsx';
import { useSearch } from '@/lib/search.ts';
import { displayName } from '../../data/profiles.ts';
import { setTicketStatus, type SupportTicket, type TicketStatus } from '../../data/support-tickets.ts';
import { ALL_STATUSES, STATUS_FILTER_OPTIONS } from '../../ticket-labels.ts';
import { DEFAULT_TICKET_SORT, sortTickets, type TicketSort, type TicketSortKey } from '../../ticket-sort.ts';
import { useStaffTickets } from '../../use-tickets.ts';
import { OlderTickets } from './OlderTickets.tsx';
import { TicketCard } from './TicketCard.tsx';
import { TicketDialog } from './TicketDialog.tsx';
import { TicketTable, type QueueTicket } from './TicketTable.tsx';

/** Ticket list skeletons (the product's admin ticket list shows five). */
const SKELETONS = 5;

/** The phone's stand-in for the table's sortable headers. */
const SORT_OPTIONS: Array<{ value: string; label: string; sort: TicketSort }> = [
  { value: 'age-desc', label: 'Newest first', sort: DEFAULT_TICKET_SORT },
  { value: 'age-asc', label: 'Oldest first', sort: { key: 'age', direction: 'asc' } },
  { value: 'priority-desc', label: 'Most urgent first', sort: { key: 'priority', direction: 'desc' } },
  { value: 'status-desc', label: 'Open first', sort: { key: 'status', direction: 'desc' } },
];
const sortValue = (sort: TicketSort) => `${sort.key}-${sort.direction}`;

/**
 * Ticket Management: the tickets on this device (a staff device holds the working set, see
 * staff-window.ts; older ones are searched online below the list), newest first unless staff sort it, searchable (subject,
 * description, customer, category; typos and word order forgiven), filtered by status and to
 * those assigned to me. A dense sortable table from tablet width up, cards on phones.
 */
export function TicketsTab() {
  const db = useAppDatabase();
  const me = useDataOwner();
  const { retry } = useUserDataStatus();
  const { state, categories, people, writeStates } = useStaffTickets();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string>(ALL_STATUSES);
  const [mine, setMine] = useState(false);
  const [sort, setSort] = useState<TicketSort>(DEFAULT_TICKET_SORT);
  const [openId, setOpenId] = useState<string | null>(null);
  // Read at once (not after a first render as cards): the layout must not jump on a tablet.
  const phone = useMediaQuery('(max-width: 767.98px)', false, { getInitialValueInEffect: false }) ?? false;

  const tickets = useMemo<QueueTicket[]>(
    () =>
      (state.status === 'loaded' ? state.tickets : []).map((ticket) => ({
        ...ticket,
        customer: displayName(people.byId.get(ticket.user_id), ticket.user_id),
        category: categories.get(ticket.category_id) ?? 'Uncategorized',
        assignee: ticket.assigned_to ? displayName(people.byId.get(ticket.assigned_to), ticket.assigned_to) : null,
        writeState: writeStates.get(ticket.id),
      })),
    [state, people, categories, writeStates],
  );
  const found = useSearch(tickets, { fields: ['subject', 'description', 'customer', 'category'], idField: 'id', boost: { subject: 2 } }, search);
  const filtered = found.filter((ticket) => (status === ALL_STATUSES || ticket.status === status) && (!mine || ticket.assigned_to === me));
  // A search orders by relevance; without one, the chosen column does.
  const shown = search.trim() ? filtered : sortTickets(filtered, sort);
  const open = openId ? (tickets.find((ticket) => ticket.id === openId) ?? null) : null;
  const held = useMemo(() => new Set(tickets.map((ticket) => ticket.id)), [tickets]);

  const changeStatus = async (ticket: SupportTicket, next: TicketStatus) => {
    try {
      await setTicketStatus(db, ticket.id, next);
    } catch (error) {
      console.error(error);
      notifications.show({ title: 'Error', message: 'Failed to update ticket status', color: 'red' });
      return;
    }
    notifications.show({ title: 'Success', message: 'Ticket status updated successfully', color: 'green' });
  };

  return (
    <Stack gap="md">
      <Group gap="md" align="flex-end">
        <TextInput
          style={{ flex: '1 1 240px' }}
          label="Search tickets"
          placeholder="Search tickets..."
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <NativeSelect label="Status filter" data={STATUS_FILTER_OPTIONS} value={status} onChange={(event) => setStatus(event.currentTarget.value)} w={180} />
        {phone && (
          <NativeSelect
            label="Sort by"
            data={SORT_OPTIONS.map(({ value, label }) => ({ value, label }))}
            value={sortValue(sort)}
            onChange={(event) => setSort(SORT_OPTIONS.find((option) => option.value === event.currentTarget.value)?.sort ?? DEFAULT_TICKET_SORT)}
            w={180}
          />
        )}
        <Switch label="Assigned to me" checked={mine} onChange={(event) => setMine(event.currentTarget.checked)} mb={8} />
      </Group>

      {state.status === 'loading' && <SkeletonList count={SKELETONS} label="Loading tickets" lines={2} />}
      {state.status === 'error' && <LoadError title="Failed to load tickets" text="The tickets saved on this device could not be read." onRetry={retry ?? undefined} />}
      {state.status === 'loaded' && shown.length === 0 && (
        <EmptyState
          icon={<IconTicket size={28} />}
          title="No Tickets Found"
          text={tickets.length === 0 ? 'No support tickets have been created yet.' : 'No tickets match your search or filters.'}
        />
      )}
      {shown.length > 0 && !phone && (
        <TicketTable tickets={shown} sort={sort} onSort={(key: TicketSortKey) => setSort((current) => nextSort(current, key))} onStatus={(ticket, next) => void changeStatus(ticket, next)} onManage={(ticket) => setOpenId(ticket.id)} />
      )}
      {shown.length > 0 && phone && (
        <Stack gap="md" data-testid="staff-ticket-list">
          {shown.map((ticket) => (
            <TicketCard
              key={ticket.id}
              ticket={ticket}
              customer={ticket.customer}
              category={ticket.category}
              assignee={ticket.assignee}
              writeState={ticket.writeState}
              onStatus={(next) => void changeStatus(ticket, next)}
              onManage={() => setOpenId(ticket.id)}
            />
          ))}
        </Stack>
      )}

      {me && state.status === 'loaded' && <OlderTickets search={search} me={me} held={held} onOpened={setOpenId} />}

      <TicketDialog ticket={open} customer={open?.customer ?? ''} category={open?.category ?? ''} people={people} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
