import { useState } from 'react';
import { Button, Group, Loader, Modal, NativeSelect, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { typeLabel } from '../format.ts';
import type { DeviceChoice } from '../prefill.ts';
import { ScheduleFields } from './ScheduleFields.tsx';
import { CreateAccessCodeSchema, PERMISSION_TYPES, toNewPermission, type CreateAccessCodeValues, type NewPermission } from '../schemas.ts';

interface CreateAccessCodeDialogProps {
  opened: boolean;
  onClose: () => void;
  devices: readonly DeviceChoice[];
  /** The values the form starts with; null while they are still being read (a prefill). */
  initial: CreateAccessCodeValues | null;
  /** Creates the code; a rejection keeps the dialog open (the caller shows the error toast). */
  onCreate: (permission: NewPermission) => Promise<void>;
}

/** The Create Access Code dialog; the form is made afresh each time it opens, from `initial`. */
export function CreateAccessCodeDialog({ opened, onClose, devices, initial, onCreate }: CreateAccessCodeDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Create Access Code" centered size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened && !initial && <Loader size="sm" role="progressbar" aria-label="Loading your devices" />}
      {opened && initial && devices.length === 0 && <NoDevices onClose={onClose} />}
      {opened && initial && devices.length > 0 && <CreateForm devices={devices} initial={initial} onCancel={onClose} onCreate={onCreate} />}
    </Modal>
  );
}

function NoDevices({ onClose }: { onClose: () => void }) {
  return (
    <Stack gap="md">
      <div data-testid="no-devices">
        <Text fw={700}>You have no devices yet</Text>
        <Text size="sm" c="dimmed">
          An access code opens one of your doors. Add a GarageGuard device first, then create codes for it.
        </Text>
      </div>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button renderRoot={(props) => <Link to="/dashboard/devices" {...props} />}>Go to Devices</Button>
      </Group>
    </Stack>
  );
}

interface CreateFormProps {
  devices: readonly DeviceChoice[];
  initial: CreateAccessCodeValues;
  onCancel: () => void;
  onCreate: (permission: NewPermission) => Promise<void>;
}

function CreateForm({ devices, initial, onCancel, onCreate }: CreateFormProps) {
  const form = useForm<CreateAccessCodeValues>({ mode: 'uncontrolled', initialValues: initial, validate: schemaResolver(CreateAccessCodeSchema, { sync: true }) });
  const [busy, setBusy] = useState(false);

  const submit = form.onSubmit(async (values) => {
    // No device chosen: nothing happens (the field is marked required); focus goes to it.
    if (!values.deviceId) {
      form.getInputNode('deviceId')?.focus();
      return;
    }
    setBusy(true);
    try {
      await onCreate(toNewPermission(values));
    } catch {
      // The caller has said why; the dialog stays open with the values.
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Create Access Code">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          A 6-character code for one of your doors. Leave expiry and max usage empty for a code without limits.
        </Text>
        <NativeSelect
          label="Device"
          required
          data={[{ value: '', label: 'Select a device', disabled: true }, ...devices.map((d) => ({ value: d.id, label: d.name }))]}
          key={form.key('deviceId')}
          {...form.getInputProps('deviceId')}
        />
        <NativeSelect label="Permission Type" data={PERMISSION_TYPES.map((type) => ({ value: type, label: typeLabel(type) }))} key={form.key('permissionType')} {...form.getInputProps('permissionType')} />
        <TextInput label="Granted To" placeholder="Name of the person or company" maxLength={100} key={form.key('grantedToName')} {...form.getInputProps('grantedToName')} />
        <TextInput label="Email" type="email" placeholder="guest@example.com" autoComplete="off" key={form.key('grantedToEmail')} {...form.getInputProps('grantedToEmail')} />
        <TextInput label="Expires At" type="datetime-local" description="Optional: empty for no expiry" key={form.key('expiresAt')} {...form.getInputProps('expiresAt')} />
        <NumberInput label="Max Usage" description="Optional: empty for unlimited uses" min={1} allowDecimal={false} allowNegative={false} key={form.key('maxUsage')} {...form.getInputProps('maxUsage')} />
        <ScheduleFields form={form} devices={devices} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Create Access Code
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
