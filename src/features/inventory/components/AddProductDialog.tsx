import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import * as v from 'valibot';
import { statusLabel } from '@/lib/status.ts';
import { addInventoryItemMutation } from '../data/inventory-queries.ts';
import {
  AddProductFormSchema,
  EMPTY_NEW_PRODUCT,
  INVENTORY_CATEGORIES,
  NewInventoryItemSchema,
  PRICE_MAX,
  STOCK_MAX,
  type AddProductValues,
} from '../schemas.ts';

const CATEGORY_OPTIONS = INVENTORY_CATEGORIES.map((category) => ({ value: category, label: statusLabel(category) }));
const WHOLE = { allowNegative: false, allowDecimal: false, min: 0, max: STOCK_MAX, placeholder: '0' } as const;
const MONEY = { allowNegative: false, decimalScale: 2, min: 0, max: PRICE_MAX, prefix: '$', thousandSeparator: ',' } as const;

/**
 * Add Product: name and SKU required (submitting without them does nothing); stock figures are
 * whole numbers and prices decimals, an empty one 0 (cost price: none); empty supplier and
 * description are stored as null. A failure keeps the dialog open with what was typed.
 */
export function AddProductDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const mutation = useMutation(addInventoryItemMutation);
  const form = useForm<AddProductValues>({
    initialValues: EMPTY_NEW_PRODUCT,
    validate: schemaResolver(AddProductFormSchema, { sync: true }),
  });
  const saving = mutation.isPending;

  const close = () => {
    if (saving) return;
    form.reset();
    onClose();
  };

  const onSubmit = form.onSubmit(async (values) => {
    const parsed = v.safeParse(NewInventoryItemSchema, values);
    if (!parsed.success) return;
    try {
      await mutation.mutateAsync(parsed.output);
    } catch {
      notifications.show({ title: 'Error', message: 'Failed to add inventory item', color: 'red' });
      return;
    }
    notifications.show({ title: 'Success', message: 'Inventory item added successfully', color: 'green' });
    form.reset();
    onClose();
  });

  return (
    <Modal opened={opened} onClose={close} title="Add Product" centered size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={onSubmit} noValidate aria-label="Add Product">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label="Product Name" required data-autofocus {...form.getInputProps('product_name')} />
            <TextInput label="SKU" placeholder="e.g. GG-XX-001" required {...form.getInputProps('sku')} />
            <Select label="Category" placeholder="Select category" data={CATEGORY_OPTIONS} clearable {...form.getInputProps('category')} />
            <TextInput label="Supplier" {...form.getInputProps('supplier')} />
            <NumberInput label="Current Stock" {...WHOLE} {...form.getInputProps('current_stock')} />
            <NumberInput label="Minimum Stock" {...WHOLE} {...form.getInputProps('minimum_stock')} />
            <NumberInput label="Unit Price" placeholder="$0.00" {...MONEY} {...form.getInputProps('unit_price')} />
            <NumberInput label="Cost Price" placeholder="Optional" {...MONEY} {...form.getInputProps('cost_price')} />
          </SimpleGrid>
          <Textarea label="Description" autosize minRows={2} maxRows={5} {...form.getInputProps('description')} />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Add Product
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
