// The built-in catalogue snapshot: the rich content (overview, specs, images, …) plus the price and
// stock of a fresh database (tests/unit/catalogue/seed-snapshot.test.ts keeps them equal to
// supabase/seed.sql). Route loaders and the prerender read it; after hydration the screens lay the
// live commerce values of `public.products` over it (./products-remote.ts, ../live/).
import * as v from 'valibot';
import { ProductSchema, type Product } from '../schemas.ts';
import { backupBattery } from './items/backup-battery.ts';
import { completeSystem } from './items/complete-system.ts';
import { indoorUnit } from './items/indoor-unit.ts';
import { solarPanelKit } from './items/solar-panel-kit.ts';

const ProductListSchema = v.array(ProductSchema);

/** The built-in catalogue, in display order. Exported for tests; screens use listProducts(). */
export const CATALOGUE: readonly Product[] = [completeSystem, indoorUnit, solarPanelKit, backupBattery];

let validated: Product[] | undefined;

/** All products, validated at the boundary (the same check a fetched catalogue will get). */
export async function listProducts(): Promise<Product[]> {
  validated ??= v.parse(ProductListSchema, CATALOGUE);
  return validated;
}

/** One product by id, or null when there is none (the detail page shows "Product Not Found"). */
export async function getProduct(id: number): Promise<Product | null> {
  if (!Number.isInteger(id)) return null;
  const products = await listProducts();
  return products.find((p) => p.id === id) ?? null;
}
