import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncStatus } from '@/db/sync/status.ts';
import { noteSyncedOnce } from '@/db/sync/synced-once.ts';
import { NO_COUNTS, readLastSynced, readSyncCounts, readSyncEntries, recordLastSynced, type SyncCounts, type SyncEntries } from './data.ts';

/** A read that could not happen (IndexedDB blocked or broken): shown, never thrown into React. */
export interface SyncReadError {
  error: string;
}

export type SyncRead<T> = T | SyncReadError | undefined;

export function isReadError<T>(value: SyncRead<T>): value is SyncReadError {
  return typeof value === 'object' && value !== null && 'error' in value && typeof value.error === 'string';
}

async function guarded<T>(read: () => Promise<T>): Promise<T | SyncReadError> {
  try {
    return await read();
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The user's pending writes, outbox calls and conflicts, live in every tab (Dexie's liveQuery
 * re-runs on writes from this tab and, through BroadcastChannel, from the others). Undefined while
 * the database opens.
 */
export function useSyncEntries(userId: string | null): SyncRead<SyncEntries> {
  return useLiveQuery(() => guarded(() => (userId ? readSyncEntries(userId) : Promise.resolve({ pending: [], outbox: [], conflicts: [] }))), [userId]);
}

/** The header's counts, live. Undefined while the database opens. */
export function useSyncCounts(userId: string | null): SyncRead<SyncCounts> {
  return useLiveQuery(() => guarded(() => (userId ? readSyncCounts(userId) : Promise.resolve(NO_COUNTS))), [userId]);
}

/**
 * Records each sync that finishes in this tab (the leader tab replicates) in the sync database, so
 * every tab and a later visit, offline too, know when the user's data last synced. Mounted with
 * the header indicator, which every signed-in page has.
 */
export function useRecordLastSynced(userId: string | null): void {
  const live = useSyncStatus((state) => state.lastSyncedAt);
  useEffect(() => {
    if (!userId || live === null) return;
    noteSyncedOnce(userId);
    // A failed write loses only the time shown after a reload; the sync itself is unaffected.
    void recordLastSynced(userId, live).catch(() => undefined);
  }, [userId, live]);
}

/**
 * When the user's data last finished syncing on this device: in this tab, or as an earlier visit
 * or another tab recorded it, whichever is newer. Undefined while the database opens; null when
 * this device never finished a sync for the user.
 */
export function useLastSynced(userId: string | null): number | null | undefined {
  useRecordLastSynced(userId);
  const live = useSyncStatus((state) => state.lastSyncedAt);
  const stored = useLiveQuery(async () => (userId ? await readLastSynced(userId).catch(() => null) : null), [userId]);
  if (stored === undefined) return live ?? undefined;
  return Math.max(live ?? 0, stored ?? 0) || null;
}
