import { useState } from 'react';
import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDevices, IconPlus } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState.tsx';
import { SkeletonList } from '@/components/SkeletonList.tsx';
import { useMyDevices } from '../use-devices.ts';
import { AddDeviceDialog } from './AddDeviceDialog.tsx';
import { DeviceCard } from './DeviceCard.tsx';
import { DeviceControlDialog } from './DeviceControlDialog.tsx';
import { DeviceSettingsDialog } from './DeviceSettingsDialog.tsx';
import { LoadError } from '@/components/LoadError.tsx';

type OpenDialog = { kind: 'settings' | 'control'; deviceId: string } | null;

/**
 * /dashboard/devices: the customer's devices as cards (one column on phones, two or three wider),
 * newest first, read from this device's database so the page works offline; Add Device, and per
 * device Settings (rename, move, remove) and Control (live status, door log).
 */
export function DevicesPage() {
  const { state, writeStates, retry } = useMyDevices();
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<OpenDialog>(null);
  const devices = state.status === 'loaded' ? state.devices : [];
  // Dialogs show the live document: a status the server changes shows at once, and a device
  // removed meanwhile (in another tab) closes its dialog.
  const selected = open ? (devices.find((device) => device.id === open.deviceId) ?? null) : null;
  const close = () => setOpen(null);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1}>Device Management</Title>
          <Text c="dimmed">Monitor and manage your GarageGuard units: their status, settings and door activity.</Text>
        </div>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
          Add Device
        </Button>
      </Group>

      {state.status === 'loading' && <SkeletonList count={3} label="Loading your devices" lines={3} />}
      {state.status === 'error' && (
        <LoadError title="Failed to fetch devices" text="The devices saved on this device could not be read." onRetry={retry} data-testid="devices-error" />
      )}
      {state.status === 'loaded' && devices.length === 0 && (
        <EmptyState
          icon={<IconDevices size={28} />}
          title="No devices found"
          text="Add your GarageGuard units to see their status and manage them here."
          action={
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
              Add Your First Device
            </Button>
          }
        />
      )}
      {devices.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="device-grid">
          {devices.map((device) => (
            <DeviceCard
              key={device.id}
              device={device}
              writeState={writeStates.get(device.id)}
              onSettings={() => setOpen({ kind: 'settings', deviceId: device.id })}
              onControl={() => setOpen({ kind: 'control', deviceId: device.id })}
            />
          ))}
        </SimpleGrid>
      )}

      <AddDeviceDialog opened={adding} onClose={() => setAdding(false)} />
      <DeviceSettingsDialog device={open?.kind === 'settings' ? selected : null} onClose={close} />
      <DeviceControlDialog device={open?.kind === 'control' ? selected : null} onClose={close} />
    </Stack>
  );
}
