import type { CSSProperties, ReactNode } from 'react';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { formatMoney } from '@/lib/money.ts';
import { statusLabel } from '@/lib/status.ts';
import type { InventoryItem } from '../schemas.ts';
import { StockStatusBadge } from './StockStatusBadge.tsx';

/**
 * A figure shares the row equally with the others (so Stock, Price and Cost line up from card to
 * card), never narrower than its value: a value that does not fit moves to a line of its own
 * instead of breaking (a sum reads as one piece).
 */
const FIGURE: CSSProperties = { flex: '1 1 0', minWidth: 'max-content' };

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={FIGURE}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }} component="div">
        {children}
      </Text>
    </div>
  );
}

/**
 * The stock sheet on phones: a card per item, so nothing scrolls sideways (eight columns do not fit
 * 390 px). Same figures and test ids as the table's row: name, SKU, stock and minimum, price and
 * cost, status, Edit. Edit sits under the status in the card's top right corner, the same place on
 * every card: the name wraps beside it and the figures below it, however long either is.
 */
export function InventoryCards({ items, onEdit }: { items: InventoryItem[]; onEdit: (item: InventoryItem) => void }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Inventory" data-testid="inventory-cards">
      {items.map((item) => (
        <Card key={item.id} component="li" withBorder radius="sm" padding="sm" data-testid="inventory-row" data-sku={item.sku}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              {/* A name without spaces still wraps inside the card. */}
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
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
            <Stack gap={6} align="flex-end" style={{ flex: 'none' }}>
              <StockStatusBadge item={item} />
              <Button size="xs" variant="light" leftSection={<IconPencil size={14} aria-hidden />} onClick={() => onEdit(item)} aria-label={`Edit ${item.product_name}`}>
                Edit
              </Button>
            </Stack>
          </Group>
          <Group mt="xs" gap="xs" align="flex-start">
            <Figure label="Stock">
              <Text span fw={600} inherit data-testid="stock-value">
                {item.current_stock}
              </Text>
              <Text span c="dimmed" size="xs">
                {` / min ${item.minimum_stock}`}
              </Text>
            </Figure>
            <Figure label="Price">
              <span data-testid="price-value">{formatMoney(item.unit_price)}</span>
            </Figure>
            <Figure label="Cost">
              <span data-testid="cost-value">{item.cost_price === null ? '—' : formatMoney(item.cost_price)}</span>
            </Figure>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
