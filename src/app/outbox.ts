import { useEffect } from 'react';
import { authStore, type AuthState } from '@/features/auth';

// Only a fully signed-in session sends a user's queued calls (not one still owing its second factor).
const signedInUser = (state: AuthState) => (state.status === 'signed-in' ? (state.user?.id ?? null) : null);

/**
 * Starts the device outbox once `ready` (after first paint): it sends what earlier visits left
 * queued, and a user's own entries again whenever the signed-in user changes. Loaded with
 * import(), so neither it nor Dexie is part of any page's start-up code.
 */
export function useOutboxDelivery(ready: boolean): void {
  useEffect(() => {
    if (!ready) return;
    let cancelled = false;
    let stop = () => {};
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
    return () => {
      cancelled = true;
      stop();
    };
  }, [ready]);
}
