import { useState } from 'react';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import * as v from 'valibot';
import { useAppDatabase, useDataOwner } from '@/db/react.tsx';
import { sendMessage } from '../data/support-messages.ts';
import { MESSAGE_MAX, MessageSchema } from '../schemas.ts';

/**
 * The reply box of an open ticket. 'Send Message' stays disabled while the text is blank; the
 * message is written to this device at once (offline too) and delivered by replication.
 */
interface MessageFormProps {
  ticketId: string;
  /** Typing indicator hooks: a keystroke with text in the box, and the box sent or emptied. */
  onTyping?: () => void;
  onStopTyping?: () => void;
}

export function MessageForm({ ticketId, onTyping, onStopTyping }: MessageFormProps) {
  const db = useAppDatabase();
  const userId = useDataOwner();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const parsed = v.safeParse(MessageSchema, text);
  const blank = text.trim() === '';

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!parsed.success || sending) return;
    setSending(true);
    try {
      await sendMessage(db, userId, ticketId, parsed.output);
    } catch (error) {
      console.warn('Sending a support message failed', error);
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
    <form onSubmit={(event) => void submit(event)} aria-label="Send a message">
      <Stack gap="sm">
        <Textarea
          aria-label="Your message"
          placeholder="Type your message..."
          autosize
          minRows={3}
          maxRows={8}
          value={text}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setText(value);
            if (value.trim() === '') onStopTyping?.();
            else onTyping?.();
          }}
          error={!blank && !parsed.success ? `Message must be at most ${MESSAGE_MAX} characters` : undefined}
        />
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconSend size={16} aria-hidden />} disabled={blank || !parsed.success || sending}>
            {sending ? 'Sending...' : 'Send Message'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
