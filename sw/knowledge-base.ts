/// <reference lib="webworker" />
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { giveWayPlugin } from './give-way.ts';
import { isKbListRequest, kbArticleIdOf } from '../src/lib/kb-public-api.ts';

export const KB_CACHE = 'gg-kb-v1';
/** After this long without an answer the kept copy is used (slow or captive networks). */
export const KB_NETWORK_TIMEOUT_S = 3;

async function idsIn(response: Response): Promise<Set<string> | null> {
  try {
    const rows = (await response.clone().json()) as unknown;
    if (!Array.isArray(rows)) return null;
    return new Set(rows.map((row) => (row as { id?: unknown }).id).filter((id): id is string => typeof id === 'string'));
  } catch {
    return null;
  }
}

/** Drops the kept answers of every article the latest list no longer has (unpublished or deleted). */
async function dropArticlesNotIn(published: Set<string>): Promise<void> {
  const cache = await caches.open(KB_CACHE);
  for (const request of await cache.keys()) {
    const id = kbArticleIdOf(request.method, new URL(request.url));
    if (id && !published.has(id)) await cache.delete(request, { ignoreVary: true });
  }
}

/**
 * Offline, an article whose kept copy was dropped because the last list no longer had it is
 * answered as the server would have answered then: not published (an empty result). The page
 * then says so instead of keeping the copy the build prerendered. Without a kept list nothing is
 * known and the read fails as any offline read.
 */
async function unpublishedAnswer(request: Request): Promise<Response | undefined> {
  const id = kbArticleIdOf(request.method, new URL(request.url));
  if (!id) return undefined;
  const cache = await caches.open(KB_CACHE);
  for (const kept of await cache.keys()) {
    if (!isKbListRequest(kept.method, new URL(kept.url))) continue;
    const published = await idsIn((await cache.match(kept, { ignoreVary: true })) ?? new Response('null'));
    if (published && !published.has(id)) return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
  }
  return undefined;
}

/**
 * The public article pages' reads (src/lib/kb-public-api.ts), kept for offline reading: network
 * first, so readers online see the current text, with the last answer as the fallback. The page
 * itself (the app shell and its code) is precached. Unpublishing reaches the cache at the next
 * sync: a fresh list drops the kept answer of every article it no longer holds, and a fresh answer
 * without the article (it was unpublished or deleted) drops that article's kept copy. Articles are
 * public and the same for every caller, so a copy matches whatever Authorization header the
 * request carries (ignoreVary). Only complete (200) answers are kept.
 */
export function registerKnowledgeBaseCaching(): void {
  registerRoute(
    ({ request, url }) => isKbListRequest(request.method, url),
    new NetworkFirst({
      cacheName: KB_CACHE,
      networkTimeoutSeconds: KB_NETWORK_TIMEOUT_S,
      matchOptions: { ignoreVary: true },
      plugins: [
        giveWayPlugin,
        { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
        {
          cacheDidUpdate: async ({ newResponse }) => {
            const published = await idsIn(newResponse);
            if (published) await dropArticlesNotIn(published);
          },
        },
      ],
    }),
  );
  registerRoute(
    ({ request, url }) => kbArticleIdOf(request.method, url) !== null,
    new NetworkFirst({
      cacheName: KB_CACHE,
      networkTimeoutSeconds: KB_NETWORK_TIMEOUT_S,
      matchOptions: { ignoreVary: true },
      plugins: [
        giveWayPlugin,
        {
          cacheWillUpdate: async ({ request, response }) => {
            if (response.status !== 200) return null;
            const ids = await idsIn(response);
            if (ids && ids.size > 0) return response;
            // Answered, but the article is no longer published: forget the copy kept earlier.
            await (await caches.open(KB_CACHE)).delete(request, { ignoreVary: true });
            return null;
          },
          handlerDidError: ({ request }) => unpublishedAnswer(request),
        },
      ],
    }),
  );
}
