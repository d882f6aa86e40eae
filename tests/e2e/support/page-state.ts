import type { Page } from '@playwright/test';

// What a page did and showed, for a failure's message: an end-to-end failure in CI leaves only its
// log behind, and "element not found" alone cannot tell a slow start from a lost write.

const events = new WeakMap<Page, string[]>();
const KEPT = 20;

/** Starts noting the page's console errors and warnings, uncaught errors, navigations and failed requests. */
export function watchPage(page: Page): Page {
  if (events.has(page)) return page;
  const log: string[] = [];
  events.set(page, log);
  const note = (what: string) => {
    log.push(`${new Date().toISOString().slice(11, 23)} ${what.slice(0, 300)}`);
    if (log.length > KEPT) log.shift();
  };
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') note(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => note(`uncaught: ${error.message}`));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`navigated to ${frame.url()}`);
  });
  page.on('requestfailed', (request) => note(`${request.method()} ${request.url()} failed: ${request.failure()?.errorText ?? '?'}`));
  return page;
}

/** Notes something the test saw (for example a read that met a navigation). */
export function notePage(page: Page, what: string): void {
  events.get(page)?.push(`${new Date().toISOString().slice(11, 23)} ${what}`);
}

/** Where the page is and what it shows, with the last events noted since `watchPage`. */
export function pageState(page: Page): Promise<string> {
  if (page.isClosed()) return Promise.resolve('closed');
  return page
    .evaluate(() => {
      const main = document.querySelector('main')?.innerText.replace(/\s+/g, ' ').slice(0, 840) ?? '';
      const sync = document.querySelector('[data-testid="sync-indicator"]')?.getAttribute('data-state');
      // Set by the app when it reloaded itself after a failed chunk (RouteError) or start (main.tsx).
      const reloads = ['garage-chunk-reload', 'garage-boot-reloaded'].map((key) => `${key}=${sessionStorage.getItem(key)}`).join(' ');
      const alert = document.querySelector('[role="alert"]')?.textContent;
      const since = Math.round(performance.now());
      return `${location.pathname}${location.search} (loaded ${since} ms ago, online ${navigator.onLine}), h1 ${JSON.stringify(document.querySelector('h1')?.textContent)}, sync ${sync}, ${reloads}, alert ${JSON.stringify(alert)}\nmain: ${(main.match(/.{1,280}/g) ?? ['(none)']).join('\n')}`;
    })
    .catch((error: Error) => `unreadable (${error.message.split('\n')[0]})`)
    .then((state) => `${state}\nlast page events:\n${(events.get(page) ?? []).join('\n') || '(none noted)'}`);
}
