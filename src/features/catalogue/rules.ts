// Pure catalogue rules (spec §9), shared by the list and detail screens and unit-tested.
import type { AccessoryType, Category, Compatibility, ProductSummary, Variant } from './schemas.ts';

/** Whole-number percentage saved against the original price; null when there is no discount. */
export function discountPercent(product: Pick<ProductSummary, 'price' | 'originalPrice'>): number | null {
  const { price, originalPrice } = product;
  if (originalPrice === undefined || originalPrice <= 0 || originalPrice <= price) return null;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}

export const MAX_RELATED = 3;

/** Up to 3 other products sharing the category or the compatibility, in catalogue order. */
export function relatedProducts<T extends ProductSummary>(product: ProductSummary, all: readonly T[]): T[] {
  return all
    .filter((p) => p.id !== product.id && (p.category === product.category || (p.compatibility !== undefined && p.compatibility === product.compatibility)))
    .slice(0, MAX_RELATED);
}

/** 'all' means "do not filter on this field". */
export interface ProductFilters {
  category: Category | 'all';
  compatibility: Compatibility | 'all';
  accessoryType: AccessoryType | 'all';
}

export const NO_FILTERS: ProductFilters = { category: 'all', compatibility: 'all', accessoryType: 'all' };

export function hasActiveFilters(filters: ProductFilters): boolean {
  return filters.category !== 'all' || filters.compatibility !== 'all' || filters.accessoryType !== 'all';
}

export function filterProducts<T extends ProductSummary>(products: readonly T[], filters: ProductFilters): T[] {
  return products.filter(
    (p) =>
      (filters.category === 'all' || p.category === filters.category) &&
      (filters.compatibility === 'all' || p.compatibility === filters.compatibility) &&
      // A product without an accessory type never matches a specific one.
      (filters.accessoryType === 'all' || p.accessoryType === filters.accessoryType),
  );
}

/**
 * Quantity a shopper may pick: a whole number between 1 and the stock.
 * Out of stock (stock < 1) gives 0, which the screen treats as "cannot add".
 */
export function clampQuantity(quantity: number, stock: number): number {
  const max = Math.floor(stock);
  if (!(max >= 1)) return 0;
  if (!Number.isFinite(quantity)) return 1;
  return Math.min(max, Math.max(1, Math.floor(quantity)));
}

/** Gallery navigation wraps around at both ends. */
export function nextIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return (((index + 1) % length) + length) % length;
}

export function prevIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return (((index - 1) % length) + length) % length;
}

/** The first option of each variant, preselected so Add to Cart always has a complete choice. */
export function defaultVariantChoice(variants: readonly Variant[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const v of variants ?? []) if (v.options[0] !== undefined) out[v.name] = v.options[0];
  return out;
}

/** "Color: Black" style label for the cart line, from the chosen option per variant. */
export function variantLabel(choices: Record<string, string>): string | undefined {
  const parts = Object.entries(choices).map(([name, option]) => `${name}: ${option}`);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/** "2 years" → "2-Year Warranty" for the feature grid; other wordings are shown as given. */
export function warrantyHeadline(duration: string): string {
  const match = /^(\d+)\s*(year|month)s?$/i.exec(duration.trim());
  if (!match) return `${duration} Warranty`;
  const unit = match[2]!.toLowerCase() === 'year' ? 'Year' : 'Month';
  return `${match[1]}-${unit} Warranty`;
}

/** Product id from a URL segment: digits only ("1", not "1.0", "1e0" or "abc"); else null. */
export function parseProductId(segment: string): number | null {
  if (!/^[1-9]\d{0,8}$/.test(segment)) return null;
  return Number(segment);
}
