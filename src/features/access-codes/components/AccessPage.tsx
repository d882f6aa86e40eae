import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { SkeletonList } from '@/components/SkeletonList.tsx';
import type { AccessPermission } from '@/db/collections/index.ts';
import { useAppDatabase } from '@/db/react.tsx';
import { createAccessPermission, revokeAccessPermission } from '../data/access-permissions.ts';
import { createdToast, createFailedToast, revokedToast, revokeFailedToast } from '../messages.ts';
import { initialValues } from '../prefill.ts';
import type { NewPermission, PermissionType } from '../schemas.ts';
import { useAccessData } from '../use-access-data.ts';
import { useCodeChangeToasts } from '../use-code-changes.ts';
import { useExpiryClock } from '../use-now.ts';
import { AccessCard } from './AccessCard.tsx';
import { CreateAccessCodeDialog } from './CreateAccessCodeDialog.tsx';
import { ShareDialog } from './ShareDialog.tsx';
import { LoadError } from '@/components/LoadError.tsx';

export interface AccessPageProps {
  /** Open the Create Access Code dialog with this permission type (from the address). */
  create?: PermissionType;
  /** Prefill it as the delivery code of this order. */
  orderId?: string;
  /** The dialog the address asked for has closed: the route drops `create`/`order`. */
  onSearchHandled?: () => void;
}

/** /dashboard/access: the user's access codes, newest first, with create, copy, share and revoke. */
export function AccessPage({ create, orderId, onSearchHandled }: AccessPageProps) {
  const db = useAppDatabase();
  const data = useAccessData(orderId);
  const { docs, loading, error } = data.permissions;
  const now = useExpiryClock(docs);
  useCodeChangeToasts(docs, loading, data.deviceName);

  const [createOpen, setCreateOpen] = useState(false);
  const [sharing, setSharing] = useState<AccessPermission | null>(null);
  const [revoking, setRevoking] = useState<AccessPermission | null>(null);

  const fromSearch = create !== undefined || orderId !== undefined;
  const ready = !data.devicesLoading && !data.orderLoading;
  const dialogOpen = createOpen || fromSearch;

  const closeCreate = () => {
    setCreateOpen(false);
    if (fromSearch) onSearchHandled?.();
  };

  const onCreate = async (permission: NewPermission) => {
    if (!data.userId) throw new Error('Not signed in');
    try {
      const created = await createAccessPermission(db, data.userId, permission);
      notifications.show(createdToast(created.access_code));
    } catch (thrown) {
      notifications.show(createFailedToast);
      throw thrown;
    }
    closeCreate();
  };

  const onRevoke = async () => {
    if (!revoking) return;
    try {
      await revokeAccessPermission(db, revoking.id);
    } catch (thrown) {
      notifications.show(revokeFailedToast);
      throw thrown;
    }
    notifications.show(revokedToast);
  };

  const openCreate = () => setCreateOpen(true);
  const createButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={openCreate}>
      Create Access Code
    </Button>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>Access Permissions</Title>
          <Text c="dimmed">Codes that open your garage doors for guests, couriers and family.</Text>
        </div>
        {createButton}
      </Group>

      {loading && <SkeletonList count={3} label="Loading your access codes" lines={3} />}
      {!loading && error !== null && (
        <LoadError title="Error" text="Failed to fetch access permissions" onRetry={data.retry ?? undefined} data-testid="access-error" />
      )}
      {!loading && error === null && docs.length === 0 && (
        <EmptyState
          icon={<IconKey size={28} />}
          title="No access permissions found"
          text="Create a code for a guest, a courier or someone who needs to come in regularly."
          action={
            <Button onClick={openCreate}>
              Create Your First Access Code
            </Button>
          }
        />
      )}
      {!loading && error === null && docs.length > 0 && (
        <Stack gap="md" data-testid="access-list">
          {docs.map((permission) => (
            <AccessCard
              key={permission.id}
              permission={permission}
              deviceName={data.deviceName(permission.device_id)}
              timeZone={data.deviceZone(permission.device_id)}
              now={now}
              writeState={data.writeStates.get(permission.id)}
              onRevoke={setRevoking}
              onShare={setSharing}
            />
          ))}
        </Stack>
      )}

      <CreateAccessCodeDialog
        opened={dialogOpen}
        onClose={closeCreate}
        devices={data.devices}
        initial={ready ? initialValues(data.devices, create, orderId ? data.order : null) : null}
        onCreate={onCreate}
      />
      <ShareDialog permission={sharing} deviceName={sharing ? data.deviceName(sharing.device_id) : ''} timeZone={sharing ? data.deviceZone(sharing.device_id) : undefined} onClose={() => setSharing(null)} />
      <ConfirmDialog
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        onConfirm={onRevoke}
        title="Revoke Access Code"
        message={revoking ? `Revoke code ${revoking.access_code}? It will stop opening the door at once.` : ''}
        confirmLabel="Revoke"
        danger
      />
    </Stack>
  );
}
