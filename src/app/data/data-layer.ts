import { authStore, type AuthState } from '@/features/auth';
import type { UserData } from '@/db/session.ts';
import { IDLE_USER_DATA, userDataStore } from '@/db/user-data-store.ts';
import type { AppRouter } from '../router.ts';
import { afterFirstPaint } from './after-first-paint.ts';
import { openForUser, removeForUser } from './open.ts';

/**
 * Runs the signed-in user's data layer in this tab: opens their RxDB database (and its
 * replication) once they are fully signed in, closes it when another user signs in, and on
 * sign-out closes it and removes it from the device with their sync records. Opening waits for
 * the first paint, so RxDB never competes with a page's start; until it opens, screens show
 * their loading state (the store says 'opening' at once).
 */

// A session still owing its second factor opens nothing.
const signedInUser = (state: AuthState) => (state.status === 'signed-in' ? (state.user?.id ?? null) : null);

export interface DataLayerDeps {
  open(userId: string): Promise<UserData>;
  remove(userId: string): Promise<void>;
}

export function createDataLayer(deps: DataLayerDeps) {
  let wanted: string | null = null;
  let started = false;
  let openData: UserData | null = null;
  // One change at a time: a close finishes before the next open of the same database name.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (task: () => Promise<void>) => {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  };

  const close = async (data: UserData) => {
    await data.close().catch((error: unknown) => console.error('Closing the data on this device failed', error));
  };

  async function settle(): Promise<void> {
    const target = wanted;
    if (openData && openData.userId === target) {
      // Switched away and back while it stayed open.
      userDataStore.setState({ userId: target, status: 'ready', data: openData, error: null, retry: null });
      return;
    }
    if (openData) {
      const previous = openData;
      openData = null;
      await close(previous);
    }
    if (!target || !started) return;
    try {
      const data = await deps.open(target);
      // Signed out or switched user while opening: the queued settle that follows does the rest.
      if (wanted !== target) return await close(data);
      openData = data;
      userDataStore.setState({ userId: target, status: 'ready', data, error: null, retry: null });
    } catch (error) {
      if (wanted !== target) return;
      console.error('Opening the data on this device failed', error);
      userDataStore.setState({ ...IDLE_USER_DATA, userId: target, status: 'failed', error, retry });
    }
  }

  function retry() {
    if (!wanted) return;
    userDataStore.setState({ ...IDLE_USER_DATA, userId: wanted, status: 'opening' });
    void enqueue(settle);
  }

  function want(userId: string | null) {
    if (userId === wanted) return;
    wanted = userId;
    // Screens stop reading the previous user's rows at once; the close follows in the queue.
    userDataStore.setState(userId ? { ...IDLE_USER_DATA, userId, status: 'opening' } : IDLE_USER_DATA);
    if (started) void enqueue(settle);
  }

  return {
    want,
    /** From now on a wanted database is opened (called after the first paint). */
    start() {
      started = true;
      void enqueue(settle);
    },
    /** Sign-out: close, then remove the user's database and sync records from this device. */
    purge(userId: string | null) {
      want(null);
      return enqueue(async () => {
        await settle();
        if (userId) await deps.remove(userId);
      });
    },
  };
}

/**
 * Runs the data layer for this tab's session (loaded by ./start.ts once a user appears).
 * `seenUser` is the user the boot code saw, in case they signed out while this module loaded.
 */
export function runDataLayer(router: AppRouter, seenUser: string | null): { purge(): Promise<void> } {
  const layer = createDataLayer({ open: openForUser, remove: removeForUser });
  // The user whose data a sign-out removes: the auth store has already forgotten them when the
  // sign-out work runs.
  let lastUser = seenUser;
  const follow = (state: AuthState) => {
    if (state.user) lastUser = state.user.id;
    layer.want(signedInUser(state));
  };
  follow(authStore.getState());
  authStore.subscribe(follow);
  void afterFirstPaint(router).then(() => layer.start());
  return {
    purge: () => layer.purge(lastUser).catch((error: unknown) => console.error('Removing the data of the signed-out user failed', error)),
  };
}
