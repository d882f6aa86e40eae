// The light entry of the sync center: the live counts and the words for the header indicator,
// the offline badge and the sign-out dialog, without the page (which index.ts adds), so the area
// shells do not download the page with every screen.
export { countUnsynced, NO_COUNTS, type SyncCounts, type SyncEntries } from './data.ts';
export { isReadError, useLastSynced, useRecordLastSynced, useSyncCounts, useSyncEntries, type SyncRead } from './use-sync-data.ts';
export { problemSentence, problemShort, useSyncProblem } from './problem-words.ts';
export { changesText, pendingBadge, replacedText, syncState, syncStateText, syncSummary, type SyncState } from './sync-state.ts';
