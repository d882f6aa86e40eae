import { useId } from 'react';
import { Group, Skeleton, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCarGarage, IconClockX, IconDoorEnter, IconHandFinger, IconHistory, IconKey, IconKeyOff, IconLock, IconRefresh } from '@tabler/icons-react';
import { TimeAgo } from '@/components/TimeAgo.tsx';
import { DOOR_LOG_LIMIT, describeDeviceEvent, type DeviceEvent } from '../data/device-events.ts';
import { useDeviceEvents } from '../use-devices.ts';

const KIND_ICONS = {
  code_redeemed: { icon: IconDoorEnter, color: 'green' },
  code_refused: { icon: IconLock, color: 'red' },
  code_created: { icon: IconKey, color: 'blue' },
  code_revoked: { icon: IconKeyOff, color: 'gray' },
  status_changed: { icon: IconRefresh, color: 'yellow' },
  door_command: { icon: IconHandFinger, color: 'blue' },
  door_state: { icon: IconCarGarage, color: 'teal' },
  command_expired: { icon: IconClockX, color: 'red' },
  door_left_open: { icon: IconAlertTriangle, color: 'orange' },
} as const;

function EventIcon({ kind }: { kind: string }) {
  const { icon: Icon, color } = Object.hasOwn(KIND_ICONS, kind) ? KIND_ICONS[kind as keyof typeof KIND_ICONS] : { icon: IconHistory, color: 'gray' };
  return (
    <ThemeIcon variant="light" color={color} size={28} radius="xl" aria-hidden="true">
      <Icon size={16} />
    </ThemeIcon>
  );
}

function EventRow({ event }: { event: DeviceEvent }) {
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start" data-testid="door-log-entry" data-kind={event.kind}>
      <EventIcon kind={event.kind} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {describeDeviceEvent(event)}
        </Text>
        <Text size="xs" c="dimmed">
          <TimeAgo date={event.created_at} />
        </Text>
      </Stack>
    </Group>
  );
}

/**
 * What happened at the door of one device (codes redeemed or refused, codes created or revoked,
 * status changes), newest first, live as the server records more; the latest DOOR_LOG_LIMIT only.
 */
export function DoorLog({ deviceId }: { deviceId: string }) {
  const { events, loading, failed } = useDeviceEvents(deviceId);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Title order={3} fz="h5" id={titleId} mb="xs">
        Door log
      </Title>
      {loading && (
        <div role="status" aria-busy="true">
          <VisuallyHidden>Loading the door log</VisuallyHidden>
          <Skeleton height={40} radius="sm" aria-hidden="true" />
        </div>
      )}
      {!loading && failed && <Text size="sm" c="red">The door log could not be read on this device.</Text>}
      {!loading && !failed && events.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="door-log-empty">
          No door activity yet. Codes used at this device and status changes will appear here.
        </Text>
      )}
      {events.length > 0 && (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Door log" data-testid="door-log">
          {events.map((event) => (
            <EventRow key={event.id} event={event} />
          ))}
        </Stack>
      )}
      {events.length >= DOOR_LOG_LIMIT && (
        <Text size="xs" c="dimmed" mt="xs">
          Showing the latest {DOOR_LOG_LIMIT} events.
        </Text>
      )}
    </section>
  );
}
