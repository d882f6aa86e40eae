import { authStore, onSignOut, type AuthState } from '@/features/auth';
import { forgetKeptTickets } from '@/db/replication/kept-tickets.ts';
import { forgetSyncedOnce } from '@/db/sync/synced-once.ts';
import { IDLE_USER_DATA, userDataStore } from '@/db/user-data-store.ts';
import { importAgain } from '@/lib/import-again.ts';
import type { AppRouter } from '../router.ts';

type Running = ReturnType<typeof import('./data-layer.ts').runDataLayer>;

/**
 * Joins the data layer to the session (called once at boot, before the first session check).
 * Its code loads only once a user appears: a visitor who never signs in downloads none of it.
 * Until it has loaded, the store already says the user's data is opening, so screens show their
 * loading state rather than an empty list.
 */
export function startDataLayer(router: AppRouter): void {
  let running: Promise<Running> | undefined;
  let seenUser: string | null = null;
  const follow = (state: AuthState) => {
    if (!state.user || running) return;
    seenUser = state.user.id;
    if (state.status === 'signed-in') userDataStore.setState({ ...IDLE_USER_DATA, userId: seenUser, status: 'opening' });
    running = importAgain(() => import('./data-layer.ts')).then(({ runDataLayer }) => {
      stop();
      return runDataLayer(router, seenUser);
    });
    // A chunk that still cannot load (offline, never cached) leaves the screens without their data,
    // never the page broken; the next page load tries again.
    running.catch((error: unknown) => {
      console.error('Loading the data layer failed', error);
      userDataStore.setState({ ...IDLE_USER_DATA, userId: seenUser, status: 'failed', error });
    });
  };
  const stop = authStore.subscribe(follow);
  follow(authStore.getState());
  // Sign-out removes the user's database (and their sync records) from this device.
  onSignOut(() => {
    if (seenUser) {
      forgetSyncedOnce(seenUser);
      forgetKeptTickets(seenUser);
    }
    return running?.then((layer) => layer.purge());
  });
}
