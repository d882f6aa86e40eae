import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { AddProductFormSchema, EMPTY_NEW_PRODUCT, EditItemFormSchema, NewInventoryItemSchema, parseDecimal, parseWhole } from '@/features/inventory/schemas.ts';
import { stockStatus, summarizeStock } from '@/features/inventory/stock-status.ts';

describe('stock status', () => {
  it.each([
    [0, 0, 'out_of_stock'],
    [0, 5, 'out_of_stock'],
    [1, 5, 'low_stock'],
    [5, 5, 'low_stock'],
    [6, 5, 'in_stock'],
    [3, 0, 'in_stock'],
  ] as const)('current %i with minimum %i is %s', (current_stock, minimum_stock, status) => {
    expect(stockStatus({ current_stock, minimum_stock })).toBe(status);
  });

  it('summarizes the sheet: rows, units, low and out', () => {
    const rows = [
      { current_stock: 0, minimum_stock: 3 },
      { current_stock: 2, minimum_stock: 3 },
      { current_stock: 3, minimum_stock: 3 },
      { current_stock: 40, minimum_stock: 10 },
    ];
    expect(summarizeStock(rows)).toEqual({ items: 4, units: 45, low: 2, out: 1 });
    expect(summarizeStock([])).toEqual({ items: 0, units: 0, low: 0, out: 0 });
  });
});

describe('Add Product numbers', () => {
  it('parses stock figures as whole numbers and prices as decimals', () => {
    expect(parseWhole('12')).toBe(12);
    expect(parseWhole('12.9')).toBe(12);
    expect(parseWhole('')).toBe(0);
    expect(parseWhole(7)).toBe(7);
    expect(parseDecimal('19.95')).toBe(19.95);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal(4)).toBe(4);
  });

  it('defaults empty numbers to 0, an empty cost price and empty texts to null', () => {
    const parsed = v.parse(NewInventoryItemSchema, { ...EMPTY_NEW_PRODUCT, product_name: ' Spare Fob ', sku: ' GG-RM-099 ' });
    expect(parsed).toEqual({
      product_name: 'Spare Fob', sku: 'GG-RM-099', category: null, current_stock: 0, minimum_stock: 0,
      unit_price: 0, cost_price: null, supplier: null, description: null,
    });
  });

  it('keeps typed numbers and texts', () => {
    const parsed = v.parse(NewInventoryItemSchema, {
      ...EMPTY_NEW_PRODUCT, product_name: 'Fob', sku: 'F-1', category: 'accessories', current_stock: 12, minimum_stock: '4',
      unit_price: 25.5, cost_price: 6.3, supplier: ' SensIQ ', description: 'Two buttons',
    });
    expect(parsed).toMatchObject({ category: 'accessories', current_stock: 12, minimum_stock: 4, unit_price: 25.5, cost_price: 6.3, supplier: 'SensIQ' });
  });

  it('needs a name and a SKU to add (the form itself shows no message for them)', () => {
    expect(v.safeParse(NewInventoryItemSchema, { ...EMPTY_NEW_PRODUCT, sku: 'X' }).success).toBe(false);
    expect(v.safeParse(NewInventoryItemSchema, { ...EMPTY_NEW_PRODUCT, product_name: 'X', sku: '   ' }).success).toBe(false);
    expect(v.safeParse(AddProductFormSchema, EMPTY_NEW_PRODUCT).success).toBe(true);
  });

  it('refuses negative figures and over-long texts with a message', () => {
    const result = v.safeParse(AddProductFormSchema, { ...EMPTY_NEW_PRODUCT, current_stock: -1, sku: 'x'.repeat(65) });
    expect(result.success).toBe(false);
    expect(result.issues?.map((issue) => issue.message)).toEqual(expect.arrayContaining(['Current stock cannot be negative', 'SKU must be at most 64 characters']));
    expect(v.safeParse(EditItemFormSchema, { current_stock: 3, minimum_stock: 1, unit_price: -2 }).success).toBe(false);
  });
});
