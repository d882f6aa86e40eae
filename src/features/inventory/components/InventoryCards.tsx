import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { formatMoney } from '@/lib/money.ts';
import { statusLabel } from '@/lib/status.ts';
import type { InventoryItem } from '../schemas.ts';
import { StockStatusBadge } from './StockStatusBadge.tsx';

/**
 * The stock sheet on phones: a card per item, so nothing scrolls sideways (eight columns do not fit
 * 390 px). Same figures and test ids as the table's row: name, SKU, stock and minimum, price and
 * cost, status, Edit.
 */
export function InventoryCards({ items, onEdit }: { items: InventoryItem[]; onEdit: (item: InventoryItem) => void }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Inventory" data-testid="inventory-cards">
      {items.map((item) => (
        <Card key={item.id} component="li" withBorder radius="sm" padding="sm" data-testid="inventory-row" data-sku={item.sku}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm">
                {item.product_name}
              </Text>
              {/* A code reads as one piece: never broken at its hyphens. */}
              <Text size="xs" c="dimmed">
                <Text span ff="monospace" inherit style={{ whiteSpace: 'nowrap' }} data-testid="sku">
                  {item.sku}
                </Text>
                {` · ${item.category ? statusLabel(item.category) : 'No category'}`}
              </Text>
            </div>
            <StockStatusBadge item={item} />
          </Group>
          <Group justify="space-between" align="flex-end" mt="xs" gap="xs">
            <Group gap="lg" align="flex-start">
              <div>
                <Text size="xs" c="dimmed">
                  Stock
                </Text>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  <Text span fw={600} inherit data-testid="stock-value">
                    {item.current_stock}
                  </Text>
                  <Text span c="dimmed" size="xs">
                    {` / min ${item.minimum_stock}`}
                  </Text>
                </Text>
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  Price
                </Text>
                <Text size="sm" data-testid="price-value">
                  {formatMoney(item.unit_price)}
                </Text>
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  Cost
                </Text>
                <Text size="sm" data-testid="cost-value">
                  {item.cost_price === null ? '—' : formatMoney(item.cost_price)}
                </Text>
              </div>
            </Group>
            <Button size="xs" variant="light" leftSection={<IconPencil size={14} aria-hidden />} onClick={() => onEdit(item)} aria-label={`Edit ${item.product_name}`}>
              Edit
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
