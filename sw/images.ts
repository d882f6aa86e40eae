import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { giveWayPlugin } from './give-way.ts';
import { isApiPath } from './api-routes.ts';

export const IMAGE_CACHE = 'gg-images-v1';

/**
 * Images that are not in the precache (e.g. added to public/ by content later, or referenced by
 * CMS pages) are cached on first use. Product SVGs, icons and the hero poster are precached and
 * answered by the precache route before this one is consulted.
 *
 * The hero video is deliberately NOT cached: it is several MB, is fetched with Range requests, and
 * offline the <video> element falls back to its (precached) poster image, which is what a visitor
 * without a connection should see anyway.
 */
export function registerImageCaching(): void {
  registerRoute(
    ({ request, url }) => request.destination === 'image' && url.origin === self.location.origin && !isApiPath(url.pathname),
    new CacheFirst({
      cacheName: IMAGE_CACHE,
      // Only status-200 responses are stored (CacheFirst's default without a cacheWillUpdate plugin).
      plugins: [giveWayPlugin, new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
    }),
  );
}
