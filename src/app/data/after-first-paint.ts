import type { AppRouter } from '../router.ts';

const pageLoaded = () =>
  document.readyState === 'complete' ? Promise.resolve() : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));

// The first route has rendered once the router has resolved a location and is not loading another.
const routerSettled = (router: AppRouter) => router.state.resolvedLocation !== undefined && router.state.status === 'idle' && !router.state.isLoading;

function firstRoute(router: AppRouter): Promise<void> {
  if (routerSettled(router)) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe('onResolved', () => {
      stop();
      resolve();
    });
  });
}

function idle(): Promise<void> {
  // requestIdleCallback is missing in Safari; a short timer is the usual stand-in.
  if (typeof window.requestIdleCallback === 'function') return new Promise((resolve) => window.requestIdleCallback(() => resolve(), { timeout: 5000 }));
  return new Promise((resolve) => setTimeout(resolve, 1500));
}

/**
 * Resolves once the page has loaded, the first route has rendered and the main thread is idle:
 * the same moment as the PWA's useAfterFirstPaint, for work started outside React.
 */
export async function afterFirstPaint(router: AppRouter): Promise<void> {
  await pageLoaded();
  await firstRoute(router);
  await idle();
}
