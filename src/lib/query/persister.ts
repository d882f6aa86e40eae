import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { defaultShouldDehydrateQuery } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { savedCacheStorage } from './cache-db.ts';
import { CACHE_MAX_AGE_MS, QUERY_CACHE_VERSION } from './config.ts';

/**
 * How a user's query cache is saved on the device: TanStack's async-storage persister over a
 * Dexie table, one row per user (the key is the user id). Saves are throttled to one a second;
 * answers that succeeded are saved unless a query says `meta: { persist: false }`. A cache
 * older than a day or saved under another QUERY_CACHE_VERSION is discarded on restore.
 */
export function userPersistOptions(userId: string): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: createAsyncStoragePersister({ storage: savedCacheStorage(), key: userId, throttleTime: 1000 }),
    maxAge: CACHE_MAX_AGE_MS,
    buster: QUERY_CACHE_VERSION,
    dehydrateOptions: {
      shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) && query.meta?.persist !== false,
    },
  };
}
