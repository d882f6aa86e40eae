import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState, useSyncExternalStore } from 'react';

function subscribeToLoad(onChange: () => void): () => void {
  window.addEventListener('load', onChange, { once: true });
  return () => window.removeEventListener('load', onChange);
}

const isLoaded = () => document.readyState === 'complete';
// Prerendered pages render this hook in Node, and hydration must start from the same answer.
const isLoadedOnServer = () => false;

/**
 * True once the page has loaded, the router has rendered the first route (its lazy chunks and
 * loader are done) and the main thread is idle. In this SPA the window `load` event fires before
 * the first paint (route chunks are imported dynamically), so `load` alone is not late enough for
 * work that must not compete with the first paint.
 */
export function useAfterFirstPaint(): boolean {
  const routerIdle = useRouterState({ select: (state) => state.status === 'idle' && !state.isLoading });
  const loaded = useSyncExternalStore(subscribeToLoad, isLoaded, isLoadedOnServer);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (ready || !loaded || !routerIdle) return;
    // requestIdleCallback is missing in Safari; a short timer is the usual stand-in.
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setReady(true), { timeout: 5000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(() => setReady(true), 1500);
    return () => clearTimeout(timer);
  }, [ready, loaded, routerIdle]);

  return ready;
}
