import type { OutboxEntry, PendingWrite } from './sync-db.ts';

/**
 * What the sync center can ask of the data layer. The running session (src/db/session.ts)
 * registers the implementation; until then (signed out, still loading) the calls do nothing, so
 * the UI never needs to know whether RxDB has loaded.
 */
export interface SyncActions {
  /** Pull and push every collection and deliver the outbox now; resolves when done or failed. */
  syncNow(): Promise<void>;
  /** Sends a failed row write again (the document as it is now on this device). */
  retryWrite(entry: PendingWrite): Promise<void>;
  /** Drops a failed row write: the document goes back to the server's version (or away). */
  discardWrite(entry: PendingWrite): Promise<void>;
  retryOutbox(entry: OutboxEntry): Promise<void>;
  discardOutbox(entry: OutboxEntry): Promise<void>;
}

// Parts register separately (the replication its row actions, the outbox its own); a call goes
// to the most recent part that implements it, and does nothing when none does.
const parts: Partial<SyncActions>[] = [];

export function registerSyncActions(part: Partial<SyncActions>): () => void {
  parts.push(part);
  return () => {
    const index = parts.indexOf(part);
    if (index >= 0) parts.splice(index, 1);
  };
}

function route<K extends keyof SyncActions>(name: K): SyncActions[K] {
  return (async (...args: Parameters<SyncActions[K]>) => {
    const handlers = parts.map((part) => part[name]).filter((fn) => fn !== undefined);
    // syncNow is everyone's job (replication and outbox); the rest belong to one part.
    const chosen = name === 'syncNow' ? handlers : handlers.slice(-1);
    await Promise.all(chosen.map((fn) => (fn as (...a: unknown[]) => Promise<void>)(...args)));
  }) as SyncActions[K];
}

export const syncActions: SyncActions = {
  syncNow: route('syncNow'),
  retryWrite: route('retryWrite'),
  discardWrite: route('discardWrite'),
  retryOutbox: route('retryOutbox'),
  discardOutbox: route('discardOutbox'),
};
