import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconTicket } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState.tsx';
import { LoadError } from '@/components/LoadError.tsx';
import { SkeletonList } from '@/components/SkeletonList.tsx';
import { useSearch } from '@/lib/search.ts';
import { useDeliverRepliesAfterTickets } from '../use-deliver-replies.ts';
import { useMyTickets, type TicketView } from '../use-tickets.ts';
import { TicketCard } from './TicketCard.tsx';
import { TicketDetailDialog } from './TicketDetailDialog.tsx';

const SKELETONS = 3;
const EMPTY: TicketView[] = [];

interface TicketsTabProps {
  /** The Support Center's shared search box: subject, description and category name, typo tolerant. */
  query: string;
  onNewTicket: () => void;
}

/**
 * My Tickets: the user's tickets newest first (best match first while searching), read from this
 * device's database so the tab works offline; New Ticket, and View Details per ticket.
 */
export function TicketsTab({ query, onNewTicket }: TicketsTabProps) {
  const { state, writeStates, retry } = useMyTickets();
  const [openId, setOpenId] = useState<string | null>(null);
  useDeliverRepliesAfterTickets();
  const tickets = state.status === 'loaded' ? state.tickets : EMPTY;
  const found = useSearch(tickets, { fields: ['subject', 'description', 'category_name'], idField: 'id', boost: { subject: 2 } }, query);
  const searching = query.trim() !== '';
  // The dialog shows the live ticket: a status staff change shows at once.
  const open = openId ? (tickets.find((ticket) => ticket.id === openId) ?? null) : null;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text c="dimmed" size="sm" aria-live="polite" data-testid="ticket-count">
          {state.status === 'loaded' && countText(found.length, tickets.length, searching)}
        </Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onNewTicket}>
          New Ticket
        </Button>
      </Group>
      {state.status === 'loading' && <SkeletonList count={SKELETONS} label="Loading your support tickets" lines={2} />}
      {state.status === 'error' && (
        <LoadError title="Failed to fetch support tickets" text="The tickets saved on this device could not be read." onRetry={retry} />
      )}
      {state.status === 'loaded' && found.length === 0 && (
        <EmptyState
          icon={<IconTicket size={28} />}
          title="No Support Tickets"
          text={searching ? 'No tickets match your search query.' : "You haven't created any support tickets yet."}
        />
      )}
      {found.length > 0 && (
        <Stack gap="md" data-testid="ticket-list">
          {found.map((ticket) => (
            <TicketCard key={ticket.id} ticket={ticket} writeState={writeStates.get(ticket.id)} onView={() => setOpenId(ticket.id)} />
          ))}
        </Stack>
      )}
      <TicketDetailDialog ticket={open} writeState={open ? writeStates.get(open.id) : undefined} onClose={() => setOpenId(null)} />
    </Stack>
  );
}

const ticketCount = (count: number) => `${count} ${count === 1 ? 'ticket' : 'tickets'}`;

function countText(found: number, total: number, searching: boolean): string {
  return searching ? `${found} of ${ticketCount(total)} match` : ticketCount(total);
}
