import { Text } from '@mantine/core';
import { useSyncStatus } from '@/db/sync/status.ts';
import { TimeAgo } from './TimeAgo.tsx';

interface DataAgeProps {
  /** When the answer on screen was fetched (a query's `dataUpdatedAt`; 0 when there is none). */
  updatedAt: number;
  /** The last refresh failed (the query is in error but still holds its earlier answer). */
  failed?: boolean;
}

/**
 * "Updated 5 minutes ago" next to online-only data, with why it may be old: offline, the saved
 * answer is what the screen shows; online, a refresh that failed left the previous one.
 */
export function DataAge({ updatedAt, failed = false }: DataAgeProps) {
  const online = useSyncStatus((state) => state.online);
  if (!updatedAt) return null;
  const hint = !online ? 'Offline — showing saved data' : failed ? 'Could not refresh — showing saved data' : null;
  return (
    <Text size="sm" c="dimmed" data-testid="data-age">
      <TimeAgo date={updatedAt} prefix="Updated" />
      {hint && <> · {hint}</>}
    </Text>
  );
}
