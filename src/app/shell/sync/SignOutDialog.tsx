import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { syncActions } from '@/db/sync/controller.ts';
import { useSyncStatus } from '@/db/sync/status.ts';
import { changesText, isReadError, useSyncCounts } from '@/features/sync-center/live.ts';
import type { HeldSignOut } from './sign-out-guard.ts';

/** "You have 3 changes that have not been synced." */
export function unsyncedMessage(count: number): string {
  return `You have ${changesText(count)} that ${count === 1 ? 'has' : 'have'} not been synced.`;
}

/**
 * Asks before a sign-out would drop changes that never reached the server: sync now (the count
 * is live, so it drops as the sync delivers them), sign out and discard, or cancel. Once nothing
 * is left it offers a plain Sign Out.
 */
export default function SignOutDialog({ held, onClose }: { held: HeldSignOut; onClose: () => void }) {
  const read = useSyncCounts(held.userId);
  const count = read === undefined || isReadError(read) ? held.count : read.total;
  const online = useSyncStatus((state) => state.online);
  const [busy, setBusy] = useState<'sync' | 'leave' | null>(null);

  const syncNow = async () => {
    setBusy('sync');
    try {
      await syncActions.syncNow();
    } catch {
      // What failed stays counted (and listed in the sync center); the dialog shows the new count.
    } finally {
      setBusy(null);
    }
  };

  const leave = async () => {
    setBusy('leave');
    onClose();
    await held.proceed();
  };

  const cancel = () => {
    if (busy !== 'leave') onClose();
  };

  return (
    <Modal opened onClose={cancel} title={count > 0 ? 'Changes not synced' : 'Everything is synced'} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="xs">
        {count > 0 ? (
          <>
            <Text size="sm" data-testid="sign-out-unsynced">
              {unsyncedMessage(count)}
            </Text>
            <Text size="sm" c="dimmed">
              Signing out removes them from this device.
              {online ? '' : ' You are offline: they can be synced only when the connection returns.'}
            </Text>
          </>
        ) : (
          <Text size="sm">All your changes have reached the server. You can sign out safely.</Text>
        )}
      </Stack>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={cancel} data-autofocus>
          Cancel
        </Button>
        {count > 0 ? (
          <>
            <Button variant="light" onClick={() => void syncNow()} loading={busy === 'sync'} disabled={busy === 'leave'}>
              Sync now
            </Button>
            <Button color="red" onClick={() => void leave()} disabled={busy !== null}>
              Sign Out and Discard
            </Button>
          </>
        ) : (
          <Button onClick={() => void leave()} disabled={busy !== null}>
            Sign Out
          </Button>
        )}
      </Group>
    </Modal>
  );
}
