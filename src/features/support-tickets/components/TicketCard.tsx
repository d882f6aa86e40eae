import { Button, Card, Flex, Group, Stack, Text, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { TimeAgo } from '@/components/TimeAgo.tsx';
import type { WriteState } from '@/db/sync/write-states.ts';
import type { TicketView } from '../use-tickets.ts';
import { TicketBadges } from './TicketBadges.tsx';

interface TicketCardProps {
  ticket: TicketView;
  writeState?: WriteState | undefined;
  onView: () => void;
}

/** One ticket: subject, category, when it was opened, priority and status, two lines of its description. */
export function TicketCard({ ticket, writeState, onView }: TicketCardProps) {
  const titleId = `ticket-${ticket.id}`;
  return (
    <Card component="article" withBorder radius="md" padding="lg" aria-labelledby={titleId} data-testid="ticket-card" data-ticket-id={ticket.id}>
      <Stack gap="sm">
        {/* Phones: the badges go under the subject, so a long subject keeps the card's width. */}
        <Flex direction={{ base: 'column', sm: 'row' }} justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Title order={2} fz="h4" id={titleId} style={{ overflowWrap: 'anywhere' }} data-testid="ticket-subject">
              {ticket.subject}
            </Title>
            <Text size="sm" c="dimmed">
              <span data-testid="ticket-category">{ticket.category_name}</span>
              {ticket.category_name && ' · '}
              {ticket.device_name && <span data-testid="ticket-device">Device: {ticket.device_name} · </span>}
              <TimeAgo date={ticket.created_at} prefix="Created" />
            </Text>
          </Stack>
          <TicketBadges ticket={ticket} writeState={writeState} />
        </Flex>
        <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }} data-testid="ticket-description">
          {ticket.description}
        </Text>
        <Group>
          <Button variant="light" size="sm" leftSection={<IconEye size={16} aria-hidden />} onClick={onView} aria-describedby={titleId}>
            View Details
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
