import { useEffect, useState } from 'react';

/**
 * Runs `run` once the page is idle (after hydration and first paint), or after 200 ms without the
 * API. Bounded like the app's other idle work: on a page that is never idle (a slow phone busy
 * syncing) the browser may otherwise defer the callback without end, and the live read with it.
 */
export const whenIdle = (run: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 3000 }) : setTimeout(run, 200));

/**
 * What a public page's loader gave (the build's copy, or a live read), replaced by `read()`'s live
 * answer once the page is idle: an edit, an unpublished row or a new one shows without a rebuild.
 * An answer that cannot arrive ('unavailable': offline and never kept by the service worker) keeps
 * what the page shows. `key` names what is shown; `read` must be stable for a key.
 */
export function useLiveAfterIdle<T extends { status: string }>(initial: T, key: string, read: () => Promise<T>): T {
  const [live, setLive] = useState<{ key: string; data: T } | null>(null);
  useEffect(() => {
    let current = true;
    whenIdle(() => {
      void read().then((data) => {
        if (current && data.status !== 'unavailable') setLive({ key, data });
      });
    });
    return () => {
      current = false;
    };
  }, [key, read]);
  return live?.key === key ? live.data : initial;
}
