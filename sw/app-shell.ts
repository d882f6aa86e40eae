/**
 * The plain SPA shell (an empty #root). The build writes it next to the prerendered pages (whose
 * index.html is the prerendered home page): URLs without a prerendered page are answered with it,
 * by `vite preview` (src/app/prerender/plugin.ts) and by the service worker (navigation.ts).
 */
export const APP_SHELL_FILE = 'shell.html';
