// Live rows over the build's snapshot. Pure, so the list, the detail page, related products and
// the purchase panel all show the same product for the same data.
import type { LiveById } from '../data/products-remote.ts';
import type { ProductSummary } from '../schemas.ts';

// The summary fields a live row may leave out: a row without them clears the snapshot's.
const OPTIONAL_SUMMARY_FIELDS = ['originalPrice', 'badge', 'compatibility', 'accessoryType', 'variants'] as const;

/**
 * The product as the database has it now: every summary field of its live row (details, if any,
 * pass through untouched). `live` null (not fetched yet: prerender, first render, offline without
 * a cached copy) keeps the snapshot. A product the database no longer offers (inactive, or absent
 * from an answer that arrived) cannot be bought: its stock reads 0.
 */
export function mergeCommerce<T extends ProductSummary>(product: T, live: LiveById | null): T {
  if (!live) return product;
  const row = live.get(product.id);
  if (!row || !row.isActive) return product.stock === 0 ? product : { ...product, stock: 0 };
  const { isActive: _isActive, ...summary } = row;
  const base: Record<string, unknown> = { ...product };
  for (const field of OPTIONAL_SUMMARY_FIELDS) delete base[field];
  return { ...base, ...summary } as T;
}

/** Each of these products with its live row (related products: the same products, current). */
export function mergeAll<T extends ProductSummary>(products: readonly T[], live: LiveById | null): T[] {
  return products.map((product) => mergeCommerce(product, live));
}

/** The whole catalogue: the snapshot's products with their live rows, then those on sale added since the build. */
export function mergeCatalogue(products: readonly ProductSummary[], live: LiveById | null): ProductSummary[] {
  const merged: ProductSummary[] = mergeAll(products, live);
  if (!live) return merged;
  const known = new Set(products.map((product) => product.id));
  for (const row of live.values()) {
    if (known.has(row.id) || !row.isActive) continue;
    const { isActive: _isActive, ...summary } = row;
    merged.push(summary);
  }
  return merged;
}

/** What the detail page says about the stock; 'low' from 1 to LOW_STOCK items. */
export const LOW_STOCK = 5;

export function stockLabel(stock: number): string {
  if (stock < 1) return 'Out of Stock';
  if (stock <= LOW_STOCK) return `Only ${stock} left`;
  return `In stock (${stock} available)`;
}
