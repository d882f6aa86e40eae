import { useSyncExternalStore, type ReactNode } from 'react';
import { authStore } from '@/features/auth';
import { QueryProvider } from '@/lib/query/QueryProvider.tsx';

const currentUserId = () => authStore.getState().user?.id ?? null;

/**
 * Online-only data (TanStack Query) for the screens of a signed-in area, with the signed-in
 * user's saved answers. It lives in the area shell, so it loads with the areas and never with the
 * public pages.
 */
export function AreaQueryProvider({ children }: { children: ReactNode }) {
  // The current user even while hydrating a prerendered shell (zustand's hook would give the
  // store's initial state, no user): the provider renders no HTML of its own, so hydration does not
  // mind, and the page under it is not built once for no user and then again for theirs.
  const userId = useSyncExternalStore(authStore.subscribe, currentUserId, currentUserId);
  return <QueryProvider userId={userId}>{children}</QueryProvider>;
}
