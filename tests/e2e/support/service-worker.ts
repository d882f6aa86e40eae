import { expect, type Page } from '@playwright/test';

/**
 * Waits until the page's service worker is installed and active (its precache is complete: the
 * install step fails otherwise). The app registers it only after the window's load event.
 */
export async function waitForActiveServiceWorker(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (worker && worker.state !== 'activated') {
      await new Promise<void>((done) => worker.addEventListener('statechange', () => worker.state === 'activated' && done()));
    }
    return registration.active?.scriptURL ?? '';
  });
}

/** Whether the page is controlled by a service worker, and by which script. */
export async function controllerScript(page: Page): Promise<string | null> {
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
}

/**
 * One online visit as a user makes it: load the page, wait for the worker to be activated, reload
 * so the worker controls the page (it does not claim open pages on first install).
 */
export async function visitUntilControlled(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await waitForActiveServiceWorker(page);
  await page.reload();
  await expect.poll(() => controllerScript(page)).toMatch(/\/sw\.js$/);
}

/**
 * Waits until this page's own registration code has run (it loads workbox-window lazily after the
 * first paint), so assertions about the update prompt are not made before the app could show it.
 */
export async function waitForAppRegistration(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('workbox-window'))), { timeout: 20_000 })
    .toBe(true);
}
