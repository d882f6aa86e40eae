// Live commerce values over the static snapshot. Pure, so the list, the detail page, related
// products and the purchase panel all show the same numbers for the same data.
import type { CommerceById } from '../data/products-remote.ts';
import type { ProductSummary } from '../schemas.ts';

/**
 * The product with the database's price, original price, stock and ratings. `live` null (not
 * fetched yet: prerender, first render, offline without a cached copy) keeps the snapshot. A
 * product the database no longer offers (inactive, or absent from an answer that arrived) cannot
 * be bought: its stock reads 0.
 */
export function mergeCommerce<T extends ProductSummary>(product: T, live: CommerceById | null): T {
  if (!live) return product;
  const row = live.get(product.id);
  if (!row || !row.isActive) return product.stock === 0 ? product : { ...product, stock: 0 };
  const { originalPrice: _staticOriginal, ...rest } = product;
  // A "was" price at or below the price would advertise a negative discount: not shown.
  const originalPrice = row.originalPrice !== undefined && row.originalPrice > row.price ? row.originalPrice : undefined;
  // The same product with its commerce fields replaced (details, if any, pass through untouched).
  return {
    ...rest,
    ...(originalPrice !== undefined ? { originalPrice } : {}),
    price: row.price,
    stock: row.stock,
    rating: row.rating ?? product.rating,
    reviewCount: row.reviewCount,
  } as T;
}

export function mergeAll<T extends ProductSummary>(products: readonly T[], live: CommerceById | null): T[] {
  return products.map((product) => mergeCommerce(product, live));
}

/** What the detail page says about the stock; 'low' from 1 to LOW_STOCK items. */
export const LOW_STOCK = 5;

export function stockLabel(stock: number): string {
  if (stock < 1) return 'Out of Stock';
  if (stock <= LOW_STOCK) return `Only ${stock} left`;
  return `In stock (${stock} available)`;
}
