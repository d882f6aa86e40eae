// The commerce fields of the catalogue, read live from `public.products` (price, stock, ratings,
// availability). The rich content (overview, specs, images, …) stays in ./items: it is part of the
// build and prerendered, so only these columns are fetched.
import * as v from 'valibot';
import { loadSupabase } from '@/lib/load-supabase.ts';

/** Exactly the columns the storefront takes from the database; the service worker caches this query. */
export const COMMERCE_COLUMNS = 'id,price,original_price,stock,rating,review_count,is_active';

// PostgREST sends numeric columns as JSON numbers; a string is accepted too (some proxies and
// `numeric` casts give "299.00"), as long as it is a finite number.
const Numeric = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.decimal())]),
  v.transform(Number),
  v.finite(),
  v.minValue(0),
);

export const ProductCommerceRowSchema = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  price: Numeric,
  original_price: v.nullable(Numeric),
  stock: v.pipe(v.number(), v.integer(), v.minValue(0)),
  rating: v.nullable(v.pipe(Numeric, v.maxValue(5))),
  review_count: v.pipe(v.number(), v.integer(), v.minValue(0)),
  is_active: v.boolean(),
});

/** Live values of one product, in the catalogue's own field names. */
export interface ProductCommerce {
  price: number;
  originalPrice?: number;
  stock: number;
  rating?: number;
  reviewCount: number;
  isActive: boolean;
}

export type CommerceById = ReadonlyMap<number, ProductCommerce>;

export function toCommerce(row: v.InferOutput<typeof ProductCommerceRowSchema>): ProductCommerce {
  return {
    price: row.price,
    ...(row.original_price !== null ? { originalPrice: row.original_price } : {}),
    stock: row.stock,
    ...(row.rating !== null ? { rating: row.rating } : {}),
    reviewCount: row.review_count,
    isActive: row.is_active,
  };
}

/**
 * Price, stock and ratings of every product the caller may see (RLS: active products for anon and
 * customers). Throws on a network or server error and on a malformed row; an aborted call throws
 * an AbortError.
 */
export async function fetchProductCommerce(signal?: AbortSignal): Promise<CommerceById> {
  const supabase = await loadSupabase();
  let query = supabase.from('products').select(COMMERCE_COLUMNS).order('id');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (signal?.aborted) throw new DOMException('Catalogue refresh cancelled', 'AbortError');
  if (error) throw new Error(`products: ${error.message}`, { cause: error });
  const rows = v.parse(v.array(ProductCommerceRowSchema), data);
  return new Map(rows.map((row) => [row.id, toCommerce(row)]));
}
