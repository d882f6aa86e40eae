import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { API_DENYLIST } from './api-routes.ts';

/**
 * Every app path (/, /products, /products/1, /privacy, …) is a client-side route, so any navigation
 * is answered with the precached index.html, online or offline. Answering from the precache (not the
 * network) also means a deployed update only takes effect once the user accepts the new worker.
 */
export function registerNavigationFallback(): void {
  registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: API_DENYLIST }));
}
