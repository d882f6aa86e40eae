import { useState } from 'react';
import { Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import * as v from 'valibot';
import { useAppDatabase, useDataOwner } from '@/db/react.tsx';
import { addDevice } from '../data/devices.ts';
import { DEVICE_TYPE_LABELS } from '../device-types.ts';
import { AddDeviceFormSchema, DEVICE_TYPES, EMPTY_NEW_DEVICE, NewDeviceSchema, type AddDeviceValues } from '../schemas.ts';

const TYPE_OPTIONS = DEVICE_TYPES.map((type) => ({ value: type, label: DEVICE_TYPE_LABELS[type] }));

/**
 * Add Device: name (required), type (an indoor unit unless chosen), location and serial number.
 * The device is written to this device's database at once (offline too) and starts offline;
 * replication delivers it. Submitting without a name does nothing. A failed write keeps the
 * dialog open with what was typed.
 */
export function AddDeviceDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const db = useAppDatabase();
  const userId = useDataOwner();
  const [saving, setSaving] = useState(false);
  const form = useForm<AddDeviceValues>({
    initialValues: EMPTY_NEW_DEVICE,
    validate: schemaResolver(AddDeviceFormSchema, { sync: true }),
  });

  const close = () => {
    if (saving) return;
    form.reset();
    onClose();
  };

  const onSubmit = form.onSubmit(async (values) => {
    const parsed = v.safeParse(NewDeviceSchema, values);
    // Only an empty name gets here (the form reported every other problem): a silent no-op.
    if (!parsed.success) return;
    setSaving(true);
    try {
      await addDevice(db, userId, parsed.output);
    } catch {
      notifications.show({ title: 'Error', message: 'Failed to add device', color: 'red' });
      return;
    } finally {
      setSaving(false);
    }
    notifications.show({ title: 'Success', message: 'Device added successfully', color: 'green' });
    form.reset();
    onClose();
  });

  return (
    <Modal opened={opened} onClose={close} title="Add Device" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={onSubmit} noValidate aria-label="Add Device">
        <Stack gap="sm">
          <TextInput label="Device Name" placeholder="e.g. Main Garage Door" required data-autofocus {...form.getInputProps('name')} />
          <NativeSelect label="Device Type" data={TYPE_OPTIONS} {...form.getInputProps('device_type')} />
          <TextInput label="Location" placeholder="e.g. Front garage" {...form.getInputProps('location')} />
          <TextInput label="Serial Number" placeholder="e.g. GG-IN-2024-001" {...form.getInputProps('serial_number')} />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Add Device
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
