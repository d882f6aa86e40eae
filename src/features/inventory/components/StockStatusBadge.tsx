import { Badge } from '@mantine/core';
import { STOCK_STATUS_COLORS, STOCK_STATUS_LABELS, stockStatus } from '../stock-status.ts';

/**
 * Out of Stock / Low Stock / In Stock for one row, as a filled badge. Always whole: Mantine's label
 * clips (overflow: hidden, for its ellipsis), and a clipping box's smallest width is zero, so an
 * auto-layout table squeezed the Status column until the label read "OUT OF STO…" on phones and
 * tablets. A label that does not clip is as wide as its words at the least; the column keeps that
 * width and the table scrolls instead (with its scroll hint).
 */
const WHOLE = { root: { maxWidth: 'none', flexShrink: 0 }, label: { overflow: 'visible' } } as const;

export function StockStatusBadge({ item }: { item: { current_stock: number; minimum_stock: number } }) {
  const status = stockStatus(item);
  return (
    <Badge variant="filled" color={STOCK_STATUS_COLORS[status]} autoContrast styles={WHOLE} data-status={status} data-testid="stock-status">
      {STOCK_STATUS_LABELS[status]}
    </Badge>
  );
}
