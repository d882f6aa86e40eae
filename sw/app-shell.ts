/**
 * The plain SPA shell (an empty #root). The build writes it next to the prerendered pages (whose
 * index.html is the prerendered home page): URLs without a prerendered page are answered with it,
 * by `vite preview` (src/app/prerender/plugin.ts) and by the service worker (navigation.ts).
 */
export const APP_SHELL_FILE = 'shell.html';

/**
 * A navigation whose last path segment has an extension (/robots.txt, /manifest.webmanifest,
 * /sw.js) asks for a file, never an app page (app paths and slugs have no dots): the service
 * worker leaves it to the network instead of answering with the shell. Workbox matches these
 * against path and query together, so a dot in the query (/auth?email=a.b@c.d) does not count.
 */
export const FILE_PATH = /^[^?]*\/[^/?]*\.[^/?]*(?:\?|$)/;
