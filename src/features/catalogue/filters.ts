// The valibot schema of the products list's URL search params, so filters survive reload and
// can be shared. Kept apart from the option labels: the route's search validation is part of the
// first-paint bundle, the labels only load with the page.
import * as v from 'valibot';
import { ACCESSORY_TYPES, CATEGORIES, COMPATIBILITIES } from './schemas.ts';

export const VIEW_MODES = ['grid', 'list'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

// An absent or unknown value falls back to the default instead of failing the page: a mistyped
// or outdated shared link should still show products.
const withDefault = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  v.fallback(v.optional(v.picklist(values), fallback), fallback);

export const ProductsSearchSchema = v.object({
  category: withDefault(['all', ...CATEGORIES], 'all'),
  compatibility: withDefault(['all', ...COMPATIBILITIES], 'all'),
  accessoryType: withDefault(['all', ...ACCESSORY_TYPES], 'all'),
  view: withDefault(VIEW_MODES, 'grid'),
});

export type ProductsSearch = v.InferOutput<typeof ProductsSearchSchema>;

/** Defaults are left out of the URL (the route strips them), so plain /products stays plain. */
export const PRODUCTS_SEARCH_DEFAULTS: ProductsSearch = { category: 'all', compatibility: 'all', accessoryType: 'all', view: 'grid' };

/** Search params to put in the URL: only the values that differ from the defaults. */
export function toSearchParams(search: ProductsSearch): Partial<ProductsSearch> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(PRODUCTS_SEARCH_DEFAULTS) as (keyof ProductsSearch)[]) {
    if (search[key] !== PRODUCTS_SEARCH_DEFAULTS[key]) out[key] = search[key];
  }
  return out as Partial<ProductsSearch>;
}
