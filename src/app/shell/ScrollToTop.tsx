import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';

/**
 * Scrolls the window to the top after every rendered navigation that changes the PATH (spec §2),
 * but not for search-param changes (e.g. product filters) or hash-only moves. A path change to a
 * hash ('/#features') scrolls that element into view instead.
 */
export function ScrollToTop() {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onRendered', (event) => {
        if (!event.pathChanged) return;
        const hash = event.toLocation.hash;
        const target = hash ? document.getElementById(hash) : null;
        if (target) target.scrollIntoView();
        else window.scrollTo(0, 0);
      }),
    [router],
  );
  return null;
}
