/**
 * Whether this device keeps any sync bookkeeping, answered without loading Dexie: the outbox is
 * started for a visitor only when there is something to send (a queue from an earlier visit, or
 * a first call queued now), so a first visit to the shop loads none of it.
 */
export const SYNC_DB_NAME = 'garage-sync';

/** True when unsure (no `indexedDB.databases()`, storage blocked): the outbox then starts as before. */
export async function syncDataStored(): Promise<boolean> {
  try {
    return (await indexedDB.databases()).some((db) => db.name === SYNC_DB_NAME);
  } catch {
    return true;
  }
}

const enqueued = new Set<() => void>();

/** Calls `listener` after a call is queued in this tab. */
export function onEnqueued(listener: () => void): () => void {
  enqueued.add(listener);
  return () => enqueued.delete(listener);
}

export function noteEnqueued(): void {
  for (const listener of [...enqueued]) listener();
}
