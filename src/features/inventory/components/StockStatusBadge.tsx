import { Badge } from '@mantine/core';
import { WHOLE_BADGE } from '@/components/StatusBadge.tsx';
import { STOCK_STATUS_COLORS, STOCK_STATUS_LABELS, stockStatus } from '../stock-status.ts';

/** Out of Stock / Low Stock / In Stock for one row, as a filled badge, whole like every status. */
export function StockStatusBadge({ item }: { item: { current_stock: number; minimum_stock: number } }) {
  const status = stockStatus(item);
  return (
    <Badge variant="filled" color={STOCK_STATUS_COLORS[status]} autoContrast styles={WHOLE_BADGE} data-status={status} data-testid="stock-status">
      {STOCK_STATUS_LABELS[status]}
    </Badge>
  );
}
