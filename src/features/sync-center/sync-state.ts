import type { SyncProblem } from '@/db/sync/problem.ts';
import type { SyncStatus } from '@/db/sync/status.ts';
import type { SyncCounts } from './data.ts';
import { problemShort } from './problem-words.ts';

/**
 * One word for the state of this device's changes, most urgent first: no connection; the last
 * attempt failed and the data layer is waiting to try again (while it waits it still counts as
 * "active", so without this state the header would say "Syncing…" for as long as the failures
 * last); a sync running; writes the server refused; writes still waiting; nothing left to send.
 */
export type SyncState = 'offline' | 'retrying' | 'syncing' | 'failed' | 'waiting' | 'synced';

export function syncState(status: Pick<SyncStatus, 'online' | 'active'>, counts: SyncCounts, problem: SyncProblem | null = null): SyncState {
  if (!status.online) return 'offline';
  if (problem !== null) return 'retrying';
  if (status.active) return 'syncing';
  if (counts.failed > 0) return 'failed';
  if (counts.pending > 0) return 'waiting';
  return 'synced';
}

export function syncStateText(state: SyncState, counts: SyncCounts, problem: SyncProblem | null = null): string {
  switch (state) {
    case 'offline':
      return 'Offline';
    case 'retrying':
      return problemShort(problem ?? 'server');
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

/** "1 change replaced": writes of this device a newer server version replaced, not yet seen. */
export function replacedText(count: number): string {
  return `${changesText(count)} replaced`;
}

/** What the indicator says in words, e.g. "Sync status: Offline, still signed in on this device, 3 changes not synced". */
export function syncSummary(state: SyncState, counts: SyncCounts, problem: SyncProblem | null = null): string {
  const parts = [`Sync status: ${syncStateText(state, counts, problem)}`];
  // Offline the session stays on the device: nothing is lost by being offline, even for hours.
  if (state === 'offline') parts.push('still signed in on this device');
  if (counts.total > 0) parts.push(`${changesText(counts.total)} not synced`);
  if (counts.replaced > 0) parts.push(replacedText(counts.replaced));
  return parts.join(', ');
}

/** The small badge: only for a positive count, capped like the cart's. */
export function pendingBadge(total: number): string | null {
  if (total <= 0) return null;
  return total > 99 ? '99+' : String(total);
}
