// Public API of the catalogue feature: data access, rules, schemas and screens.
export { getProduct, listProducts } from './data/products.ts';
export * from './rules.ts';
export * from './schemas.ts';
export { FILTER_GROUPS } from './filter-options.ts';
export { PRODUCTS_SEARCH_DEFAULTS, ProductsSearchSchema, toSearchParams, type ProductsSearch, type ViewMode } from './filters.ts';
export { ProductsPage } from './components/ProductsPage.tsx';
export { ProductDetailPage } from './components/ProductDetailPage.tsx';
export { ProductNotFound } from './components/ProductNotFound.tsx';
export type { AddToCartHandler } from './components/PurchasePanel.tsx';
