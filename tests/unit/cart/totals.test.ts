import { describe, expect, it } from 'vitest';
import { cartItemCount, cartTotal, lineTotal, orderTotals } from '@/features/cart/totals.ts';

describe('cart totals', () => {
  it('sums price × quantity to 2 decimals without float artefacts', () => {
    expect(cartTotal([{ price: 59.99, quantity: 3 }])).toBe(179.97);
    expect(cartTotal([{ price: 0.1, quantity: 1 }, { price: 0.2, quantity: 1 }])).toBe(0.3);
    expect(cartTotal([{ price: 299, quantity: 1 }, { price: 149, quantity: 2 }])).toBe(597);
    expect(cartTotal([])).toBe(0);
  });

  it('counts quantities, not lines', () => {
    expect(cartItemCount([{ quantity: 2 }, { quantity: 3 }])).toBe(5);
    expect(cartItemCount([])).toBe(0);
  });
});

describe('order totals (10% tax, free shipping)', () => {
  it('adds 10% tax to $299 without 328.90000000000003', () => {
    expect(orderTotals(299)).toEqual({ subtotal: 299, tax: 29.9, grandTotal: 328.9 });
  });

  it('rounds the grand total to cents and keeps subtotal + tax = total', () => {
    const totals = orderTotals(179.97);
    expect(totals.grandTotal).toBe(197.97); // 197.967 → 197.97
    expect(totals.tax).toBe(18);
    expect(Math.round((totals.subtotal + totals.tax) * 100)).toBe(Math.round(totals.grandTotal * 100));
  });

  it('handles the whole catalogue in one cart', () => {
    // 299 + 149 + 79 + 59 = 586 → 644.60
    expect(orderTotals(586).grandTotal).toBe(644.6);
    expect(orderTotals(0)).toEqual({ subtotal: 0, tax: 0, grandTotal: 0 });
  });

  it('computes a line amount in cents', () => {
    expect(lineTotal({ price: 59.99, quantity: 3 })).toBe(179.97);
    expect(lineTotal({ price: 0.1, quantity: 3 })).toBe(0.3);
  });
});
