import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { API_DENYLIST } from './api-routes.ts';
import { APP_SHELL_FILE, FILE_PATH } from './app-shell.ts';

/**
 * Navigations to the prerendered pages (/, /products, /products/1, /privacy, …) never get here: the
 * precache route answers them with their own HTML (Workbox maps `/products` to `products.html` and
 * `/` to `index.html`). Every other app path (/cart, /checkout, /products?category=…, unknown
 * pages) is a client-side route and gets the precached shell, online or offline; a file that is
 * not precached (/robots.txt) comes from the network, not as the shell (the app started on it).
 * Answering from the precache (not the network) also means a deployed update only takes effect
 * once the user accepts the new worker.
 */
export function registerNavigationFallback(): void {
  registerRoute(new NavigationRoute(createHandlerBoundToURL(APP_SHELL_FILE), { denylist: [...API_DENYLIST, FILE_PATH] }));
}
