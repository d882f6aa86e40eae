import { useEffect } from 'react';
import { onEnqueued, syncDataStored } from '@/db/sync/stored.ts';
import { importAgain } from '@/lib/import-again.ts';
import { authStore, type AuthState } from '@/features/auth';

// Only a fully signed-in session sends a user's queued calls (not one still owing its second factor).
const signedInUser = (state: AuthState) => (state.status === 'signed-in' ? (state.user?.id ?? null) : null);

/**
 * Starts the device outbox once `ready` (after first paint) when there may be something to send:
 * what earlier visits or other tabs left queued (this device has a sync database; checked again
 * on `online` and focus, so a queue another tab left behind when it closed is not waiting for a
 * reload), or, on a device that never queued anything, the first call queued in this tab. Then
 * it sends a user's own entries again whenever the signed-in user changes. Loaded with import(),
 * so neither it nor Dexie is part of any page's start-up code, and a first visit loads neither.
 */
export function useOutboxDelivery(ready: boolean): void {
  useEffect(() => {
    if (!ready) return;
    let cancelled = false;
    let loading = false;
    let stopOutbox = () => {};
    const start = () => {
      if (loading || cancelled) return;
      loading = true;
      void importAgain(() => import('@/db/outbox/index.ts')).then(
        ({ startOutbox, deliverOutbox }) => {
          if (cancelled) return;
          stopWaiting();
          const stop = startOutbox({ getUserId: () => signedInUser(authStore.getState()) });
          const unsubscribe = authStore.subscribe((state, previous) => {
            if (signedInUser(state) !== signedInUser(previous)) void deliverOutbox();
          });
          stopOutbox = () => {
            unsubscribe();
            stop();
          };
        },
        (error: unknown) => {
          // Still waiting: the next queued call, `online` or focus loads it again.
          console.error('The outbox could not be loaded.', error);
          loading = false;
        },
      );
    };
    const check = () =>
      void syncDataStored().then((stored) => {
        if (stored) start();
      });
    const offEnqueued = onEnqueued(start);
    window.addEventListener('online', check);
    window.addEventListener('focus', check);
    function stopWaiting() {
      offEnqueued();
      window.removeEventListener('online', check);
      window.removeEventListener('focus', check);
    }
    check();
    return () => {
      cancelled = true;
      stopWaiting();
      stopOutbox();
    };
  }, [ready]);
}
