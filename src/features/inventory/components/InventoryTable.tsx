import { Button, Table, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { formatMoney } from '@/lib/money.ts';
import { statusLabel } from '@/lib/status.ts';
import type { InventoryItem } from '../schemas.ts';
import { StockStatusBadge } from './StockStatusBadge.tsx';

const HEADERS = ['Product', 'SKU', 'Category', 'Stock', 'Cost', 'Price', 'Status', 'Action'];

/**
 * The stock sheet. Headers read in capitals as the product shows them (CSS, so screen readers
 * read words, not letters). Narrow screens scroll the table sideways inside its own container.
 */
export function InventoryTable({ items, onEdit }: { items: InventoryItem[]; onEdit: (item: InventoryItem) => void }) {
  return (
    <Table.ScrollContainer minWidth={880} type="native">
      <Table verticalSpacing="sm" highlightOnHover aria-label="Inventory" data-testid="inventory-table">
        <Table.Thead>
          <Table.Tr>
            {HEADERS.map((header) => (
              <Table.Th key={header} tt="uppercase" fz="xs" c="gray.7" scope="col">
                {header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id} data-testid="inventory-row" data-sku={item.sku}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {item.product_name}
                </Text>
                {item.supplier && (
                  <Text size="xs" c="gray.7">
                    {item.supplier}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {item.sku}
                </Text>
              </Table.Td>
              <Table.Td>{item.category ? statusLabel(item.category) : '—'}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={600} data-testid="stock-value">
                  {item.current_stock}
                </Text>
                <Text size="xs" c="gray.7">
                  Min: {item.minimum_stock}
                </Text>
              </Table.Td>
              <Table.Td data-testid="cost-value">{item.cost_price === null ? '—' : formatMoney(item.cost_price)}</Table.Td>
              <Table.Td data-testid="price-value">{formatMoney(item.unit_price)}</Table.Td>
              <Table.Td>
                <StockStatusBadge item={item} />
              </Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" leftSection={<IconPencil size={14} aria-hidden />} onClick={() => onEdit(item)} aria-label={`Edit ${item.product_name}`}>
                  Edit
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
