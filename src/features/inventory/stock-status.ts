// The stock status of an inventory row: Out of Stock at 0, Low Stock at or below the minimum,
// In Stock above it. Mission Control counts with the same rule (mission_control() in SQL).

export const STOCK_STATUSES = ['out_of_stock', 'low_stock', 'in_stock'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

export const STOCK_STATUS_LABELS: Record<StockStatus, string> = {
  out_of_stock: 'Out of Stock',
  low_stock: 'Low Stock',
  in_stock: 'In Stock',
};

// Colour names; the theme picks the shade and a text colour that passes WCAG AA (as in src/lib/status.ts).
export const STOCK_STATUS_COLORS: Record<StockStatus, string> = {
  out_of_stock: 'red',
  low_stock: 'yellow',
  in_stock: 'green',
};

export function stockStatus({ current_stock, minimum_stock }: { current_stock: number; minimum_stock: number }): StockStatus {
  if (current_stock === 0) return 'out_of_stock';
  if (current_stock <= minimum_stock) return 'low_stock';
  return 'in_stock';
}

export interface StockSummary {
  /** Rows in the stock sheet. */
  items: number;
  /** Units on hand across all rows. */
  units: number;
  low: number;
  out: number;
}

export function summarizeStock(items: readonly { current_stock: number; minimum_stock: number }[]): StockSummary {
  const summary: StockSummary = { items: items.length, units: 0, low: 0, out: 0 };
  for (const item of items) {
    summary.units += item.current_stock;
    const status = stockStatus(item);
    if (status === 'low_stock') summary.low += 1;
    else if (status === 'out_of_stock') summary.out += 1;
  }
  return summary;
}

/** The header note's window: "Last 7 days" counts the rows whose stock, price or details changed in it. */
export const RECENT_DAYS = 7;

/** Rows changed (a sale, a restock, an edit: anything that moves updated_at) in the last RECENT_DAYS days. */
export function changedRecently(items: readonly { updated_at: string }[], now: number = Date.now()): number {
  const since = now - RECENT_DAYS * 86_400_000;
  return items.filter((item) => Date.parse(item.updated_at) >= since).length;
}
