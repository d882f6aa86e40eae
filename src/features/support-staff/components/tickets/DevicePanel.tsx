import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { StatusBadge } from '@/components/StatusBadge.tsx';
import { TimeAgo } from '@/components/TimeAgo.tsx';
import { statusLabel } from '@/lib/status.ts';
import { useTicketDevice } from '../../use-ticket-device.ts';

/**
 * The device the customer named on the ticket, live next to the conversation: name, type, status,
 * firmware and when it last reported. A status the server sets shows while the dialog is open.
 */
export function DevicePanel({ deviceId }: { deviceId: string }) {
  const state = useTicketDevice(deviceId);
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-label="Customer's device" data-testid="ticket-device-panel">
      <Stack gap={4}>
        <Title order={3} fz="h5">
          Device
        </Title>
        {state.status === 'loading' && <Skeleton height={40} role="progressbar" aria-label="Loading the device" />}
        {state.status === 'error' && (
          <Text size="sm" c="red">
            The device could not be loaded.
          </Text>
        )}
        {state.status === 'loaded' && !state.device && (
          <Text size="sm" c="dimmed">
            The device is no longer available.
          </Text>
        )}
        {state.status === 'loaded' && state.device && (
          <>
            <Group justify="space-between" gap="xs">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="ticket-device-name">
                {state.device.name}
              </Text>
              <StatusBadge kind="device" status={state.device.status} data-testid="ticket-device-status" />
            </Group>
            <Text size="sm" c="dimmed">
              {statusLabel(state.device.device_type)} · Firmware <span data-testid="ticket-device-firmware">{state.device.firmware_version || 'Unknown'}</span> ·{' '}
              {state.device.last_seen ? <TimeAgo date={state.device.last_seen} prefix="Last seen" /> : 'Never seen'}
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}
