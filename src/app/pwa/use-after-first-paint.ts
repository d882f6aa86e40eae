import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

/**
 * True once the page has loaded, the router has rendered the first route (its lazy chunks and
 * loader are done) and the main thread is idle. In this SPA the window `load` event fires before
 * the first paint (route chunks are imported dynamically), so `load` alone is not late enough for
 * work that must not compete with the first paint.
 */
export function useAfterFirstPaint(): boolean {
  const routerIdle = useRouterState({ select: (state) => state.status === 'idle' && !state.isLoading });
  // Read in an effect, not during render: prerendered pages render this hook in Node too.
  const [loaded, setLoaded] = useState(false);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (loaded) return;
    if (document.readyState === 'complete') {
      setLoaded(true);
      return;
    }
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, [loaded]);

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
