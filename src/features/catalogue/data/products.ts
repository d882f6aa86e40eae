// The catalogue as the build read it from the seeded database (src/app/snapshot): the product
// summaries (what lists and cards show) in display order, and each product's long-form details in
// a chunk of their own that loads with a detail page. Route loaders and the prerender read it, so
// the first render and hydration agree; after hydration the screens lay the live rows of
// `public.products` over it (../live/). A product added since the build is not in the snapshot:
// its detail page reads it live (./products-remote.ts; offline, the service worker's copy).
import rows from 'virtual:db-snapshot/catalogue';
import type { Product, ProductSummary } from '../schemas.ts';
import { parseDetailRows, parseProductRows } from './product-rows.ts';

/** The snapshot's products on sale, in display order. Exported for tests; screens use listProducts(). */
const SNAPSHOT: ProductSummary[] = parseProductRows(rows)
  .filter((product) => product.isActive)
  .map(({ isActive: _isActive, ...summary }) => summary);
export const CATALOGUE: readonly ProductSummary[] = SNAPSHOT;

/** All products of the snapshot, validated at the boundary (the same check a live row gets). */
export async function listProducts(): Promise<ProductSummary[]> {
  return SNAPSHOT;
}

async function snapshotDetails(id: number) {
  const detailRows = (await import('virtual:db-snapshot/catalogue-details')).default;
  return parseDetailRows(detailRows).get(id);
}

/**
 * One product with its details, or null when there is none (the detail page shows "Product Not
 * Found"). A product of the snapshot comes from it; any other is read live in the browser (the
 * prerender never asks for one).
 */
export async function getProduct(id: number): Promise<Product | null> {
  if (!Number.isInteger(id) || id < 1) return null;
  const summary = CATALOGUE.find((p) => p.id === id);
  if (summary) {
    const details = await snapshotDetails(id);
    return details ? { ...summary, ...details } : null;
  }
  if (typeof window === 'undefined') return null;
  const { fetchProduct } = await import('./products-remote.ts');
  return fetchProduct(id).catch(() => null);
}
