import { useCallback, useSyncExternalStore } from 'react';
import { syncStatus, useSyncStatus } from './status.ts';

// Whether this device has ever finished a sync of the user's data: until then its empty
// collections mean "not here yet", not "none". A localStorage flag, not the sync database's
// record: screens at start-up read it, and Dexie must stay out of their first-paint JavaScript.

const key = (userId: string) => `garage-synced-once:${userId}`;

function stored(userId: string): boolean {
  try {
    return localStorage.getItem(key(userId)) !== null;
  } catch {
    return false;
  }
}

/** A full sync of the user's data finished on this device (called by the tab that synced). */
export function noteSyncedOnce(userId: string): void {
  try {
    localStorage.setItem(key(userId), '1');
  } catch {
    /* blocked storage: screens wait for this tab's own sync instead */
  }
}

/** Sign-out removed the user's data from this device. */
export function forgetSyncedOnce(userId: string): void {
  try {
    localStorage.removeItem(key(userId));
  } catch {
    /* nothing stored */
  }
}

function subscribe(onChange: () => void): () => void {
  // Another tab (the one that replicates) notes the flag; this tab's own sync shows in syncStatus.
  window.addEventListener('storage', onChange);
  const stop = syncStatus.subscribe(onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    stop();
  };
}

/** True once this device has finished a sync of the user's data, in any tab, at any visit. */
export function syncedOnce(userId: string | null): boolean {
  return userId !== null && (syncStatus.getState().lastSyncedAt !== null || stored(userId));
}

/**
 * Live syncedOnce. Screens do not judge their rows by it: a query's answer lags the sync that
 * wrote them (RxDB recomputes it later, React renders it later still, as a transition), so a screen
 * reading this flag beside its answers saw the flag first and empty answers as "none". They read
 * the flag that travels with each answer instead (useCollectionQuery's `synced`).
 */
export function useSyncedOnce(userId: string | null): boolean {
  const read = useCallback(() => syncedOnce(userId), [userId]);
  return useSyncExternalStore(subscribe, read, () => false);
}

/**
 * On a device that has never finished a sync for this user, empty collections mean "not here yet",
 * not "none": a returning customer on a new phone saw "No orders yet" (or zeros and the new
 * customer's checklist) until the first pull arrived. Screens wait, while answers that do not yet
 * reflect a finished sync (`synced`) and that first sync can happen (online, the server answering);
 * offline or failing, they show what the device has.
 */
export function useAwaitingFirstSync(synced: boolean): boolean {
  const possible = useSyncStatus((status) => status.online && status.lastError === null);
  return !synced && possible;
}
