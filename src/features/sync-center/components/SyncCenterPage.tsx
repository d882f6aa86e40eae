import { Alert, Stack, Text, Title } from '@mantine/core';
import { SkeletonList } from '@/components/SkeletonList.tsx';
import { useSyncStatus } from '@/db/sync/status.ts';
import { isReadError, useLastSynced, useSyncEntries } from '../use-sync-data.ts';
import { ConflictList } from './ConflictList.tsx';
import { SyncStateLine } from './SyncStateLine.tsx';
import { WriteList } from './WriteList.tsx';

/**
 * The sync center: the connection and last sync, 'Sync now', every change of this user not yet
 * on the server (failed first, with Retry and Discard), and the writes a newer server version
 * replaced. Live in every tab.
 */
export function SyncCenterPage({ userId }: { userId: string | null }) {
  const entries = useSyncEntries(userId);
  const online = useSyncStatus((state) => state.online);
  const lastSynced = useLastSynced(userId);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Sync Center
        </Title>
        <Text c="dimmed" mt={4}>
          What this device still has to send to the server, and what the server changed in the meantime.
        </Text>
      </div>
      <SyncStateLine lastSynced={lastSynced} />
      {entries === undefined ? (
        <SkeletonList count={3} label="Loading your changes…" lines={1} />
      ) : isReadError(entries) ? (
        <Alert color="red" title="This device’s changes could not be read">
          {entries.error}
        </Alert>
      ) : (
        <>
          <WriteList pending={entries.pending} outbox={entries.outbox} online={online} everSynced={lastSynced !== null} />
          {entries.conflicts.length > 0 && <ConflictList conflicts={entries.conflicts} />}
        </>
      )}
    </Stack>
  );
}
