import { Divider, Grid, Group, Modal, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { StatusBadge } from '@/components/StatusBadge.tsx';
import { TimeAgo } from '@/components/TimeAgo.tsx';
import { TypingIndicator } from '@/components/TypingIndicator.tsx';
import { useAppDatabase, useDataOwner } from '@/db/react.tsx';
import { useTicketTyping } from '@/lib/realtime/ticket-typing.ts';
import { displayName } from '../../data/profiles.ts';
import { assignTicket, type SupportTicket } from '../../data/support-tickets.ts';
import { UNASSIGNED } from '../../ticket-labels.ts';
import type { People } from '../../use-tickets.ts';
import { useTicketViewers } from '../../use-ticket-viewers.ts';
import { Conversation } from './Conversation.tsx';
import { CustomerPanel } from './CustomerPanel.tsx';
import { DevicePanel } from './DevicePanel.tsx';
import { ReplyBox } from './ReplyBox.tsx';

interface TicketDialogProps {
  /** The live ticket; null closes the dialog. */
  ticket: SupportTicket | null;
  customer: string;
  category: string;
  people: People;
  onClose: () => void;
}

/**
 * Manage: the ticket, its assignee, the whole conversation with internal notes, who is typing,
 * which colleagues also have it open, and a reply box; beside it the customer (their devices and
 * latest orders) and, live, the device the ticket names.
 */
export function TicketDialog({ ticket, customer, category, people, onClose }: TicketDialogProps) {
  const db = useAppDatabase();
  const me = useDataOwner();
  const myName = me ? displayName(people.byId.get(me), me) : '';
  const ticketId = ticket?.id ?? null;
  const { typing, notifyTyping, stopTyping } = useTicketTyping(ticketId, myName);
  const viewers = useTicketViewers(ticketId, me, myName);
  const staffOptions = [
    { value: UNASSIGNED, label: 'Unassigned' },
    ...people.staff.map((profile) => ({ value: profile.user_id, label: displayName(profile, profile.user_id) })),
  ];
  // An assignee the staff list does not (yet) hold still shows by name.
  if (ticket?.assigned_to && !staffOptions.some((option) => option.value === ticket.assigned_to)) {
    staffOptions.push({ value: ticket.assigned_to, label: displayName(people.byId.get(ticket.assigned_to), ticket.assigned_to) });
  }

  const assign = async (value: string) => {
    if (!ticket) return;
    try {
      await assignTicket(db, ticket.id, value === UNASSIGNED ? null : value);
    } catch (error) {
      console.error(error);
      notifications.show({ title: 'Error', message: 'Failed to assign ticket', color: 'red' });
      return;
    }
    notifications.show({ title: 'Success', message: 'Ticket assigned successfully', color: 'green' });
  };

  return (
    <Modal opened={ticket !== null} onClose={onClose} title={ticket?.subject ?? ''} size="min(1100px, 100%)" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {ticket && (
        <Grid gap="lg" data-testid="ticket-dialog">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">
              <Group gap="xs" c="dimmed">
                <Text size="sm" data-testid="dialog-customer">
                  {customer}
                </Text>
                <Text size="sm">·</Text>
                <Text size="sm">
                  <TimeAgo date={ticket.created_at} prefix="Created" />
                </Text>
                <Text size="sm">·</Text>
                <Text size="sm">{category}</Text>
              </Group>
              <Group gap="xs">
                <StatusBadge kind="priority" status={ticket.priority} />
                <StatusBadge kind="ticket" status={ticket.status} />
              </Group>
              <Text size="sm" c="dimmed" aria-live="polite" data-testid="also-viewing">
                {viewers.length > 0 ? `Also viewing: ${viewers.join(', ')}` : ''}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {ticket.description}
              </Text>
              <NativeSelect label="Assigned to" data={staffOptions} value={ticket.assigned_to ?? UNASSIGNED} onChange={(event) => void assign(event.currentTarget.value)} />
              <Divider />
              <Title order={3} fz="h5">
                Conversation
              </Title>
              <Conversation ticketId={ticket.id} people={people.byId} />
              <TypingIndicator name={typing} fallback={customer} />
              <ReplyBox key={ticket.id} ticketId={ticket.id} onTyping={notifyTyping} onStopTyping={stopTyping} />
            </Stack>
          </Grid.Col>
          {/* Beside the conversation on tablets and desktops; below it on phones. */}
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              {ticket.device_id && <DevicePanel key={ticket.device_id} deviceId={ticket.device_id} />}
              <CustomerPanel key={ticket.id} ticketId={ticket.id} />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Modal>
  );
}
