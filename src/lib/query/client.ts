import { MutationCache, onlineManager, QueryClient } from '@tanstack/react-query';
import { syncStatus } from '@/db/sync/status.ts';
import { onQueryCacheClear } from './clear.ts';
import { CACHE_MAX_AGE_MS, STALE_TIME_MS } from './config.ts';
import './meta.ts';

// TanStack Query assumes it is online until a browser event says otherwise, so an app started
// offline would try (and fail) its first requests. It follows the sync status instead, which
// starts from navigator.onLine: one answer to "are we online?" for the header and every query.
// Always, not only while a provider has mounted a client: a screen's first query starts before
// its provider's effects run.
onlineManager.setEventListener(() => undefined);
onlineManager.setOnline(syncStatus.getState().online);
syncStatus.subscribe((state) => onlineManager.setOnline(state.online));

/**
 * A QueryClient with the app's rules for online-only data:
 * - an answer is fresh for 5 minutes; no automatic retries (a failure is shown, with Retry);
 * - networkMode 'online': offline, a query does not run but waits (fetchStatus 'paused') and
 *   keeps the data it has, so a screen shows its saved answer rather than an error, and refetches
 *   when the connection returns. 'offlineFirst' would fire the request once and turn the saved
 *   answer into an error state: our service worker caches no per-user responses to answer it;
 * - mutations run regardless of the connection (networkMode 'always'): an online-only change
 *   made offline fails at once with its error instead of waiting, unseen, to apply later (writes
 *   that must survive going offline go through the sync outbox);
 * - a mutation's `meta.invalidates` lists are refetched when it settles, and the mutation ends
 *   only then, so a screen's list already shows the change when its button stops spinning (a list
 *   paused offline does not hold the mutation up: TanStack resolves a paused refetch at once);
 * - answers stay in memory as long as they stay on the device (gcTime = the persister's maxAge).
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      onSettled: async (_data, _error, _variables, _context, mutation) => {
        const lists = mutation.meta?.invalidates ?? [];
        await Promise.all(lists.map((queryKey) => client.invalidateQueries({ queryKey })));
      },
    }),
    defaultOptions: {
      queries: { staleTime: STALE_TIME_MS, gcTime: CACHE_MAX_AGE_MS, retry: false, networkMode: 'online' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  return client;
}

let current: { userId: string; client: QueryClient } | undefined;

/**
 * The signed-in user's client: the same one across their areas (switching from /admin to the
 * support dashboard keeps the answers in memory), a new one for another user or after a clear.
 */
export function userQueryClient(userId: string): QueryClient {
  if (current?.userId !== userId) {
    current?.client.clear();
    current = { userId, client: createQueryClient() };
  }
  return current.client;
}

onQueryCacheClear((userId) => {
  if (!current || (userId !== undefined && current.userId !== userId)) return;
  current.client.clear();
  current = undefined;
});
