// The public REST reads of the catalogue (public.products), shared by the build's snapshot
// (src/app/snapshot/queries.ts), the shop (which makes the same reads live) and the service worker.
// Dependency-free: vite.config.ts loads this file in Node.

/** What lists, cards, related products and the cart show (and the commerce figures). */
export const CATALOGUE_SUMMARY_SELECT =
  'id,name,description,price,original_price,images,badge,category,compatibility,accessory_type,features,rating,review_count,stock,variants,is_active';

/** The long-form content only the detail page shows. */
export const CATALOGUE_DETAILS_SELECT = 'id,overview,specifications,installation,warranty';

/** Display order of the shop. */
export const CATALOGUE_ORDER = 'sort_order.asc,id.asc';

/** Every product the caller may see (RLS: active products for anon and customers), in display order. */
export function catalogueListUrl(base: string): string {
  return `${base}/rest/v1/products?select=${CATALOGUE_SUMMARY_SELECT}&order=${CATALOGUE_ORDER}`;
}

/** The detail pages' content of every product the caller may see. */
export function catalogueDetailsUrl(base: string): string {
  return `${base}/rest/v1/products?select=${CATALOGUE_DETAILS_SELECT}&order=id.asc`;
}
