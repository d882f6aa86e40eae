import { useEffect, useState } from 'react';
import { REDUCED_MOTION_QUERY, readSaveData, shouldPlayHeroVideo } from '../heroMedia.ts';

/** Runs `fn` once the page has loaded and the main thread is idle, so the video never competes with first paint. */
function afterLoadAndIdle(fn: () => void): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (cancelled) return;
    if ('requestIdleCallback' in window) idleHandle = window.requestIdleCallback(fn, { timeout: 3000 });
    else timer = setTimeout(fn, 200);
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', run);
    if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * True once the hero may show its background video: after load + idle, and only while the user
 * has not asked for reduced motion (re-checked live) and the connection is not in Save-Data mode.
 */
export function useHeroVideo(): boolean {
  const [ready, setReady] = useState(false);
  const [allowed, setAllowed] = useState(false);

  useEffect(() => afterLoadAndIdle(() => setReady(true)), []);

  useEffect(() => {
    const query = window.matchMedia(REDUCED_MOTION_QUERY);
    const update = () =>
      setAllowed(shouldPlayHeroVideo({ reducedMotion: query.matches, saveData: readSaveData(navigator) }));
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  return ready && allowed;
}
