// The catalogue read live from `public.products`: every summary column, so a product added or
// edited by an admin reaches the shop after hydration, and one product with its details for a
// detail page the build did not prerender. The service worker keeps the answers for offline use.
import * as v from 'valibot';
import { CATALOGUE_DETAILS_SELECT, CATALOGUE_SUMMARY_SELECT } from '@/lib/catalogue-api.ts';
import { loadSupabase } from '@/lib/load-supabase.ts';
import type { Product } from '../schemas.ts';
import { parseProductRows, ProductDetailsRowSchema, toDetails, type LiveProduct } from './product-rows.ts';

/** The live products by id, in display order (a Map keeps insertion order). */
export type LiveById = ReadonlyMap<number, LiveProduct>;

/**
 * Every product the caller may see (RLS: active products for anon and customers; admins also get
 * inactive ones, which the shop shows as unavailable). Throws on a network or server error and on
 * a malformed row; an aborted call throws an AbortError.
 */
export async function fetchLiveCatalogue(signal?: AbortSignal): Promise<LiveById> {
  const supabase = await loadSupabase();
  let query = supabase.from('products').select(CATALOGUE_SUMMARY_SELECT).order('sort_order').order('id');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (signal?.aborted) throw new DOMException('Catalogue refresh cancelled', 'AbortError');
  if (error) throw new Error(`products: ${error.message}`, { cause: error });
  return new Map(parseProductRows(data).map((row) => [row.id, row]));
}

/** One product on sale with its details, or null when the caller may not see it. */
export async function fetchProduct(id: number): Promise<Product | null> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.from('products').select(`${CATALOGUE_SUMMARY_SELECT},${CATALOGUE_DETAILS_SELECT.replace(/^id,/, '')}`).eq('id', id);
  if (error) throw new Error(`products: ${error.message}`, { cause: error });
  const row = data[0] as Record<string, unknown> | undefined;
  if (!row) return null;
  const [summary] = parseProductRows([row]);
  if (!summary?.isActive) return null;
  const { isActive: _isActive, ...rest } = summary;
  return { ...rest, ...toDetails(v.parse(ProductDetailsRowSchema, row)) };
}
