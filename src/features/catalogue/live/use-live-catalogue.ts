import { startTransition, useEffect, useState } from 'react';
import type { LiveById } from '../data/products-remote.ts';
import { liveCatalogueStore, refreshLiveCatalogue } from './store.ts';

/** A focus refetches only when the last answer is older than this. */
export const FOCUS_REFRESH_AFTER_MS = 30_000;
/** Without requestIdleCallback (Safari) the first fetch waits this long after hydration. */
export const IDLE_FALLBACK_MS = 1000;

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 4000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(run, IDLE_FALLBACK_MS);
  return () => clearTimeout(timer);
}

/**
 * Live price/stock of the catalogue for a screen that shows products. The first render (and the
 * prerendered HTML) gets null, so hydration matches; once the page is hydrated and the main thread
 * idle, the values are fetched (loading supabase-js then, not before first paint), and again when
 * the window regains focus after a while. Every screen using this shares one store and one fetch.
 *
 * A new answer re-renders the page as a transition, which React renders in slices between input
 * events. (zustand's `useStore` subscribes through useSyncExternalStore, whose updates always
 * render in one blocking task: on a product page that was the longest task after hydration.)
 */
export function useLiveCatalogue(): LiveById | null {
  const [byId, setById] = useState(() => liveCatalogueStore.getState().byId);

  useEffect(() => {
    const update = () => startTransition(() => setById(liveCatalogueStore.getState().byId));
    const unsubscribe = liveCatalogueStore.subscribe(update);
    // An answer that arrived between the first render and this subscription is picked up too
    // (the same value as the first render's bails out without a render).
    update();
    return unsubscribe;
  }, []);

  useEffect(() => {
    // One fetch per page view: a mount schedules it, an unmount before it ran cancels it.
    const cancel = whenIdle(() => void refreshLiveCatalogue());
    const onFocus = () => {
      if (document.visibilityState === 'hidden') return;
      if (Date.now() - liveCatalogueStore.getState().fetchedAt < FOCUS_REFRESH_AFTER_MS) return;
      void refreshLiveCatalogue();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      cancel();
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  }, []);

  return byId;
}
