import { toCents } from '@/lib/money.ts';
import type { CartItem } from './index.ts';

/** Tax is 10% of the items total (spec §9); shipping is always free. */
export const TAX_RATE_PERCENT = 10;

export function itemsTotalCents(items: readonly Pick<CartItem, 'price' | 'quantity'>[]): number {
  return items.reduce((sum, item) => sum + toCents(item.price) * item.quantity, 0);
}

/** One line's amount in dollars (price × quantity, in cents). */
export function lineTotal(item: Pick<CartItem, 'price' | 'quantity'>): number {
  return (toCents(item.price) * item.quantity) / 100;
}

/** Items total in dollars, 2 decimals. */
export function cartTotal(items: readonly Pick<CartItem, 'price' | 'quantity'>[]): number {
  return itemsTotalCents(items) / 100;
}

export function cartItemCount(items: readonly Pick<CartItem, 'quantity'>[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

export interface OrderTotals {
  subtotal: number;
  tax: number;
  /** Subtotal × 1.1, rounded to cents (spec: grand total 1.1 times items total, 2 decimals). */
  grandTotal: number;
}

/** Totals from an items total in dollars; integer cent maths avoids 328.90000000000003. */
export function orderTotals(subtotal: number): OrderTotals {
  const subtotalCents = toCents(subtotal);
  const grandCents = Math.round((subtotalCents * (100 + TAX_RATE_PERCENT)) / 100);
  return {
    subtotal: subtotalCents / 100,
    tax: (grandCents - subtotalCents) / 100,
    grandTotal: grandCents / 100,
  };
}
