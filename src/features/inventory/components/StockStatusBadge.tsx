import { Badge } from '@mantine/core';
import { STOCK_STATUS_COLORS, STOCK_STATUS_LABELS, stockStatus } from '../stock-status.ts';

/**
 * Out of Stock / Low Stock / In Stock for one row, as a filled badge. Always whole: Mantine caps a
 * badge at its cell's width (max-width: 100%), which lets the table squeeze the column until the
 * label reads "OUT OF STO…" on a tablet; without the cap the column keeps the badge's width and the
 * table scrolls instead (with its scroll hint).
 */
const WHOLE = { root: { maxWidth: 'none', flexShrink: 0 } } as const;

export function StockStatusBadge({ item }: { item: { current_stock: number; minimum_stock: number } }) {
  const status = stockStatus(item);
  return (
    <Badge variant="filled" color={STOCK_STATUS_COLORS[status]} autoContrast styles={WHOLE} data-status={status} data-testid="stock-status">
      {STOCK_STATUS_LABELS[status]}
    </Badge>
  );
}
