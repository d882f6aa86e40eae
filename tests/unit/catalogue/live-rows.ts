// Test data: products rows as PostgREST returns them for the shop's summary columns, built from
// the build's snapshot, and the live products they parse into.
import { CATALOGUE } from '@/features/catalogue/data/products.ts';
import type { LiveProduct } from '@/features/catalogue/data/product-rows.ts';

export function dbRow(id: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  const p = CATALOGUE.find((x) => x.id === id)!;
  return {
    id, name: p.name, description: p.description, price: p.price, original_price: p.originalPrice ?? null, images: p.images,
    badge: p.badge ?? null, category: p.category, compatibility: p.compatibility ?? null, accessory_type: p.accessoryType ?? null,
    features: p.features, rating: p.rating, review_count: p.reviewCount, stock: p.stock, variants: p.variants ?? [], is_active: true,
    ...over,
  };
}

/** A row only Inventory's Add Product filled: everything else at the table's defaults. */
export function bareRow(id: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id, name: 'Door Sensor', description: '', price: 29, original_price: null, images: [], badge: null, category: 'accessories',
    compatibility: null, accessory_type: null, features: [], rating: null, review_count: 0, stock: 4, variants: [], is_active: true,
    ...over,
  };
}

export function liveProduct(id: number, over: Partial<LiveProduct> = {}): LiveProduct {
  return { ...CATALOGUE.find((x) => x.id === id)!, isActive: true, ...over };
}
