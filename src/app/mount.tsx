import { startTransition } from 'react';
import type * as ReactDomClient from 'react-dom/client';
import { App } from './App.tsx';
import { canHydrate } from './prerender/marker.ts';
import { createAppRouter } from './router.ts';
import { connectSession } from './session.ts';

/**
 * Renders the app into #root: hydrates a page prerendered at build time for this URL
 * (src/app/prerender/), client-renders the SPA shell otherwise.
 */
export async function mountApp(root: HTMLElement, { createRoot, hydrateRoot }: typeof ReactDomClient): Promise<void> {
  const router = createAppRouter();
  // Before the first route loads: guarded routes wait for the first session check.
  connectSession(router);
  // Creating the router and resolving the first URL each cost a first-call compile of router code:
  // separate tasks keep both short.
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
  if (!canHydrate(root, window.location)) {
    // The SPA shell (any other URL, or a prerendered page opened with a search string).
    createRoot(root).render(<App router={router} />);
    return;
  }
  // Resolve the same matches (route chunks, loader data) the prerender had, then hydrate.
  // `router.ssr` makes the router render the server's tree shape (no extra Suspense around the
  // matches), as TanStack's own hydration does. The transition lets React hydrate in slices.
  router.ssr = { manifest: undefined };
  const prerenderedPath = window.location.pathname;
  await router.load();
  // A guarded page (the dashboard's loading shell) whose guard sent the visitor elsewhere, or
  // failed: what the router shows is not the prerendered page, so it is rendered over it.
  const matched = router.state.location.pathname === prerenderedPath && router.state.matches.every((match) => match.status === 'success');
  if (!matched) {
    router.ssr = undefined;
    createRoot(root).render(<App router={router} />);
    return;
  }
  // The visitor may have scrolled the prerendered page already: hydration's first "rendered" event
  // must not send them back to the top (the router resets the scroll on each rendered navigation).
  router._scroll.n = false;
  startTransition(() => {
    hydrateRoot(root, <App router={router} />);
  });
}
