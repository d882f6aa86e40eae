import { useLiveQuery } from 'dexie-react-hooks';
import type { CollectionName } from '../collections/index.ts';
import { syncDb, type PendingWrite } from './sync-db.ts';

export type WriteState = PendingWrite['state'];

const NONE: ReadonlyMap<string, WriteState> = new Map();

/** The documents of one collection with a write the server has not accepted yet, by id. */
export async function readWriteStates(userId: string, collection: CollectionName): Promise<Map<string, WriteState>> {
  const entries = await syncDb().pending.where('userId').equals(userId).filter((entry) => entry.collection === collection).toArray();
  return new Map(entries.map((entry) => [entry.docId, entry.state]));
}

/**
 * Which of a collection's documents are still on their way to the server ('pending') or were
 * refused for good ('failed'), live in every tab, so a screen can mark them on their cards. Empty
 * while the sync records open or when they cannot be read: the sync center reports that itself.
 */
export function useWriteStates(userId: string | null, collection: CollectionName): ReadonlyMap<string, WriteState> {
  return (
    useLiveQuery(async () => (userId ? await readWriteStates(userId, collection).catch(() => NONE) : NONE), [userId, collection]) ?? NONE
  );
}
