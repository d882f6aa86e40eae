// Public API of the catalogue feature: data access, rules, schemas and screens.
import { CATALOGUE } from './data/products.ts';
import { liveCatalogueStore } from './live/store.ts';

export { getProduct, listProducts } from './data/products.ts';
export * from './rules.ts';
export * from './schemas.ts';
export { FILTER_GROUPS } from './filter-options.ts';
export { PRODUCTS_SEARCH_DEFAULTS, ProductsSearchSchema, toSearchParams, type ProductsSearch, type ViewMode } from './filters.ts';
export { ProductsPage } from './components/ProductsPage.tsx';
export { ProductDetailPage } from './components/ProductDetailPage.tsx';
export { ProductNotFound } from './components/ProductNotFound.tsx';
export type { AddToCartHandler } from './components/PurchasePanel.tsx';

/**
 * A product's stock now: the live value when the last live answer has that product (0 when it is
 * no longer on sale), else the build snapshot's, else undefined (no such product).
 */
export function currentStock(productId: number): number | undefined {
  const row = liveCatalogueStore.getState().byId?.get(productId);
  if (row) return row.isActive ? row.stock : 0;
  return CATALOGUE.find((product) => product.id === productId)?.stock;
}
