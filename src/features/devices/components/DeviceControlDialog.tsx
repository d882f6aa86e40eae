import { Divider, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Device } from '../data/devices.ts';
import { deviceTypeLabel } from '../device-types.ts';
import { hasDoor } from '../door.ts';
import { DoorControl } from './DoorControl.tsx';
import { DeviceStatusBadge } from './DeviceStatusBadge.tsx';
import { DeviceTypeIcon } from './DeviceTypeIcon.tsx';
import { DoorLog } from './DoorLog.tsx';
import { LastSeen } from './LastSeen.tsx';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

/**
 * One device as it is now: its status and when it last reported, both live (the device prop comes
 * from the live list, and the time-ago words refresh on their own), its door with Open or Close
 * (indoor units), its firmware, and its door log.
 */
export function DeviceControlDialog({ device, onClose }: { device: Device | null; onClose: () => void }) {
  return (
    <Modal opened={device !== null} onClose={onClose} title={device ? `Control ${device.name}` : 'Control'} centered size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {device && (
        <Stack gap="md" data-testid="device-control">
          <Group gap="sm" wrap="nowrap" align="center">
            <DeviceTypeIcon type={device.device_type} />
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" c="dimmed">
                {deviceTypeLabel(device.device_type)}
              </Text>
              <Text size="sm" data-testid="control-last-seen">
                <LastSeen at={device.last_seen} prefix="Last seen" />
              </Text>
            </Stack>
            <DeviceStatusBadge device={device} size="lg" data-testid="control-status" />
          </Group>
          {hasDoor(device) && <DoorControl device={device} size="lg" />}
          <SimpleGrid component="dl" cols={{ base: 1, xs: 3 }} spacing="sm" m={0}>
            <Detail label="Firmware" value={device.firmware_version || 'Unknown'} />
            <Detail label="Location" value={device.location || 'Not set'} />
            <Detail label="Serial number" value={device.serial_number || 'Not set'} />
          </SimpleGrid>
          <Divider />
          <DoorLog deviceId={device.id} />
        </Stack>
      )}
    </Modal>
  );
}
