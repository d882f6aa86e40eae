import { ActionIcon, Badge, Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconUser } from '@tabler/icons-react';
import { StatusBadge } from '@/components/StatusBadge.tsx';
import { TimeAgo } from '@/components/TimeAgo.tsx';
import type { WriteState } from '@/db/sync/write-states.ts';
import type { SupportTicket, TicketStatus } from '../../data/support-tickets.ts';
import { STATUS_OPTIONS } from '../../ticket-labels.ts';

interface TicketCardProps {
  ticket: SupportTicket;
  customer: string;
  category: string;
  /** The assignee's name, when assigned. */
  assignee: string | null;
  writeState?: WriteState | undefined;
  onStatus: (status: TicketStatus) => void;
  onManage: () => void;
}

/** One ticket in the staff list: who asked, what about, how urgent, where it stands. */
export function TicketCard({ ticket, customer, category, assignee, writeState, onStatus, onManage }: TicketCardProps) {
  const titleId = `ticket-${ticket.id}`;
  return (
    <Card component="article" withBorder radius="md" padding="lg" aria-labelledby={titleId} data-testid="staff-ticket" data-ticket-id={ticket.id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} fz="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {ticket.subject}
            </Title>
            <Group gap="xs" c="dimmed" fz="sm">
              <Group gap={4} wrap="nowrap">
                <IconUser size={14} aria-hidden />
                <Text size="sm" component="span" data-testid="ticket-customer" style={{ overflowWrap: 'anywhere' }}>
                  {customer}
                </Text>
              </Group>
              <Text size="sm" component="span">
                <TimeAgo date={ticket.created_at} />
              </Text>
              <Text size="sm" component="span" data-testid="ticket-category">
                {category}
              </Text>
            </Group>
          </Stack>
          <ActionIcon variant="subtle" color="gray" size="lg" onClick={onManage} aria-label={`Open ticket ${ticket.subject}`}>
            <IconEye size={18} aria-hidden />
          </ActionIcon>
        </Group>
        <Group gap="xs">
          <StatusBadge kind="priority" status={ticket.priority} data-testid="ticket-priority" />
          <StatusBadge kind="ticket" status={ticket.status} data-testid="ticket-status" />
          {assignee && (
            <Badge variant="outline" color="gray" data-testid="ticket-assignee">
              Assigned to {assignee}
            </Badge>
          )}
          {writeState && <StatusBadge kind="write" status={writeState} data-testid="ticket-write-state" />}
        </Group>
        <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {ticket.description}
        </Text>
        <Group justify="space-between" align="flex-end" gap="sm">
          <NativeSelect
            label="Status"
            size="sm"
            w={170}
            data={STATUS_OPTIONS}
            value={ticket.status}
            onChange={(event) => onStatus(event.currentTarget.value as TicketStatus)}
            aria-label={`Status of ${ticket.subject}`}
          />
          <Button variant="default" onClick={onManage} aria-label={`Manage ticket ${ticket.subject}`}>
            Manage
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
