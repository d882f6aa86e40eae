import { useId, useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh, IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useShallow } from 'zustand/react/shallow';
import { TimeAgo } from '@/components/TimeAgo.tsx';
import { syncActions } from '@/db/sync/controller.ts';
import type { SyncProblem } from '@/db/sync/problem.ts';
import { useSyncStatus } from '@/db/sync/status.ts';
import { problemSentence, retryText, useNowUntil, useSyncProblem } from '../problem-words.ts';

export const OFFLINE_REASON = 'You’re offline — changes will sync when the connection returns.';

/**
 * Online or not, when this device last synced, what went wrong with the last attempt (in words,
 * with when it is tried again), and 'Sync now'. Offline the button is disabled with the reason
 * beside it, and shows no spinner: nothing is running that it could be waiting for.
 */
export function SyncStateLine({ lastSynced }: { lastSynced: number | null | undefined }) {
  const { online, active } = useSyncStatus(useShallow((state) => ({ online: state.online, active: state.active })));
  const current = useSyncProblem();
  const [syncing, setSyncing] = useState(false);
  const reasonId = useId();

  const syncNow = async () => {
    setSyncing(true);
    try {
      await syncActions.syncNow();
    } catch {
      // What failed is shown in words by the line above (the status store), not as an error here.
      notifications.show({ color: 'red', title: 'Sync failed', message: 'It will be tried again by itself. You can also try again now.' });
    } finally {
      setSyncing(false);
    }
  };

  const Icon = online ? IconWifi : IconWifiOff;
  return (
    <Paper withBorder radius="md" p="md" data-testid="sync-state">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Icon size={20} aria-hidden="true" />
            <Text fw={600}>{online ? (active && !current ? 'Online — syncing…' : 'Online') : 'Offline'}</Text>
          </Group>
          {lastSynced ? (
            <Text size="sm" c="dimmed">
              <TimeAgo date={lastSynced} prefix="Last synced" />
            </Text>
          ) : (
            // Unknown while the records open; never synced is news only while a sync can happen.
            lastSynced === null &&
            online && (
              <Text size="sm" c="dimmed">
                Not synced yet
              </Text>
            )
          )}
          {!online && (
            <Text size="sm" c="dimmed" id={reasonId} data-testid="sync-offline-reason">
              {OFFLINE_REASON}
            </Text>
          )}
          {current && <ProblemLine key={current.retryAt ?? 'unknown'} problem={current.problem} retryAt={current.retryAt} />}
        </Stack>
        <Button
          leftSection={<IconRefresh size={18} aria-hidden="true" />}
          onClick={() => void syncNow()}
          // A failed attempt is told by the line beside it, with its retry: the button is free
          // again at once for a new attempt, rather than spinning until the data layer gives up.
          loading={online && syncing && !current}
          disabled={!online}
          aria-describedby={online ? undefined : reasonId}
        >
          Sync now
        </Button>
      </Group>
    </Paper>
  );
}

/** "Couldn't reach the server — will retry in 4 s", counting down to the next attempt. */
function ProblemLine({ problem, retryAt }: { problem: SyncProblem; retryAt: number | null }) {
  const now = useNowUntil(retryAt);
  return (
    <Text size="sm" c="red" data-testid="sync-problem">
      {problemSentence(problem)} — {retryText(retryAt, now)}
    </Text>
  );
}
