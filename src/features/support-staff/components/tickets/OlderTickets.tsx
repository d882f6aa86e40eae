import { useState } from 'react';
import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { StatusBadge } from '@/components/StatusBadge.tsx';
import { LoadError } from '@/components/LoadError.tsx';
import { TimeAgo } from '@/components/TimeAgo.tsx';
import { useUserData } from '@/db/react.tsx';
import { STAFF_WINDOW_DAYS } from '@/db/replication/staff-window.ts';
import { useOnlineStatus } from '@/lib/online-status.ts';
import { OLDER_SEARCH_MIN, olderTicketsQuery } from '../../data/older-tickets.ts';

interface OlderTicketsProps {
  search: string;
  me: string;
  /** Ids already on this device (a ticket opened once is listed with the others). */
  held: ReadonlySet<string>;
  onOpened(ticketId: string): void;
}

export const OLDER_TICKETS_TITLE = 'Older tickets — online';

/**
 * The search's second half: resolved and closed tickets that left this device's window, found on
 * the server. Opening one brings it (and its conversation) onto the device for a week.
 */
export function OlderTickets({ search, me, held, onOpened }: OlderTicketsProps) {
  const [text] = useDebouncedValue(search.trim(), 300);
  const online = useOnlineStatus();
  const data = useUserData();
  const [opening, setOpening] = useState<string | null>(null);
  const query = useQuery({ ...olderTicketsQuery(text, me), enabled: online && text.length >= OLDER_SEARCH_MIN });
  if (search.trim().length < OLDER_SEARCH_MIN) return null;

  const open = async (id: string) => {
    setOpening(id);
    try {
      if (!data) throw new Error('The data on this device is not open yet');
      await data.openTicket(id);
      onOpened(id);
    } catch (error) {
      notifications.show({ title: 'Could not open the ticket', message: error instanceof Error ? error.message : String(error), color: 'red' });
    } finally {
      setOpening(null);
    }
  };
  const found = (query.data ?? []).filter((ticket) => !held.has(ticket.id));

  return (
    <Paper component="section" aria-labelledby="older-tickets-title" withBorder p="md" radius="md">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h5" id="older-tickets-title">
            {OLDER_TICKETS_TITLE}
          </Title>
          <Text size="sm" c="dimmed">
            Resolved and closed tickets unchanged for {STAFF_WINDOW_DAYS} days stay on the server.
          </Text>
        </div>
        {!online && <Text size="sm">You are offline: older tickets are searched when the connection returns.</Text>}
        {online && query.isPending && (
          <Group gap="xs">
            <Loader size="xs" aria-hidden />
            <Text size="sm">Searching older tickets…</Text>
          </Group>
        )}
        {online && query.isError && <LoadError title="Could not search older tickets" onRetry={() => void query.refetch()} />}
        {online && query.isSuccess && found.length === 0 && <Text size="sm">No older tickets match.</Text>}
        {found.map((ticket) => (
          <Group key={ticket.id} justify="space-between" wrap="nowrap" gap="sm" data-testid="older-ticket">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {ticket.subject}
              </Text>
              <Group gap={6} fz="xs" c="dimmed">
                <StatusBadge kind="ticket" status={ticket.status} size="xs" />
                <span>
                  Updated <TimeAgo date={ticket.updated_at} />
                </span>
              </Group>
            </Stack>
            <Button size="xs" variant="default" style={{ flexShrink: 0 }} loading={opening === ticket.id} onClick={() => void open(ticket.id)} aria-label={`Open older ticket ${ticket.subject}`}>
              Open
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
