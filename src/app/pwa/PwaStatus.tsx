import { lazy, Suspense } from 'react';
import { importAgain } from '@/lib/import-again.ts';
import { useAfterFirstPaint } from './use-after-first-paint.ts';
import { useOutboxDelivery } from '../outbox.ts';

// The service worker registration and the update prompt (with workbox-window) load only after the
// first route has painted and the main thread is idle: they never compete with the first paint,
// and the worker's precaching never competes with the page's own requests.
const UpdatePrompt = lazy(() => importAgain(() => import('./UpdatePrompt.tsx')).then((m) => ({ default: m.UpdatePrompt })));

/** Mounted once by the root layout: the "new version" prompt (the layouts place the offline badge). */
export function PwaStatus() {
  const ready = useAfterFirstPaint();
  useOutboxDelivery(ready);
  const canRegister = ready && 'serviceWorker' in navigator;
  return (
    <>
      {canRegister && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
    </>
  );
}
