// The built-in catalogue snapshot: the product summaries (what lists and cards show) with the price
// and stock of a fresh database (tests/unit/catalogue/seed-snapshot.test.ts keeps them equal to
// supabase/seed.sql), and each product's long-form details in a module of its own that loads with
// its detail page. Route loaders and the prerender read it; after hydration the screens lay the
// live commerce values of `public.products` over it (./products-remote.ts, ../live/).
import * as v from 'valibot';
import { ProductDetailsSchema, ProductSummarySchema, type Product, type ProductDetails, type ProductSummary } from '../schemas.ts';
import { backupBattery } from './items/backup-battery.ts';
import { completeSystem } from './items/complete-system.ts';
import { indoorUnit } from './items/indoor-unit.ts';
import { solarPanelKit } from './items/solar-panel-kit.ts';

const ProductListSchema = v.array(ProductSummarySchema);

/** The built-in catalogue, in display order. Exported for tests; screens use listProducts(). */
export const CATALOGUE: readonly ProductSummary[] = [completeSystem, indoorUnit, solarPanelKit, backupBattery];

const DETAILS: Record<number, () => Promise<ProductDetails>> = {
  1: () => import('./items/details/complete-system.ts').then((m) => m.details),
  2: () => import('./items/details/indoor-unit.ts').then((m) => m.details),
  3: () => import('./items/details/solar-panel-kit.ts').then((m) => m.details),
  4: () => import('./items/details/backup-battery.ts').then((m) => m.details),
};

let validated: ProductSummary[] | undefined;

/** All products, validated at the boundary (the same check a fetched catalogue will get). */
export async function listProducts(): Promise<ProductSummary[]> {
  validated ??= v.parse(ProductListSchema, CATALOGUE);
  return validated;
}

/** One product with its details, or null when there is none (the detail page shows "Product Not Found"). */
export async function getProduct(id: number): Promise<Product | null> {
  if (!Number.isInteger(id)) return null;
  const summary = (await listProducts()).find((p) => p.id === id);
  const loadDetails = DETAILS[id];
  if (!summary || !loadDetails) return null;
  return { ...summary, ...v.parse(ProductDetailsSchema, await loadDetails()) };
}
