import { createStore } from 'zustand/vanilla';
import { authStore } from '@/features/auth';
import { importAgain } from '@/lib/import-again.ts';

/** A sign-out held back until the user answers the "not synced" dialog. */
export interface HeldSignOut {
  userId: string;
  /** How many changes were not synced when the user asked. */
  count: number;
  proceed: () => Promise<void>;
}

export const signOutGuard = createStore<{ held: HeldSignOut | null }>()(() => ({ held: null }));

// Both load Dexie and the sync center's code: fetched on the first click, never with a page.
const loadCount = () => importAgain(() => import('@/features/sync-center/live.ts')).then((module) => module.countUnsynced);
export const loadSignOutDialog = () => importAgain(() => import('./SignOutDialog.tsx'));

let checking = false;

/**
 * Every Sign Out goes through here: it counts the user's pending and failed row writes and outbox
 * calls; with none the sign-out proceeds at once, otherwise the dialog (SignOutGuardHost) asks.
 * When the count cannot be read (IndexedDB unavailable) there is nothing it could warn about.
 */
export async function requestSignOut(proceed: () => Promise<void>): Promise<void> {
  const userId = authStore.getState().user?.id;
  if (!userId) return proceed();
  if (checking || signOutGuard.getState().held) return;
  checking = true;
  let count = 0;
  try {
    void loadSignOutDialog().catch(() => undefined);
    count = await (await loadCount())(userId);
  } catch {
    count = 0;
  } finally {
    checking = false;
  }
  if (count === 0) return proceed();
  signOutGuard.setState({ held: { userId, count, proceed } });
}

export function releaseSignOut(): void {
  signOutGuard.setState({ held: null });
}
