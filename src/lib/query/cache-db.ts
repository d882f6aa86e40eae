import Dexie, { type EntityTable } from 'dexie';
import type { AsyncStorage } from '@tanstack/react-query-persist-client';
import { cacheEpoch } from './epoch.ts';

/** One signed-in user's saved query cache: the persister's serialized client, as one string. */
export interface SavedQueryCache {
  userId: string;
  value: string;
  savedAt: number;
}

export const QUERY_CACHE_DB_NAME = 'garage-query-cache';

class QueryCacheDatabase extends Dexie {
  caches!: EntityTable<SavedQueryCache, 'userId'>;

  constructor() {
    super(QUERY_CACHE_DB_NAME);
    this.version(1).stores({ caches: 'userId' });
  }
}

let instance: QueryCacheDatabase | undefined;
const db = () => (instance ??= new QueryCacheDatabase());

/**
 * The persister's storage: its key is the user id, so each user's answers are one row of their
 * own and a restore never reads another user's. Writes made after a clear (see cacheEpoch) are
 * dropped.
 */
export function savedCacheStorage(): AsyncStorage<string> {
  const startedIn = cacheEpoch();
  return {
    getItem: async (userId) => (await db().caches.get(userId))?.value ?? null,
    setItem: async (userId, value) => {
      if (cacheEpoch() !== startedIn) return;
      await db().caches.put({ userId, value, savedAt: Date.now() });
    },
    removeItem: async (userId) => {
      await db().caches.delete(userId);
    },
  };
}

/** Deletes the saved cache of `userId`, or of every user. */
export async function deleteSavedCaches(userId?: string): Promise<void> {
  if (userId === undefined) await db().caches.clear();
  else await db().caches.delete(userId);
}

