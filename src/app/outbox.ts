import { useEffect } from 'react';
import { onEnqueued, syncDataStored } from '@/db/sync/stored.ts';
import { authStore, type AuthState } from '@/features/auth';

// Only a fully signed-in session sends a user's queued calls (not one still owing its second factor).
const signedInUser = (state: AuthState) => (state.status === 'signed-in' ? (state.user?.id ?? null) : null);

/**
 * Starts the device outbox once `ready` (after first paint) when there may be something to send:
 * what earlier visits left queued (this device has a sync database), or, on a device that never
 * queued anything, the first call queued in this tab. Then it sends a user's own entries again
 * whenever the signed-in user changes. Loaded with import(), so neither it nor Dexie is part of
 * any page's start-up code, and a first visit loads neither.
 */
export function useOutboxDelivery(ready: boolean): void {
  useEffect(() => {
    if (!ready) return;
    let cancelled = false;
    let started = false;
    let stop = () => {};
    const start = () => {
      if (started) return;
      started = true;
      stop();
      void import('@/db/outbox/index.ts').then(({ startOutbox, deliverOutbox }) => {
        if (cancelled) return;
        const stopOutbox = startOutbox({ getUserId: () => signedInUser(authStore.getState()) });
        const unsubscribe = authStore.subscribe((state, previous) => {
          if (signedInUser(state) !== signedInUser(previous)) void deliverOutbox();
        });
        stop = () => {
          unsubscribe();
          stopOutbox();
        };
      });
    };
    const offEnqueued = onEnqueued(start);
    stop = offEnqueued;
    void syncDataStored().then((stored) => {
      if (stored && !cancelled) start();
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [ready]);
}
