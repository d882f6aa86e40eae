import { useMemo, useState } from 'react';
import { Button, Divider, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import * as v from 'valibot';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { useAppDatabase } from '@/db/react.tsx';
import { browserTimeZone, timeZoneChoices } from '@/lib/time-zone.ts';
import { removeDevice, updateDevice, type Device } from '../data/devices.ts';
import { hasDoor } from '../door.ts';
import { UnitPairing } from './UnitPairing.tsx';
import { DEFAULT_OPEN_ALERT_MINUTES, DeviceChangesSchema, DeviceSettingsFormSchema, OPEN_ALERT_MAX, OPEN_ALERT_MIN, type DeviceSettingsValues } from '../schemas.ts';

interface SettingsFormProps {
  device: Device;
  onDone: () => void;
  onBusy: (busy: boolean) => void;
  onRemove: () => void;
  onOverlay: (open: boolean) => void;
}

/** The form inside the dialog, mounted per device so it starts from that device's values. */
function SettingsForm({ device, onDone, onBusy, onRemove, onOverlay }: SettingsFormProps) {
  const db = useAppDatabase();
  const [saving, setSaving] = useState(false);
  const form = useForm<DeviceSettingsValues>({
    initialValues: {
      name: device.name,
      location: device.location ?? '',
      open_alert_minutes: device.open_alert_minutes ?? DEFAULT_OPEN_ALERT_MINUTES,
      // A device stored before time zones were replicated has none until its next pull: 'UTC', as on the server.
      time_zone: device.time_zone ?? 'UTC',
    },
    validate: schemaResolver(DeviceSettingsFormSchema, { sync: true }),
  });

  const zones = useMemo(() => timeZoneChoices(device.time_zone ?? 'UTC'), [device.time_zone]);
  const here = browserTimeZone();

  const busy = (value: boolean) => {
    setSaving(value);
    onBusy(value);
  };

  const onSubmit = form.onSubmit(async (values) => {
    const parsed = v.safeParse(DeviceChangesSchema, values);
    // An emptied name is not saved, and says nothing more than the required mark does.
    if (!parsed.success) return;
    busy(true);
    try {
      await updateDevice(db, device.id, parsed.output);
    } catch {
      notifications.show({ title: 'Error', message: 'Failed to update device', color: 'red' });
      return;
    } finally {
      busy(false);
    }
    notifications.show({ title: 'Success', message: 'Device updated successfully', color: 'green' });
    onDone();
  });

  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label="Device settings">
        <Stack gap="sm">
          <TextInput label="Device Name" required data-autofocus {...form.getInputProps('name')} />
          <TextInput label="Location" placeholder="e.g. Front garage" {...form.getInputProps('location')} />
          {hasDoor(device) && (
            <NumberInput
              label="Door left open alert (minutes)"
              description="You get a notification when the door stays open longer than this."
              min={OPEN_ALERT_MIN}
              max={OPEN_ALERT_MAX}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              {...form.getInputProps('open_alert_minutes')}
            />
          )}
          <Select
            label="Time zone"
            description={`Where the device is. Guest code schedules follow this zone.${device.time_zone !== here ? ` This phone is in ${here}.` : ''}`}
            data={zones}
            searchable
            allowDeselect={false}
            nothingFoundMessage="No time zone by that name"
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('time_zone')}
          />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onDone} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
      {device.device_type !== 'backup_battery' && (
        <>
          <Divider my="lg" />
          <UnitPairing device={device} onOverlay={onOverlay} />
        </>
      )}
      <Divider my="lg" />
      <Stack gap="xs" align="flex-start">
        <Text size="sm" c="dimmed">
          Removing the device takes it off your account; its access codes stop working.
        </Text>
        <Button color="red" variant="outline" leftSection={<IconTrash size={16} aria-hidden />} onClick={onRemove} disabled={saving}>
          Remove device
        </Button>
      </Stack>
    </>
  );
}

/**
 * Settings of one device: rename, move (location), or remove it. While the removal's confirmation
 * is open on top, Escape closes only that confirmation (each open modal listens for Escape).
 */
export function DeviceSettingsDialog({ device, onClose }: { device: Device | null; onClose: () => void }) {
  const db = useAppDatabase();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // A dialog of the pairing section is open on top: Escape is its own.
  const [overlay, setOverlay] = useState(false);
  const close = () => {
    if (!busy) onClose();
  };

  // Soft delete: the removal replicates, and the server stops honouring the device's codes.
  const remove = async () => {
    if (!device) return;
    try {
      await removeDevice(db, device.id);
    } catch (error) {
      notifications.show({ title: 'Error', message: 'Failed to remove device', color: 'red' });
      throw error;
    }
    notifications.show({ title: 'Success', message: 'Device removed', color: 'green' });
    onClose();
  };

  return (
    <>
      <Modal
        opened={device !== null}
        onClose={close}
        title={device ? `Settings for ${device.name}` : 'Settings'}
        centered
        closeOnEscape={!confirming && !overlay}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {device && <SettingsForm key={device.id} device={device} onDone={onClose} onBusy={setBusy} onRemove={() => setConfirming(true)} onOverlay={setOverlay} />}
      </Modal>
      <ConfirmDialog
        opened={confirming && device !== null}
        onClose={() => setConfirming(false)}
        onConfirm={remove}
        title="Remove device?"
        message={`Remove ${device?.name ?? 'this device'} from your account? Access codes for this device will stop working.`}
        confirmLabel="Remove"
        danger
      />
    </>
  );
}
