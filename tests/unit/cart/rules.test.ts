import { describe, expect, it } from 'vitest';
import { cartLineId, normaliseAddQuantity, normaliseSetQuantity } from '@/features/cart/rules.ts';

describe('cart line id', () => {
  it('is the product id without a variant', () => {
    expect(cartLineId(3)).toBe('3');
    expect(cartLineId(3, '  ')).toBe('3');
  });

  it('adds the variant so colours are separate lines', () => {
    expect(cartLineId(1, 'Color: Black')).toBe('1:Color=Black');
    expect(cartLineId(1, 'Color: White')).not.toBe(cartLineId(1, 'Color: Black'));
    expect(cartLineId(1, 'Color: Black, Size: L')).toBe('1:Color=Black,Size=L');
  });
});

describe('quantities', () => {
  it('adds 1 by default and whole quantities of at least 1 otherwise', () => {
    expect(normaliseAddQuantity(undefined)).toBe(1);
    expect(normaliseAddQuantity(3)).toBe(3);
    expect(normaliseAddQuantity(2.9)).toBe(2);
    expect(normaliseAddQuantity(0)).toBeNull();
    expect(normaliseAddQuantity(Number.NaN)).toBeNull();
  });

  it('floors set quantities at 0 and ignores non-finite input', () => {
    expect(normaliseSetQuantity(2.7)).toBe(2);
    expect(normaliseSetQuantity(0.5)).toBe(0);
    expect(normaliseSetQuantity(-4)).toBe(0);
    expect(normaliseSetQuantity(Number.POSITIVE_INFINITY)).toBeNull();
    expect(normaliseSetQuantity(Number.NaN)).toBeNull();
  });
});
