import { useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh, IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useShallow } from 'zustand/react/shallow';
import { TimeAgo } from '@/components/TimeAgo.tsx';
import { syncActions } from '@/db/sync/controller.ts';
import { useSyncStatus } from '@/db/sync/status.ts';

/** Online or not, when this device last synced, the last transient error, and 'Sync now'. */
export function SyncStateLine() {
  const { online, active, lastError, lastSyncedAt } = useSyncStatus(
    useShallow((state) => ({ online: state.online, active: state.active, lastError: state.lastError, lastSyncedAt: state.lastSyncedAt })),
  );
  const [syncing, setSyncing] = useState(false);

  const syncNow = async () => {
    setSyncing(true);
    try {
      await syncActions.syncNow();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Sync failed', message: error instanceof Error ? error.message : 'Please try again.' });
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
            <Text fw={600}>{online ? (active ? 'Online — syncing…' : 'Online') : 'Offline'}</Text>
          </Group>
          <Text size="sm" c="gray.7">
            {lastSyncedAt ? <TimeAgo date={lastSyncedAt} prefix="Last synced" /> : 'Not synced yet'}
          </Text>
          {!online && (
            <Text size="sm" c="gray.7">
              Your changes are kept on this device and sent when the connection returns.
            </Text>
          )}
          {online && lastError && (
            <Text size="sm" c="red.9">
              The last sync attempt failed: {lastError}
            </Text>
          )}
        </Stack>
        <Button leftSection={<IconRefresh size={18} aria-hidden="true" />} onClick={() => void syncNow()} loading={syncing || active} disabled={!online}>
          Sync now
        </Button>
      </Group>
    </Paper>
  );
}
