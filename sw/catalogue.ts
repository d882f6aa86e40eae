import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { giveWayPlugin } from './give-way.ts';

export const CATALOGUE_CACHE = 'gg-catalogue-v1';
/** After this long without an answer the last copy is used (slow or captive networks). */
export const CATALOGUE_NETWORK_TIMEOUT_S = 3;

/**
 * The live catalogue query (`/rest/v1/products?select=…`) on any origin: the local stack serves it
 * same-origin, a Supabase project from its own. `/rest/v1/products_x` or any other table is not it.
 */
export function isCatalogueRequest(method: string, url: URL): boolean {
  return method === 'GET' && /^\/rest\/v1\/products\/?$/.test(url.pathname);
}

/**
 * The last copy of each catalogue read, for offline browsing (ARCHITECTURE.md: the catalogue is
 * read offline from the service-worker cache): the live list of every product (which replaces the
 * build's snapshot after hydration) and the single-product read of a product added since the
 * build, whose page was not prerendered. Each read is kept under its own URL. Network first, so online visitors see
 * the live numbers; only complete (200) answers are kept. Products are public and identical for
 * every caller, so the copy is matched whatever Authorization header the request carries
 * (ignoreVary). No other /rest/v1 or /auth/v1 path is cached (sw/api-routes.ts).
 */
export function registerCatalogueCaching(): void {
  registerRoute(
    ({ request, url }) => isCatalogueRequest(request.method, url),
    new NetworkFirst({
      cacheName: CATALOGUE_CACHE,
      networkTimeoutSeconds: CATALOGUE_NETWORK_TIMEOUT_S,
      matchOptions: { ignoreVary: true },
      plugins: [giveWayPlugin, { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) }],
    }),
  );
}
