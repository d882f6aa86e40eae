import { Group, Stack, Text } from '@mantine/core';
import { useCollectionQuery } from '@/db/react.tsx';
import { doorLogQuery, doorResult } from '../data/device-events.ts';
import { formatDateTime } from '../format.ts';

/** Every time this code was tried at the door, newest first: when, and whether the door opened. */
export function DoorLog({ permissionId, id }: { permissionId: string; id: string }) {
  const { docs, loading, error } = useCollectionQuery('device_events', doorLogQuery(permissionId));
  if (loading) return <Text id={id} size="sm" c="dimmed">Loading the door log…</Text>;
  if (error) return <Text id={id} size="sm" c="red">The door log could not be read on this device.</Text>;
  if (docs.length === 0) return <Text id={id} size="sm" c="dimmed" data-testid="door-log-empty">This code has not been used at the door yet.</Text>;
  return (
    <Stack id={id} component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Door log" data-testid="door-log">
      {docs.map((event) => (
        <Group component="li" key={event.id} justify="space-between" gap="sm" wrap="nowrap" data-testid="door-log-entry">
          <Text size="sm" c="dimmed">
            <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
          </Text>
          <Text size="sm" fw={500} c={event.kind === 'code_redeemed' ? 'green' : 'red'}>
            {doorResult(event)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
