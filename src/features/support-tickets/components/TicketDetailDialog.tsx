import { useId } from 'react';
import { Alert, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { TimeAgo } from '@/components/TimeAgo.tsx';
import { TypingIndicator } from '@/components/TypingIndicator.tsx';
import { useTicketTyping } from '@/lib/realtime/ticket-typing.ts';
import { useDataOwner } from '@/db/react.tsx';
import type { WriteState } from '@/db/sync/write-states.ts';
import { useConversation } from '../use-tickets.ts';
import type { TicketView } from '../use-tickets.ts';
import { Conversation } from './Conversation.tsx';
import { MessageForm } from './MessageForm.tsx';
import { TicketBadges } from './TicketBadges.tsx';

const DIALOG_WIDTH = 700;

interface TicketDetailDialogProps {
  /** The live ticket; null closes the dialog. */
  ticket: TicketView | null;
  writeState?: WriteState | undefined;
  onClose: () => void;
}

/**
 * A ticket in full: subject, category, when it was opened, priority and status, the original
 * description and the conversation, live (a staff reply shows while the dialog is open). A
 * closed ticket takes no more messages, so its reply box is not shown.
 */
export function TicketDetailDialog({ ticket, writeState, onClose }: TicketDetailDialogProps) {
  return (
    <Modal opened={ticket !== null} onClose={onClose} title={ticket?.subject} size={DIALOG_WIDTH} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {ticket && <TicketDetail ticket={ticket} writeState={writeState} />}
    </Modal>
  );
}

function TicketDetail({ ticket, writeState }: { ticket: TicketView; writeState?: WriteState | undefined }) {
  const userId = useDataOwner();
  const { messages, writeStates } = useConversation(ticket.id);
  // The customer sends no name: staff see the ticket's customer; staff replies carry theirs.
  const { typing, notifyTyping, stopTyping } = useTicketTyping(ticket.id, null);
  const conversationId = useId();
  return (
    <Stack gap="md" data-testid="ticket-detail">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {ticket.category_name}
          {ticket.category_name && ' · '}
          {ticket.device_name && <span data-testid="ticket-device">Device: {ticket.device_name} · </span>}
          <TimeAgo date={ticket.created_at} prefix="Created" />
        </Text>
        <TicketBadges ticket={ticket} writeState={writeState} />
      </Group>
      <Card withBorder radius="md" padding="md" bg="var(--gg-surface-muted)">
        <Title order={3} fz="sm" mb={4}>
          Original Description
        </Title>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="ticket-original-description">
          {ticket.description}
        </Text>
      </Card>
      <Stack gap="xs">
        <Title order={3} fz="sm" id={conversationId}>
          Conversation
        </Title>
        <Conversation messages={messages} userId={userId} writeStates={writeStates} labelledBy={conversationId} />
        <TypingIndicator name={typing} fallback="Support" />
      </Stack>
      {ticket.status === 'closed' ? (
        <Alert variant="light" color="gray" icon={<IconLock size={16} aria-hidden />} data-testid="ticket-closed">
          This ticket is closed. Create a new ticket if you need more help.
        </Alert>
      ) : (
        <MessageForm ticketId={ticket.id} onTyping={notifyTyping} onStopTyping={stopTyping} />
      )}
    </Stack>
  );
}
