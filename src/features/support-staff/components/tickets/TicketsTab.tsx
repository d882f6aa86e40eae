import { useMemo, useState } from 'react';
import { Group, NativeSelect, Stack, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSearch, IconTicket } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState.tsx';
import { LoadError } from '@/components/LoadError.tsx';
import { SkeletonList } from '@/components/SkeletonList.tsx';
import { useAppDatabase, useDataOwner, useUserDataStatus } from '@/db/react.tsx';
import { useSearch } from '@/lib/search.ts';
import { displayName } from '../../data/profiles.ts';
import { setTicketStatus, type SupportTicket, type TicketStatus } from '../../data/support-tickets.ts';
import { ALL_STATUSES, STATUS_FILTER_OPTIONS } from '../../ticket-labels.ts';
import { useStaffTickets } from '../../use-tickets.ts';
import { TicketCard } from './TicketCard.tsx';
import { TicketDialog } from './TicketDialog.tsx';

/** Ticket list skeletons (the product's admin ticket list shows five). */
const SKELETONS = 5;

type SearchableTicket = SupportTicket & { customer: string; category: string };

/**
 * Ticket Management: every ticket, newest first, searchable (subject, description, customer,
 * category; typos and word order forgiven), filtered by status and to those assigned to me.
 */
export function TicketsTab() {
  const db = useAppDatabase();
  const me = useDataOwner();
  const { retry } = useUserDataStatus();
  const { state, categories, people, writeStates } = useStaffTickets();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string>(ALL_STATUSES);
  const [mine, setMine] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);

  const tickets = useMemo<SearchableTicket[]>(
    () =>
      (state.status === 'loaded' ? state.tickets : []).map((ticket) => ({
        ...ticket,
        customer: displayName(people.byId.get(ticket.user_id), ticket.user_id),
        category: categories.get(ticket.category_id) ?? 'Uncategorized',
      })),
    [state, people, categories],
  );
  const found = useSearch(tickets, { fields: ['subject', 'description', 'customer', 'category'], idField: 'id', boost: { subject: 2 } }, search);
  const shown = found.filter((ticket) => (status === ALL_STATUSES || ticket.status === status) && (!mine || ticket.assigned_to === me));
  const open = openId ? (tickets.find((ticket) => ticket.id === openId) ?? null) : null;

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
      {shown.length > 0 && (
        <Stack gap="md" data-testid="staff-ticket-list">
          {shown.map((ticket) => {
            const assignee = ticket.assigned_to ? displayName(people.byId.get(ticket.assigned_to), ticket.assigned_to) : null;
            return (
              <TicketCard
                key={ticket.id}
                ticket={ticket}
                customer={ticket.customer}
                category={ticket.category}
                assignee={assignee}
                writeState={writeStates.get(ticket.id)}
                onStatus={(next) => void changeStatus(ticket, next)}
                onManage={() => setOpenId(ticket.id)}
              />
            );
          })}
        </Stack>
      )}

      <TicketDialog ticket={open} customer={open?.customer ?? ''} category={open?.category ?? ''} people={people} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
