import { useLiveQuery } from 'dexie-react-hooks';
import { readSyncCounts, readSyncEntries, type SyncCounts, type SyncEntries } from './data.ts';

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
  return useLiveQuery(() => guarded(() => (userId ? readSyncCounts(userId) : Promise.resolve({ pending: 0, failed: 0, total: 0 }))), [userId]);
}
