import { useRef } from 'react';
import { Box, Button, Table, Text } from '@mantine/core';
import { IconArrowsHorizontal, IconPencil } from '@tabler/icons-react';
import { formatMoney } from '@/lib/money.ts';
import { statusLabel } from '@/lib/status.ts';
import type { InventoryItem } from '../schemas.ts';
import { StockStatusBadge } from './StockStatusBadge.tsx';
import { useOverflowsX } from './use-overflows.ts';

// Below 'lg' (1200 px: a tablet beside the sidebar), Category and Cost leave their columns and show
// under the product name and the price, so Status and Edit stay on screen (issue 26).
const WIDE = 'lg';
const HEADERS = [['Product'], ['SKU'], ['Category', WIDE], ['Stock'], ['Cost', WIDE], ['Price'], ['Status'], ['Action']] as const;

/**
 * The stock sheet. Headers read in capitals as the product shows them (CSS, so screen readers
 * read words, not letters). Where even the narrow sheet does not fit (phones) it scrolls sideways
 * in its own box, and says so above it.
 */
export function InventoryTable({ items, onEdit }: { items: InventoryItem[]; onEdit: (item: InventoryItem) => void }) {
  const scroller = useRef<HTMLDivElement>(null);
  const scrolls = useOverflowsX(scroller);
  return (
    <>
      {scrolls && (
        <Text size="sm" c="dimmed" mb="xs" data-testid="scroll-hint" style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          <IconArrowsHorizontal size={16} aria-hidden />
          Scroll the table sideways to see every column.
        </Text>
      )}
      {/* Focusable while it scrolls, so keyboard users can scroll it too. */}
      <Box ref={scroller} style={{ overflowX: 'auto' }} tabIndex={scrolls ? 0 : undefined} role={scrolls ? 'region' : undefined} aria-label={scrolls ? 'Inventory table, scrolls sideways' : undefined} data-testid="inventory-scroll">
      <Table miw={600} verticalSpacing="sm" highlightOnHover aria-label="Inventory" data-testid="inventory-table">
        <Table.Thead>
          <Table.Tr>
            {HEADERS.map(([header, from]) => (
              // Status keeps room for "Out of Stock" whole: squeezed, the badge cut it to "Out of St…".
              <Table.Th key={header} tt="uppercase" fz="xs" c="dimmed" scope="col" visibleFrom={from} miw={header === 'Status' ? 128 : undefined}>
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
                  <Text size="xs" c="dimmed">
                    {item.supplier}
                  </Text>
                )}
                <Text size="xs" c="dimmed" hiddenFrom={WIDE}>
                  {item.category ? statusLabel(item.category) : 'No category'}
                </Text>
              </Table.Td>
              <Table.Td>
                {/* A code reads as one piece: never broken at its hyphens. */}
                <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }} data-testid="sku">
                  {item.sku}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom={WIDE}>{item.category ? statusLabel(item.category) : '—'}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={600} data-testid="stock-value">
                  {item.current_stock}
                </Text>
                <Text size="xs" c="dimmed">
                  Min: {item.minimum_stock}
                </Text>
              </Table.Td>
              <Table.Td data-testid="cost-value" visibleFrom={WIDE}>
                {item.cost_price === null ? '—' : formatMoney(item.cost_price)}
              </Table.Td>
              <Table.Td>
                <Text size="sm" data-testid="price-value">
                  {formatMoney(item.unit_price)}
                </Text>
                <Text size="xs" c="dimmed" hiddenFrom={WIDE} style={{ whiteSpace: 'nowrap' }}>
                  Cost {item.cost_price === null ? '—' : formatMoney(item.cost_price)}
                </Text>
              </Table.Td>
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
      </Box>
    </>
  );
}
