import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

/**
 * The replication's live state for the header indicator: offline / syncing / up to date.
 * Counts of pending and failed writes come from the sync database (useLiveQuery), not from here,
 * because every tab must see them while only the leader tab replicates.
 */
export interface SyncStatus {
  online: boolean;
  /** True while any replication is pulling or pushing, or the outbox is delivering. */
  active: boolean;
  /**
   * The last error of a transient kind (network, 5xx), cleared by the next success. Technical
   * text for the console; the interface shows it only through classifySyncError (problem.ts).
   */
  lastError: string | null;
  /** When the part that failed tries again by itself (ms since epoch), when it is known. */
  retryAt: number | null;
  /** When every replication last finished a full pull and push (ms since epoch). */
  lastSyncedAt: number | null;
  /** True while a user's data layer is running in this tab. */
  running: boolean;
}

// The initial state says online, as a prerendered page does (zustand hydrates with the initial
// state); the browser's own answer follows at once.
export const syncStatus = createStore<SyncStatus>()(() => ({
  online: true,
  active: false,
  lastError: null,
  retryAt: null,
  lastSyncedAt: null,
  running: false,
}));

// The replication and the outbox each report their own activity; the indicator shows "syncing"
// while either is at work, so one finishing never hides the other.
const activeParts = new Set<string>();

export function setPartActive(part: 'replication' | 'outbox', active: boolean): void {
  if (active) activeParts.add(part);
  else activeParts.delete(part);
  syncStatus.setState({ active: activeParts.size > 0 });
}

export function useSyncStatus<T>(selector: (state: SyncStatus) => T): T {
  return useStore(syncStatus, selector);
}

if (typeof window !== 'undefined') {
  syncStatus.setState({ online: navigator.onLine });
  // Errors from before a change of connection are about the old one: failures while offline are
  // what "offline" already says, and after reconnecting only a failure of a new attempt counts.
  window.addEventListener('online', () => syncStatus.setState({ online: true, lastError: null, retryAt: null }));
  window.addEventListener('offline', () => syncStatus.setState({ online: false, lastError: null, retryAt: null }));
}
