/// <reference lib="webworker" />
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { giveWayPlugin } from './give-way.ts';
import { cmsPageSlugOf } from '../src/lib/cms-public-api.ts';

export const CMS_PAGES_CACHE = 'gg-cms-pages-v1';
/** After this long without an answer the kept copy is used (slow or captive networks). */
export const CMS_NETWORK_TIMEOUT_S = 3;

async function hasRows(response: Response): Promise<boolean> {
  try {
    const rows = (await response.clone().json()) as unknown;
    return Array.isArray(rows) && rows.length > 0;
  } catch {
    return false;
  }
}

/**
 * The public CMS pages' reads (src/lib/cms-public-api.ts: legal and solution pages), kept for
 * offline reading: network first, so readers online see the current text, with the last answer as
 * the fallback. The page itself (the prerendered HTML and its code) is precached. A fresh answer
 * without the page (unpublished or deleted) drops the copy kept earlier, so it is not shown
 * offline either. Pages are public and the same for every caller, so a copy matches whatever
 * Authorization header the request carries (ignoreVary). Only complete (200) answers are kept.
 */
export function registerCmsPageCaching(): void {
  registerRoute(
    ({ request, url }) => cmsPageSlugOf(request.method, url) !== null,
    new NetworkFirst({
      cacheName: CMS_PAGES_CACHE,
      networkTimeoutSeconds: CMS_NETWORK_TIMEOUT_S,
      matchOptions: { ignoreVary: true },
      plugins: [
        giveWayPlugin,
        {
          cacheWillUpdate: async ({ request, response }) => {
            if (response.status !== 200) return null;
            if (await hasRows(response)) return response;
            await (await caches.open(CMS_PAGES_CACHE)).delete(request, { ignoreVary: true });
            return null;
          },
        },
      ],
    }),
  );
}
