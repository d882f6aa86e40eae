import { useEffect } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import * as v from 'valibot';
import { updateInventoryItemMutation } from '../data/inventory-queries.ts';
import { EditItemFormSchema, PRICE_MAX, STOCK_MAX, type EditItemValues, type InventoryItem } from '../schemas.ts';

/**
 * Edit an item's stock (current and minimum) and unit price. For a product sold in the shop, the
 * current stock is the product's stock: the shop and checkout read the new figure at once.
 */
export function EditItemDialog({ item, onClose }: { item: InventoryItem | null; onClose: () => void }) {
  const mutation = useMutation(updateInventoryItemMutation);
  const form = useForm<EditItemValues>({
    initialValues: { current_stock: 0, minimum_stock: 0, unit_price: 0 },
    validate: schemaResolver(EditItemFormSchema, { sync: true }),
  });
  const saving = mutation.isPending;

  const itemId = item?.id;
  useEffect(() => {
    if (!item) return;
    form.setValues({ current_stock: item.current_stock, minimum_stock: item.minimum_stock, unit_price: item.unit_price });
    form.resetDirty();
    // Only a newly opened item refills the form; a refetch while it is open keeps what was typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [itemId]);

  const close = () => {
    if (!saving) onClose();
  };

  const onSubmit = form.onSubmit(async (values) => {
    const parsed = v.safeParse(EditItemFormSchema, values);
    if (!item || !parsed.success) return;
    try {
      await mutation.mutateAsync({ id: item.id, changes: parsed.output });
    } catch {
      notifications.show({ title: 'Error', message: 'Failed to update inventory item', color: 'red' });
      return;
    }
    notifications.show({ title: 'Success', message: 'Inventory item updated successfully', color: 'green' });
    onClose();
  });

  return (
    <Modal opened={item !== null} onClose={close} title="Edit Stock and Price" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={onSubmit} noValidate aria-label="Edit Stock and Price">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {item ? `${item.product_name} (${item.sku})` : ''}
          </Text>
          <NumberInput label="Current Stock" allowNegative={false} allowDecimal={false} min={0} max={STOCK_MAX} data-autofocus {...form.getInputProps('current_stock')} />
          <NumberInput label="Minimum Stock" allowNegative={false} allowDecimal={false} min={0} max={STOCK_MAX} {...form.getInputProps('minimum_stock')} />
          <NumberInput
            label="Unit Price"
            description={item?.product_id != null ? 'The stock sheet’s price; the shop’s price is set in the catalogue.' : undefined}
            allowNegative={false} decimalScale={2} min={0} max={PRICE_MAX} prefix="$" thousandSeparator="," {...form.getInputProps('unit_price')} />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
