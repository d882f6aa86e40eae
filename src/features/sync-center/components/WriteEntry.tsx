import { useId, useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { StatusBadge } from '@/components/StatusBadge.tsx';
import { TimeAgo } from '@/components/TimeAgo.tsx';
import { syncActions } from '@/db/sync/controller.ts';
import { writeKind, type WriteItem } from '../write-items.ts';
import { refusalText } from '../refusal-words.ts';

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Please try again.');

function retry(item: WriteItem): Promise<void> {
  return item.kind === 'row' ? syncActions.retryWrite(item.entry) : syncActions.retryOutbox(item.entry);
}

function discard(item: WriteItem): Promise<void> {
  return item.kind === 'row' ? syncActions.discardWrite(item.entry) : syncActions.discardOutbox(item.entry);
}

/**
 * One change not yet on the server: what it is, when it was made, its state. A failed one shows
 * the server's reason with Retry and Discard; a pending one needs nothing from the user (it is
 * sent as soon as there is a connection, and "Sync now" sends it at once).
 */
export function WriteEntry({ item, online }: { item: WriteItem; online: boolean }) {
  const labelId = useId();
  const [retrying, setRetrying] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { entry } = item;
  const failed = entry.state === 'failed';

  const onRetry = async () => {
    setRetrying(true);
    try {
      await retry(item);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Retry failed', message: errorText(error) });
    } finally {
      setRetrying(false);
    }
  };

  const onDiscard = async () => {
    try {
      await discard(item);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not discard the change', message: errorText(error) });
      throw error;
    }
  };

  return (
    <Paper component="li" withBorder radius="md" p="md" aria-labelledby={labelId} data-testid="sync-write" data-state={entry.state}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Text fw={600} id={labelId} style={{ overflowWrap: 'anywhere' }}>
            {entry.label}
          </Text>
          <StatusBadge kind="write" status={entry.state} />
        </Group>
        <Text size="sm" c="dimmed">
          {writeKind(item)} · <TimeAgo date={entry.createdAt} prefix="Made" />
        </Text>
        {failed ? (
          <Text size="sm" c="red">
            {refusalText(entry.error)}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {online ? 'Waiting to be sent.' : 'Will be sent when you are back online.'}
          </Text>
        )}
        {failed && (
          <Group gap="xs" mt={4}>
            <Button size="xs" variant="light" leftSection={<IconRefresh size={16} aria-hidden="true" />} loading={retrying} onClick={() => void onRetry()} aria-label={`Retry: ${entry.label}`}>
              Retry
            </Button>
            <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={() => setConfirming(true)} disabled={retrying} aria-label={`Discard: ${entry.label}`}>
              Discard
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={onDiscard}
        title="Discard this change?"
        message={
          item.kind === 'row'
            ? `“${entry.label}” will not be sent. This device goes back to what the server has.`
            : `“${entry.label}” will not be sent.`
        }
        confirmLabel="Discard"
        danger
      />
    </Paper>
  );
}
