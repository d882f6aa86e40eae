import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '@/features/catalogue/data/products.ts';
import {
  clampQuantity,
  defaultVariantChoice,
  discountPercent,
  filterProducts,
  hasActiveFilters,
  nextIndex,
  NO_FILTERS,
  parseProductId,
  prevIndex,
  relatedProducts,
  variantLabel,
  warrantyHeadline,
} from '@/features/catalogue/rules.ts';
import type { ProductSummary as Product } from '@/features/catalogue/schemas.ts';

const byId = (id: number): Product => {
  const p = CATALOGUE.find((x) => x.id === id);
  if (!p) throw new Error(`no product ${id}`);
  return p;
};
const ids = (ps: Product[]) => ps.map((p) => p.id);

describe('discountPercent', () => {
  it('rounds (original - price) / original * 100', () => {
    expect(discountPercent({ price: 299, originalPrice: 349 })).toBe(14); // 14.33
    expect(discountPercent({ price: 50, originalPrice: 80 })).toBe(38); // 37.5 rounds up
    expect(discountPercent({ price: 1, originalPrice: 3 })).toBe(67);
  });
  it('is null without an original price or when it is not higher', () => {
    expect(discountPercent({ price: 149 })).toBeNull();
    expect(discountPercent({ price: 149, originalPrice: 149 })).toBeNull();
    expect(discountPercent({ price: 149, originalPrice: 100 })).toBeNull();
  });
});

describe('relatedProducts', () => {
  const make = (id: number, category: Product['category'], compatibility: Product['compatibility']): Product => ({
    ...byId(1),
    id,
    category,
    compatibility,
  });

  it('returns products sharing category or compatibility, never the product itself', () => {
    expect(ids(relatedProducts(byId(1), CATALOGUE))).toEqual([2]); // shares most-openers
    expect(ids(relatedProducts(byId(3), CATALOGUE))).toEqual([4]); // shares accessories
    expect(ids(relatedProducts(byId(4), CATALOGUE))).toEqual([3]);
  });

  it('caps the list at 3 and keeps catalogue order', () => {
    const all = [make(1, 'indoor', 'universal'), make(2, 'indoor', 'most-openers'), make(3, 'bundle', 'universal'), make(4, 'indoor', 'outdoor-unit'), make(5, 'indoor', 'universal')];
    expect(ids(relatedProducts(all[0]!, all))).toEqual([2, 3, 4]);
  });

  it('is empty when nothing matches', () => {
    const all = [make(1, 'indoor', 'universal'), make(2, 'bundle', 'outdoor-unit')];
    expect(relatedProducts(all[0]!, all)).toEqual([]);
  });
});

describe('filterProducts', () => {
  it("treats 'all' as no filter", () => {
    expect(ids(filterProducts(CATALOGUE, NO_FILTERS))).toEqual([1, 2, 3, 4]);
  });
  it.each([
    [{ category: 'bundle' }, [1]],
    [{ category: 'indoor' }, [2]],
    [{ category: 'outdoor' }, []],
    [{ category: 'accessories' }, [3, 4]],
    [{ compatibility: 'most-openers' }, [1, 2]],
    [{ compatibility: 'universal' }, [4]],
    [{ compatibility: 'outdoor-unit' }, [3]],
    [{ accessoryType: 'power' }, [3, 4]],
    [{ accessoryType: 'sensors' }, []],
    [{ category: 'accessories', compatibility: 'universal' }, [4]],
    [{ category: 'accessories', accessoryType: 'power', compatibility: 'outdoor-unit' }, [3]],
    [{ category: 'bundle', accessoryType: 'power' }, []],
    [{ category: 'indoor', compatibility: 'most-openers' }, [2]],
  ] as const)('%o gives %o', (partial, expected) => {
    expect(ids(filterProducts(CATALOGUE, { ...NO_FILTERS, ...partial }))).toEqual(expected);
  });
  it('knows when any filter is set', () => {
    expect(hasActiveFilters(NO_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...NO_FILTERS, accessoryType: 'mounting' })).toBe(true);
  });
});

describe('clampQuantity', () => {
  it('bounds to 1..stock', () => {
    expect(clampQuantity(0, 15)).toBe(1);
    expect(clampQuantity(-3, 15)).toBe(1);
    expect(clampQuantity(7, 15)).toBe(7);
    expect(clampQuantity(16, 15)).toBe(15);
    expect(clampQuantity(15, 15)).toBe(15);
  });
  it('floors fractions and resets nonsense to 1', () => {
    expect(clampQuantity(2.9, 15)).toBe(2);
    expect(clampQuantity(Number.NaN, 15)).toBe(1);
    expect(clampQuantity(Number.POSITIVE_INFINITY, 15)).toBe(1);
  });
  it('gives 0 when out of stock', () => {
    expect(clampQuantity(1, 0)).toBe(0);
  });
});

describe('gallery index', () => {
  it('wraps at both ends', () => {
    expect(nextIndex(0, 4)).toBe(1);
    expect(nextIndex(3, 4)).toBe(0);
    expect(prevIndex(0, 4)).toBe(3);
    expect(prevIndex(2, 4)).toBe(1);
  });
  it('stays at 0 for one or no image', () => {
    expect(nextIndex(0, 1)).toBe(0);
    expect(prevIndex(0, 1)).toBe(0);
    expect(nextIndex(0, 0)).toBe(0);
  });
});

describe('variants and labels', () => {
  it('preselects the first option and labels the cart line', () => {
    const choice = defaultVariantChoice(byId(1).variants);
    expect(choice).toEqual({ Color: 'White' });
    expect(variantLabel({ ...choice, Color: 'Black' })).toBe('Color: Black');
    expect(variantLabel(defaultVariantChoice(byId(2).variants))).toBeUndefined();
  });
  it('turns warranty durations into feature-grid headlines', () => {
    expect(warrantyHeadline('2 years')).toBe('2-Year Warranty');
    expect(warrantyHeadline('10 years')).toBe('10-Year Warranty');
    expect(warrantyHeadline('18 months')).toBe('18-Month Warranty');
    expect(warrantyHeadline('Lifetime')).toBe('Lifetime Warranty');
  });
  it('accepts only plain positive integer ids from the URL', () => {
    expect(parseProductId('1')).toBe(1);
    expect(parseProductId('42')).toBe(42);
    for (const bad of ['0', '01', '1.0', '1e0', 'abc', '', '-1', ' 1', '9999999999']) expect(parseProductId(bad)).toBeNull();
  });
});
