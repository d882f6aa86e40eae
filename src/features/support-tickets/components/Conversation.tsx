import { useEffect, useRef } from 'react';
import { Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { StatusBadge } from '@/components/StatusBadge.tsx';
import { TimeAgo } from '@/components/TimeAgo.tsx';
import type { WriteState } from '@/db/sync/write-states.ts';
import type { SupportMessage } from '../data/support-messages.ts';

const HEIGHT = 250;
/** A reply whose author's name has not reached this device yet (or has none). */
const STAFF_FALLBACK = 'GarageGuard Support';

interface ConversationProps {
  messages: SupportMessage[];
  userId: string | null;
  writeStates: ReadonlyMap<string, WriteState>;
  labelledBy: string;
}

/**
 * The public messages of a ticket, oldest first in a 250 px scroll area that follows the newest
 * (a reply arriving while the dialog is open scrolls into view). The user's own messages say
 * 'You'; the others carry their author's name as the server stored it. Internal notes never get
 * here (the query leaves them out), and message text is shown as plain text.
 */
export function Conversation({ messages, userId, writeStates, labelledBy }: ConversationProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const last = messages.at(-1)?.id;

  useEffect(() => {
    const element = viewport.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [last]);

  return (
    <ScrollArea h={HEIGHT} viewportRef={viewport} type="auto" offsetScrollbars data-testid="conversation">
      {messages.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="xl">
          No messages yet
        </Text>
      ) : (
        <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={labelledBy}>
          {messages.map((message) => {
            const mine = message.user_id === userId;
            const state = writeStates.get(message.id);
            return (
              <Paper
                component="li"
                key={message.id}
                withBorder
                radius="md"
                p="sm"
                bg={mine ? 'var(--mantine-color-blue-light)' : 'var(--gg-surface-muted)'}
                data-testid="message"
                data-message-id={message.id}
                data-mine={mine}
              >
                <Group justify="space-between" gap="xs" mb={4}>
                  <Text size="sm" fw={600} data-testid="message-author">
                    {mine ? 'You' : message.author_name || STAFF_FALLBACK}
                  </Text>
                  <Group gap="xs">
                    {state && <StatusBadge kind="write" status={state} size="sm" data-testid="message-write-state" />}
                    <Text size="xs" c="dimmed">
                      <TimeAgo date={message.created_at} />
                    </Text>
                  </Group>
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="message-text">
                  {message.message}
                </Text>
              </Paper>
            );
          })}
        </Stack>
      )}
    </ScrollArea>
  );
}
