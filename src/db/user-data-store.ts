import { createStore } from 'zustand/vanilla';
import type { UserData } from './session.ts';

/**
 * The signed-in user's data layer as the screens see it. The app opens and closes it
 * (src/app/data/); screens read it through the hooks of ./react.tsx. Kept apart from those
 * hooks and free of RxDB at runtime: the app's start-up code imports this store, and nothing of
 * RxDB may load with it.
 */
export interface UserDataState {
  /** Whose data is opening or open; null when signed out. */
  userId: string | null;
  status: 'idle' | 'opening' | 'ready' | 'failed';
  data: UserData | null;
  error: unknown;
  /** Opens again after a failure (set by whoever runs the data layer). */
  retry: (() => void) | null;
}

export const IDLE_USER_DATA: UserDataState = { userId: null, status: 'idle', data: null, error: null, retry: null };

export const userDataStore = createStore<UserDataState>()(() => IDLE_USER_DATA);
