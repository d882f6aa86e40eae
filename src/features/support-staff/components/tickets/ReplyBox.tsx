import { useState } from 'react';
import { Button, Group, Stack, Switch, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { useAppDatabase, useDataOwner } from '@/db/react.tsx';
import { addTicketMessage, MESSAGE_MAX } from '../../data/support-messages.ts';

/**
 * A staff reply, or with 'Internal note' on, a note for colleagues only. Written to this
 * device's database at once (offline too: it shows as pending) and delivered by replication.
 * Blank text cannot be sent.
 */
interface ReplyBoxProps {
  ticketId: string;
  /** Typing indicator hooks for a customer-visible reply; an internal note is never announced. */
  onTyping?: () => void;
  onStopTyping?: () => void;
}

export function ReplyBox({ ticketId, onTyping, onStopTyping }: ReplyBoxProps) {
  const db = useAppDatabase();
  const me = useDataOwner();
  const [text, setText] = useState('');
  const [internal, setInternal] = useState(false);
  const [sending, setSending] = useState(false);
  const blank = text.trim() === '';

  const send = async () => {
    if (blank || sending) return;
    setSending(true);
    try {
      await addTicketMessage(db, me, { ticketId, message: text, isInternal: internal });
    } catch (error) {
      console.error(error);
      notifications.show({ title: 'Error', message: 'Failed to send message', color: 'red' });
      return;
    } finally {
      setSending(false);
    }
    notifications.show({ title: 'Success', message: 'Message sent successfully', color: 'green' });
    onStopTyping?.();
    setText('');
  };

  return (
    <form
      aria-label="Reply"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <Stack gap="xs">
        <Textarea
          label="Message"
          placeholder={internal ? 'Write a note for the support team...' : 'Type your reply...'}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={MESSAGE_MAX}
          value={text}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setText(value);
            // Writing a note for colleagues is not typing to the customer.
            if (internal || value.trim() === '') onStopTyping?.();
            else onTyping?.();
          }}
          styles={internal ? { input: { background: 'var(--mantine-color-yellow-light)' } } : undefined}
        />
        <Group justify="space-between" gap="sm">
          <Switch
            label="Internal note"
            description="Only staff can see it"
            checked={internal}
            onChange={(event) => {
              setInternal(event.currentTarget.checked);
              if (event.currentTarget.checked) onStopTyping?.();
            }}
          />
          <Button type="submit" leftSection={<IconSend size={16} aria-hidden />} disabled={blank} loading={sending}>
            {internal ? 'Add Note' : 'Send Message'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
