import type { ReactNode } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAdjustments, IconHelp, IconSettings } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { StatusBadge } from '@/components/StatusBadge.tsx';
import type { WriteState } from '@/db/sync/write-states.ts';
import type { Device } from '../data/devices.ts';
import { deviceTypeLabel } from '../device-types.ts';
import { hasDoor } from '../door.ts';
import { DoorControl } from './DoorControl.tsx';
import { DeviceStatusBadge } from './DeviceStatusBadge.tsx';
import { DeviceTypeIcon } from './DeviceTypeIcon.tsx';
import { LastSeen } from './LastSeen.tsx';

interface DeviceCardProps {
  device: Device;
  /** A change of this device not on the server yet ('pending') or refused by it ('failed'). */
  writeState?: WriteState;
  onSettings: () => void;
  onControl: () => void;
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * One device: type, name, status, where it is, what it is, when it last reported; Settings,
 * Control, and Get help (a new support ticket about this device). An indoor unit's card also
 * shows its door, live, with Open or Close.
 */
export function DeviceCard({ device, writeState, onSettings, onControl }: DeviceCardProps) {
  const titleId = `device-${device.id}`;
  return (
    <Card component="article" withBorder radius="md" padding="lg" aria-labelledby={titleId} data-testid="device-card" data-device-id={device.id}>
      <Stack gap="md" h="100%">
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <DeviceTypeIcon type={device.device_type} />
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Title order={2} fz="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {device.name}
            </Title>
            <Text size="sm" c="dimmed" data-testid="device-type">
              {deviceTypeLabel(device.device_type)}
            </Text>
          </Stack>
          <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
            <DeviceStatusBadge device={device} data-testid="device-status" />
            {writeState && <StatusBadge kind="write" status={writeState} data-testid="device-write-state" />}
          </Stack>
        </Group>
        {hasDoor(device) && <DoorControl device={device} />}
        <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="xs" m={0}>
          <Fact label="Location" testId="device-location">
            {device.location || 'Not set'}
          </Fact>
          <Fact label="Serial number" testId="device-serial">
            {device.serial_number || 'Not set'}
          </Fact>
          <Fact label="Firmware" testId="device-firmware">
            {device.firmware_version || 'Unknown'}
          </Fact>
          <Fact label="Last seen" testId="device-last-seen">
            <LastSeen at={device.last_seen} />
          </Fact>
        </SimpleGrid>
        <Group gap="sm" mt="auto">
          <Button variant="default" leftSection={<IconSettings size={16} aria-hidden />} onClick={onSettings} aria-label={`Settings for ${device.name}`}>
            Settings
          </Button>
          <Button variant="light" leftSection={<IconAdjustments size={16} aria-hidden />} onClick={onControl} aria-label={`Control ${device.name}`}>
            Control
          </Button>
          <Button
            variant="subtle"
            renderRoot={(props) => <Link to="/support" search={{ device: device.id }} {...props} />}
            leftSection={<IconHelp size={16} aria-hidden />}
            aria-label={`Get help with ${device.name}`}
          >
            Get help
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
