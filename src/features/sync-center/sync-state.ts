import type { SyncStatus } from '@/db/sync/status.ts';
import type { SyncCounts } from './data.ts';

/**
 * One word for the state of this device's changes, most urgent first: no connection; a sync
 * running; writes the server refused; writes still waiting; nothing left to send.
 */
export type SyncState = 'offline' | 'syncing' | 'failed' | 'waiting' | 'synced';

export function syncState(status: Pick<SyncStatus, 'online' | 'active'>, counts: SyncCounts): SyncState {
  if (!status.online) return 'offline';
  if (status.active) return 'syncing';
  if (counts.failed > 0) return 'failed';
  if (counts.pending > 0) return 'waiting';
  return 'synced';
}

export function syncStateText(state: SyncState, counts: SyncCounts): string {
  switch (state) {
    case 'offline':
      return 'Offline';
    case 'syncing':
      return 'Syncing…';
    case 'failed':
      return `${counts.failed} failed`;
    case 'waiting':
      return 'Waiting to sync';
    case 'synced':
      return 'Up to date';
  }
}

export function changesText(count: number): string {
  return `${count} ${count === 1 ? 'change' : 'changes'}`;
}

/** What the indicator says in words, e.g. "Sync status: Offline, 3 changes not synced". */
export function syncSummary(state: SyncState, counts: SyncCounts): string {
  const words = `Sync status: ${syncStateText(state, counts)}`;
  return counts.total > 0 ? `${words}, ${changesText(counts.total)} not synced` : words;
}

/** The small badge: only for a positive count, capped like the cart's. */
export function pendingBadge(total: number): string | null {
  if (total <= 0) return null;
  return total > 99 ? '99+' : String(total);
}
