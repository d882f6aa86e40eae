import { lazy, Suspense, useEffect, useState } from 'react';
import { OfflineIndicator } from './OfflineIndicator.tsx';

// The service worker registration and the update prompt (with workbox-window) load only after the
// window's `load` event: they are never on the critical path of the first paint.
const UpdatePrompt = lazy(() => import('./UpdatePrompt.tsx').then((m) => ({ default: m.UpdatePrompt })));

function useWindowLoaded(): boolean {
  const [loaded, setLoaded] = useState(() => document.readyState === 'complete');
  useEffect(() => {
    if (loaded) return;
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, [loaded]);
  return loaded;
}

/** Mounted once by the root layout: the offline badge and the "new version" prompt. */
export function PwaStatus() {
  const loaded = useWindowLoaded();
  const canRegister = loaded && 'serviceWorker' in navigator;
  return (
    <>
      <OfflineIndicator />
      {canRegister && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
    </>
  );
}
