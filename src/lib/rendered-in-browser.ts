import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React renders on the server or hydrates a prerendered page, true afterwards (and
 * for any page rendered in the browser). What depends on when, where or for whom a page renders
 * (relative times, local times, a cookie's choice) waits for it: hydration must produce exactly
 * the prerendered HTML.
 */
export function useRenderedInBrowser(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
