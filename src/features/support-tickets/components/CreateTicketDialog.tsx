import { useEffect, useState } from 'react';
import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import * as v from 'valibot';
import { statusLabel } from '@/lib/status.ts';
import { useAppDatabase, useDataOwner } from '@/db/react.tsx';
import { createTicket } from '../data/support-tickets.ts';
import { CreateTicketSchema, EMPTY_TICKET, TICKET_PRIORITIES, type CreateTicketValues } from '../schemas.ts';
import { useActiveCategories, useMyDevices } from '../use-tickets.ts';

const PRIORITY_OPTIONS = TICKET_PRIORITIES.map((priority) => ({ value: priority, label: statusLabel(priority) }));
const DIALOG_WIDTH = 600;

/**
 * Create Support Ticket: subject, category, priority (medium unless chosen) and description,
 * checked as typed limits the server enforces. The ticket is written to this device's database
 * at once (offline too) and shows as pending until the server has it. On success the form resets
 * and the dialog closes; on failure it stays open with what was typed. Optionally the ticket names
 * one of the customer's devices ('Get help' on a device card opens the dialog with it chosen).
 */
export function CreateTicketDialog({ opened, onClose, deviceId }: { opened: boolean; onClose: () => void; deviceId?: string | undefined }) {
  const db = useAppDatabase();
  const userId = useDataOwner();
  const { categories } = useActiveCategories();
  const devices = useMyDevices();
  const [saving, setSaving] = useState(false);
  const form = useForm<CreateTicketValues>({
    initialValues: EMPTY_TICKET,
    validate: schemaResolver(CreateTicketSchema, { sync: true }),
  });
  // Opened for a device: it is chosen (once the devices are read, so the select can show it).
  const known = deviceId !== undefined && devices.some((device) => device.id === deviceId);
  useEffect(() => {
    if (opened && known && deviceId) form.setFieldValue('device_id', deviceId);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- form is a new object every render
  }, [opened, known, deviceId]);
  const deviceOptions = [{ value: '', label: 'No device' }, ...devices.map((device) => ({ value: device.id, label: device.name }))];
  const categoryOptions = [{ value: '', label: 'Select category', disabled: true }, ...categories.map((c) => ({ value: c.id, label: c.name }))];

  const close = () => {
    if (saving) return;
    form.reset();
    onClose();
  };

  const onSubmit = form.onSubmit(async (values) => {
    const parsed = v.safeParse(CreateTicketSchema, values);
    if (!parsed.success) return;
    setSaving(true);
    try {
      await createTicket(db, userId, parsed.output);
    } catch (error) {
      console.warn('Creating a support ticket failed', error);
      notifications.show({ title: 'Error', message: 'Failed to create support ticket', color: 'red' });
      return;
    } finally {
      setSaving(false);
    }
    notifications.show({ title: 'Success', message: 'Support ticket created successfully', color: 'green' });
    form.reset();
    onClose();
  });

  return (
    <Modal opened={opened} onClose={close} title="Create Support Ticket" size={DIALOG_WIDTH} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={onSubmit} noValidate aria-label="Create Support Ticket">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Describe your issue or question and we'll help you resolve it.
          </Text>
          <TextInput label="Subject" placeholder="Brief description of your issue" required data-autofocus {...form.getInputProps('subject')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NativeSelect label="Category" required data={categoryOptions} {...form.getInputProps('category_id')} />
            <NativeSelect label="Priority" data={PRIORITY_OPTIONS} {...form.getInputProps('priority')} />
          </SimpleGrid>
          {devices.length > 0 && (
            <NativeSelect label="Device" description="The device this is about, if any" data={deviceOptions} {...form.getInputProps('device_id')} />
          )}
          <Textarea
            label="Description"
            placeholder="Please provide detailed information about your issue..."
            required
            autosize
            minRows={5}
            maxRows={12}
            {...form.getInputProps('description')}
          />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Creating...' : 'Create Ticket'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
