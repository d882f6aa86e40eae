import { request } from '@playwright/test';
import { LOCAL_ANON_KEY } from '../../../src/lib/env.ts';
import { appOrigin } from './paths.ts';


/** A product's stock as the database holds it now (anonymous REST read, as the catalogue does). */
export async function stockOf(productId: number): Promise<number> {
  const api = await request.newContext({ baseURL: appOrigin() });
  const response = await api.get(`/rest/v1/products?id=eq.${productId}&select=stock`, { headers: { apikey: LOCAL_ANON_KEY } });
  const [row] = await response.json();
  await api.dispose();
  return row.stock as number;
}

/** What the product page says about a stock level. */
export const stockText = (stock: number) => (stock === 0 ? 'Out of Stock' : stock <= 5 ? `Only ${stock} left` : `In stock (${stock} available)`);
