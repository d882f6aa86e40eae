// Removing the saved query cache at sign-out. This module is imported at start-up (the session
// registers it), so it holds no TanStack Query or Dexie code: those load only when needed.
import { nextCacheEpoch } from './epoch.ts';

const liveClients = new Set<(userId?: string) => void>();

/** The in-memory clients register how to empty themselves; returns the unregister function. */
export function onQueryCacheClear(clear: (userId?: string) => void): () => void {
  liveClients.add(clear);
  return () => liveClients.delete(clear);
}

/**
 * Removes the query cache of `userId` (every user's when omitted, as at sign-out, when the
 * session is already gone) from memory and from the device.
 */
export async function clearQueryCache(userId?: string): Promise<void> {
  nextCacheEpoch();
  for (const clear of liveClients) clear(userId);
  const { deleteSavedCaches } = await import('./cache-db.ts');
  await deleteSavedCaches(userId);
}
