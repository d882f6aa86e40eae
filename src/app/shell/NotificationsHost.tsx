import { lazy, Suspense, type ReactNode } from 'react';
import { useNotifications } from '@mantine/notifications';
import { useAfterFirstPaint } from '@/app/pwa/use-after-first-paint.ts';
import { importAgain } from '@/lib/import-again.ts';

// Mantine's toast container, with its transition and scroll-lock helpers, was a tenth of the JS
// every page ran at start. It loads after first paint, or at once when a toast is shown before
// then: toasts wait in Mantine's store and appear when the container mounts.
// A chunk that still fails after its retries (offline before the service worker cached it) costs
// the toasts of this page view, not the page: the layout must not fall to the router's error screen.
const ToastContainer = lazy<() => ReactNode>(() =>
  importAgain(() => import('./ToastContainer.tsx')).catch((error: unknown) => {
    console.error('The toast container could not be loaded.', error);
    return { default: () => null };
  }),
);

/** Mounted once by the root layout: where `notifications.show()` toasts appear. */
export function NotificationsHost() {
  const ready = useAfterFirstPaint();
  const waiting = useNotifications().notifications.length > 0;
  if (!ready && !waiting) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
