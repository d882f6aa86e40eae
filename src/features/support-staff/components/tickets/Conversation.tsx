import { useEffect, useRef } from 'react';
import { Badge, Box, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { StatusBadge } from '@/components/StatusBadge.tsx';
import { TimeAgo } from '@/components/TimeAgo.tsx';
import { useCollectionQuery, useDataOwner } from '@/db/react.tsx';
import { useWriteStates } from '@/db/sync/write-states.ts';
import { displayName, type PersonProfile } from '../../data/profiles.ts';
import { ticketMessagesQuery } from '../../data/support-messages.ts';

interface ConversationProps {
  ticketId: string;
  people: ReadonlyMap<string, PersonProfile>;
}

/**
 * A ticket's messages, oldest first and live, internal notes included: those carry the label
 * 'Internal note' and a tinted background, since the customer never sees them.
 */
export function Conversation({ ticketId, people }: ConversationProps) {
  const me = useDataOwner();
  const { docs, loading } = useCollectionQuery('support_messages', ticketMessagesQuery(ticketId));
  const writeStates = useWriteStates(me, 'support_messages');
  const viewport = useRef<HTMLDivElement>(null);

  // The newest message in view when one arrives (a live customer reply, or our own).
  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [docs.length]);

  if (loading) return null;
  if (docs.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="no-messages">
        No messages yet
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={320} viewportRef={viewport} type="auto" offsetScrollbars>
      <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Conversation" data-testid="conversation">
        {docs.map((message) => {
          const author = message.user_id === me ? 'You' : displayName(people.get(message.user_id), message.user_id);
          const writeState = writeStates.get(message.id);
          return (
            <Box
              component="li"
              key={message.id}
              p="sm"
              bg={message.is_internal ? 'var(--mantine-color-yellow-light)' : 'var(--gg-surface-muted)'}
              bd={message.is_internal ? '1px dashed var(--mantine-color-yellow-9)' : '1px solid var(--mantine-color-default-border)'}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
              data-testid={message.is_internal ? 'internal-note' : 'message'}
            >
              <Group justify="space-between" gap="xs" mb={4}>
                <Group gap="xs">
                  <Text size="sm" fw={600}>
                    {author}
                  </Text>
                  {message.is_internal && (
                    <Badge variant="filled" color="yellow" autoContrast leftSection={<IconLock size={12} aria-hidden />}>
                      Internal note
                    </Badge>
                  )}
                  {writeState && <StatusBadge kind="write" status={writeState} />}
                </Group>
                <Text size="xs" c="dimmed">
                  <TimeAgo date={message.created_at} />
                </Text>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.message}
              </Text>
            </Box>
          );
        })}
      </Stack>
    </ScrollArea.Autosize>
  );
}
