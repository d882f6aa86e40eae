import { Button, Group, NativeSelect, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { SortHeader } from '@/components/SortHeader.tsx';
import { StatusBadge } from '@/components/StatusBadge.tsx';
import { TimeAgo } from '@/components/TimeAgo.tsx';
import type { WriteState } from '@/db/sync/write-states.ts';
import type { SupportTicket, TicketStatus } from '../../data/support-tickets.ts';
import { STATUS_OPTIONS } from '../../ticket-labels.ts';
import type { TicketSort, TicketSortKey } from '../../ticket-sort.ts';

export interface QueueTicket extends SupportTicket {
  customer: string;
  category: string;
  /** The assignee's name, when assigned. */
  assignee: string | null;
  writeState: WriteState | undefined;
}

interface TicketTableProps {
  tickets: QueueTicket[];
  sort: TicketSort;
  onSort: (key: TicketSortKey) => void;
  onStatus: (ticket: QueueTicket, status: TicketStatus) => void;
  onManage: (ticket: QueueTicket) => void;
}

/**
 * The staff queue on tablets and desktops: one dense row per ticket, so a busy desk scans dozens
 * at a glance (the cards fit about six on a screen), ordered by the column staff triage on.
 * Rows carry the cards' test ids and labels, so both layouts read the same to tests and readers.
 */
export function TicketTable({ tickets, sort, onSort, onStatus, onManage }: TicketTableProps) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" highlightOnHover data-testid="staff-ticket-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Ticket</Table.Th>
            <SortHeader sortKey="priority" sort={sort} onSort={onSort}>
              Priority
            </SortHeader>
            <SortHeader sortKey="status" sort={sort} onSort={onSort}>
              Status
            </SortHeader>
            <SortHeader sortKey="age" sort={sort} onSort={onSort}>
              Created
            </SortHeader>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tickets.map((ticket) => (
            <Table.Tr key={ticket.id} data-testid="staff-ticket" data-ticket-id={ticket.id}>
              <Table.Th scope="row" fw={400}>
                <Stack gap={2}>
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {ticket.subject}
                  </Text>
                  <Group gap={6} fz="xs" c="dimmed">
                    <span data-testid="ticket-customer" style={{ overflowWrap: 'anywhere' }}>
                      {ticket.customer}
                    </span>
                    <span aria-hidden>·</span>
                    <span data-testid="ticket-category">{ticket.category}</span>
                    {ticket.assignee && (
                      <>
                        <span aria-hidden>·</span>
                        <span data-testid="ticket-assignee">Assigned to {ticket.assignee}</span>
                      </>
                    )}
                    {ticket.writeState && <StatusBadge kind="write" status={ticket.writeState} size="xs" data-testid="ticket-write-state" />}
                  </Group>
                </Stack>
              </Table.Th>
              <Table.Td>
                <StatusBadge kind="priority" status={ticket.priority} data-testid="ticket-priority" />
              </Table.Td>
              <Table.Td>
                {/* The status is the selector itself: one control, as dense as a help desk's. */}
                <NativeSelect size="xs" w={124} data={STATUS_OPTIONS} value={ticket.status} onChange={(event) => onStatus(ticket, event.currentTarget.value as TicketStatus)} aria-label={`Status of ${ticket.subject}`} data-testid="ticket-status" />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm" component="span">
                  <TimeAgo date={ticket.created_at} />
                </Text>
              </Table.Td>
              <Table.Td>
                <Button size="xs" variant="default" onClick={() => onManage(ticket)} aria-label={`Manage ticket ${ticket.subject}`}>
                  Manage
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
