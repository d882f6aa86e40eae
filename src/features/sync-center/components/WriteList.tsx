import { useId } from 'react';
import { Stack, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState.tsx';
import type { OutboxEntry, PendingWrite } from '@/db/sync/sync-db.ts';
import { writeItems } from '../write-items.ts';
import { WriteEntry } from './WriteEntry.tsx';

interface WriteListProps {
  pending: PendingWrite[];
  outbox: OutboxEntry[];
  online: boolean;
  /** False when this device never finished a sync for the user: "synced" would then be untrue. */
  everSynced: boolean;
}

/** Row writes and queued calls in one list, or 'Everything is synced' (once a sync has finished). */
export function WriteList({ pending, outbox, online, everSynced }: WriteListProps) {
  const headingId = useId();
  const items = writeItems(pending, outbox);
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<IconCircleCheck size={28} />}
        title={everSynced ? 'Everything is synced' : 'Nothing waiting to be sent'}
        text="Changes you make on this device are sent to the server as soon as there is a connection."
      />
    );
  }
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h4" id={headingId}>
        Changes not yet synced ({items.length})
      </Title>
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <WriteEntry key={item.key} item={item} online={online} />
        ))}
      </Stack>
    </Stack>
  );
}
