import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useNotifications } from '@mantine/notifications';

// Mantine's toast container, with its transition and scroll-lock helpers, was a tenth of the JS
// every page ran at start, and mounting it was a task of its own while the page opened. It loads
// with the first toast (the service worker keeps its chunk for offline use): toasts wait in
// Mantine's store and appear when the container mounts, and it stays mounted from then on.
// A chunk that fails to load (offline before the service worker cached it) costs the toasts of
// this page view, not the page: the layout must not fall to the router's error screen.
const ToastContainer = lazy<() => ReactNode>(() =>
  import('./ToastContainer.tsx').catch((error: unknown) => {
    console.error('The toast container could not be loaded.', error);
    return { default: () => null };
  }),
);

/** Mounted once by the root layout: where `notifications.show()` toasts appear. */
export function NotificationsHost() {
  const waiting = useNotifications().notifications.length > 0;
  const [needed, setNeeded] = useState(false);
  // Adjusting state while rendering (React's pattern for state derived from a change).
  if (waiting && !needed) setNeeded(true);
  if (!needed && !waiting) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
