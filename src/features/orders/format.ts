// Display formatting of orders (en-US, USD as in spec §9).
import type { OrderStatus } from './schemas.ts';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** "$1,234.50": order amounts always show cents. */
export function formatMoney(amount: number): string {
  return money.format(amount);
}

/** "Nov 21, 2026", in the visitor's time zone. */
export function formatOrderDate(iso: string): string {
  return date.format(new Date(iso));
}

/** The first 8 characters of the uuid: what the seed, the ledger and notifications call the order. */
export function shortOrderId(id: string): string {
  return id.slice(0, 8);
}

export const STATUS_LABEL: Record<OrderStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

// Filled badges in shades whose white text passes WCAG AA contrast.
export const STATUS_COLOR: Record<OrderStatus, string> = {
  pending: 'gray.7',
  processing: 'blue.8',
  shipped: 'indigo.8',
  // green.9 (#2b8a3e) misses AA contrast with white text by a little; teal.9 passes.
  delivered: 'teal.9',
  cancelled: 'red.9',
};
