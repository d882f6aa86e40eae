// Public API of the sync center. Everything here loads Dexie: import it only from signed-in
// chunks (the /sync route, the area shells) or with import() (the navbar, the sign-out guard).
export { SyncCenterPage } from './components/SyncCenterPage.tsx';
export { countUnsynced, NO_COUNTS, type SyncCounts, type SyncEntries } from './data.ts';
export { isReadError, useSyncCounts, useSyncEntries, type SyncRead } from './use-sync-data.ts';
export { changesText, pendingBadge, syncState, syncStateText, syncSummary, type SyncState } from './sync-state.ts';
