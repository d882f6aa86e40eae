import { describe, expect, it } from 'vitest';
import { formatMoney, toCents } from '@/lib/money.ts';
import { orderPlacedToast } from '@/features/checkout';

describe('formatMoney', () => {
  it('shows dollars with cents and thousands separators', () => {
    expect(formatMoney(328.9)).toBe('$328.90');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(1_234_567)).toBe('$1,234,567.00');
    expect(formatMoney(-45.5)).toBe('-$45.50');
  });

  it('rounds to the cent the way the totals do (float noise never shows)', () => {
    expect(formatMoney(59.99 * 3)).toBe('$179.97');
    expect(formatMoney(0.1 + 0.2)).toBe('$0.30');
  });

  it('leaves out .00 for whole-dollar list prices only when asked', () => {
    expect(formatMoney(299, { dropZeroCents: true })).toBe('$299');
    expect(formatMoney(1299, { dropZeroCents: true })).toBe('$1,299');
    expect(formatMoney(29.99, { dropZeroCents: true })).toBe('$29.99');
    expect(formatMoney(29.9, { dropZeroCents: true })).toBe('$29.90');
    expect(formatMoney(299)).toBe('$299.00');
  });

  it('converts dollars to whole cents', () => {
    expect(toCents(59.99)).toBe(5999);
    expect(toCents(0.1 + 0.2)).toBe(30);
  });

  it('is what the order toast uses', () => {
    expect(orderPlacedToast(1234.5).message).toBe('Your order for $1,234.50 has been confirmed.');
  });
});
