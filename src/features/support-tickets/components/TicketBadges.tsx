import { Group } from '@mantine/core';
import { IconCircleCheck, IconCircleDot, IconCircleX, IconClock } from '@tabler/icons-react';
import { StatusBadge } from '@/components/StatusBadge.tsx';
import type { WriteState } from '@/db/sync/write-states.ts';
import type { SupportTicket } from '../data/support-tickets.ts';

const STATUS_ICONS: Record<string, typeof IconCircleDot> = {
  open: IconCircleDot,
  in_progress: IconClock,
  resolved: IconCircleCheck,
  closed: IconCircleX,
};

/**
 * A ticket's priority, its status with an icon (underscores read as spaces: "In Progress"), and
 * whether this device still has to deliver it ('Pending') or the server refused it ('Failed').
 */
export function TicketBadges({ ticket, writeState }: { ticket: Pick<SupportTicket, 'priority' | 'status'>; writeState?: WriteState | undefined }) {
  const StatusIcon = STATUS_ICONS[ticket.status] ?? IconCircleDot;
  return (
    <Group gap="xs">
      <StatusBadge kind="priority" status={ticket.priority} data-testid="ticket-priority" />
      <StatusBadge kind="ticket" status={ticket.status} icon={<StatusIcon size={12} />} data-testid="ticket-status" />
      {writeState && <StatusBadge kind="write" status={writeState} data-testid="ticket-write-state" />}
    </Group>
  );
}
