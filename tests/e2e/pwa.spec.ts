import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, type APIResponse } from './support/test.ts';
import { DEMO, signInAs } from './support/auth.ts';
import { builtAppDir } from './support/paths.ts';
import { controllerScript, visitUntilControlled, waitForActiveServiceWorker, waitForAppRegistration } from './support/service-worker.ts';
import { serveStatic } from './support/static-server.ts';

// Each Playwright test gets a fresh browser context, so no service worker or cache leaks between tests.

const OFFLINE_TEXT = 'You are offline — showing saved content';
const UPDATE_TEXT = 'A new version is available';

interface ManifestIcon { src: string; sizes: string; type?: string; purpose?: string }
interface Manifest {
  name: string; short_name: string; description: string; id: string; start_url: string; scope: string;
  display: string; theme_color: string; background_color: string; icons: ManifestIcon[];
  shortcuts: Array<{ name: string; url: string }>;
}

/** Width and height from a PNG's IHDR chunk. */
/** Logs, in the page, each step of a waiting worker taking over: its states and the controller change. */
async function recordWorkerEvents(page: Page) {
  await page.evaluate(async () => {
    const log: string[] = [];
    const t0 = performance.now();
    const note = (what: string) => log.push(`${Math.round(performance.now() - t0)} ms ${what}`);
    Object.assign(window, { e2eWorkerLog: log });
    navigator.serviceWorker.addEventListener('controllerchange', () => note(`controllerchange to ${navigator.serviceWorker.controller?.state ?? 'none'}`));
    const waiting = (await navigator.serviceWorker.getRegistration())?.waiting;
    waiting?.addEventListener('statechange', () => note(`waiting worker now ${waiting.state}`));
    note(`recording; waiting worker ${waiting?.state ?? 'none'}`);
  });
}

async function workerState(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const r = await navigator.serviceWorker.getRegistration();
    const log = (window as unknown as { e2eWorkerLog?: string[] }).e2eWorkerLog ?? ['(page reloaded: no log)'];
    return [
      `installing ${r?.installing?.state ?? 'none'}, waiting ${r?.waiting?.state ?? 'none'}, active ${r?.active?.state ?? 'none'}, controller ${navigator.serviceWorker.controller?.state ?? 'none'}`,
      `update prompt: ${document.querySelector('[aria-label="App update"]')?.textContent ?? 'gone'}`,
      ...log,
    ].join('\n');
  });
}

async function pngSize(response: APIResponse): Promise<string> {
  const bytes = await response.body();
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test('links the manifest once, with the fields and icons installation needs', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const response = await request.get(href ?? '');
  expect(response.status()).toBe(200);
  const manifest = (await response.json()) as Manifest;

  expect(manifest).toMatchObject({ name: expect.stringContaining('GarageGuard'), short_name: 'GarageGuard', id: '/', start_url: '/', scope: '/', display: 'standalone', theme_color: '#1c7ed6' });
  expect(manifest.description.length).toBeGreaterThan(20);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([['Products', '/products'], ['Cart', '/cart']]);

  const wanted = [['192x192', 'any'], ['512x512', 'any'], ['512x512', 'maskable']];
  for (const [sizes, purpose] of wanted) {
    const icon = manifest.icons.find((i) => i.sizes === sizes && (i.purpose ?? 'any').split(' ').includes(purpose ?? ''));
    expect(icon, `${sizes} ${purpose} icon`).toBeTruthy();
    const file = await request.get(icon?.src ?? '');
    expect(file.status(), icon?.src).toBe(200);
    expect(file.headers()['content-type']).toContain('image/png');
    expect(await pngSize(file)).toBe(sizes);
  }

  const appleHref = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(await pngSize(await request.get(appleHref ?? ''))).toBe('180x180');
  const favicon = await request.get((await page.locator('link[rel="icon"]').getAttribute('href')) ?? '');
  expect(favicon.status()).toBe(200);
  expect(await favicon.text()).toContain('<svg');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1c7ed6');
});

test('registers a service worker that waits for the next load instead of taking over the page', async ({ page }) => {
  await page.goto('/');
  expect(await waitForActiveServiceWorker(page)).toMatch(/\/sw\.js$/);
  // No clients.claim() on first install: the page that registered it stays uncontrolled...
  expect(await controllerScript(page)).toBeNull();
  await page.reload();
  // ...and the next load is controlled, which (with the manifest and a fetch handler) makes the app installable.
  await expect.poll(() => controllerScript(page)).toMatch(/\/sw\.js$/);
});

test('after one online visit, the storefront opens offline and the cart still works', async ({ page, context }) => {
  // The cart page needs a signed-in user; offline the app runs on the stored session and profile.
  await signInAs(page, DEMO.customer);
  await visitUntilControlled(page, '/');
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible();
  await page.goto('/products/1');
  const productName = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  expect(productName).not.toBe('');

  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('You are offline — still signed in on this device')).toBeVisible();
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible();
  await expect(page.getByText(/\d+ products? found/)).toBeVisible();
  await page.goto('/products/1');
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  // Product images come from the precache too.
  const images = page.locator('main img');
  await expect(images.first()).toBeVisible();
  await expect.poll(() => images.first().evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  // The write is asynchronous (IndexedDB): wait for its confirmation before a full page load.
  await expect(page.getByText('Added to cart')).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
  await expect(page.getByText(productName).first()).toBeVisible();
});

test('shows the offline indicator only while the connection is down', async ({ page, context }) => {
  await visitUntilControlled(page, '/products');
  await expect(page.getByText(OFFLINE_TEXT)).toHaveCount(0);
  await context.setOffline(true);
  // The live region itself has no box (the badge inside is fixed-positioned); the badge is what shows.
  await expect(page.getByRole('status').getByText(OFFLINE_TEXT)).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_TEXT)).toHaveCount(0);
});

test('offers a waiting update without reloading, holds it back in checkout, and applies it on Reload', async ({ browser }) => {
  // A private copy of the build, so this test can publish a "new version" of sw.js without a rebuild.
  const dir = await mkdtemp(join(tmpdir(), 'pwa-e2e-'));
  await cp(builtAppDir, dir, { recursive: true });
  // The catalogue read the test starts before Reload never gets an answer (poor signal).
  const server = await serveStatic(dir, { hang: (url) => url.pathname === '/rest/v1/products' && url.searchParams.has('e2e-hang') });
  const context = await browser.newContext({ baseURL: server.origin });
  try {
    const page = await context.newPage();
    await visitUntilControlled(page, '/');
    const original = await readFile(join(dir, 'sw.js'), 'utf8');
    await writeFile(join(dir, 'sw.js'), `${original}\n// e2e: version 2\n`);

    // A marker on window survives only as long as the page is not reloaded.
    await page.evaluate(() => Object.assign(window, { e2eMarker: true }));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect(page.getByText(UPDATE_TEXT)).toBeVisible({ timeout: 20_000 });
    await page.waitForTimeout(2_000);
    expect(await page.evaluate(() => 'e2eMarker' in window)).toBe(true);
    await expect(page.getByText(UPDATE_TEXT)).toBeVisible();

    // Later hides it; the update stays waiting for the next load.
    await page.getByRole('button', { name: 'Later' }).click();
    await expect(page.getByText(UPDATE_TEXT)).toHaveCount(0);

    // On /checkout the prompt waits; a client-side navigation away brings it back. Checkout needs
    // a signed-in user: this static server has no backend, so the app runs on the stored session
    // and the profile cached on the device, as it does offline.
    await signInAs(page, DEMO.customer);
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeVisible();
    await waitForAppRegistration(page);
    await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);
    await page.waitForTimeout(1_500);
    await expect(page.getByText(UPDATE_TEXT)).toHaveCount(0);
    await page.evaluate(() => {
      history.pushState({}, '', '/products');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByText(UPDATE_TEXT)).toBeVisible();

    await page.evaluate(() => Object.assign(window, { e2eMarker: true }));
    // A request through the worker that never ends: the browser holds the new worker back while the
    // old one has something in progress for this page, and Reload must not wait for it.
    await page.evaluate(() => void fetch('/rest/v1/products?select=id&e2e-hang=1').catch(() => undefined));
    await recordWorkerEvents(page);
    try {
      await Promise.all([page.waitForEvent('load', { timeout: 30_000 }), page.getByRole('button', { name: 'Reload' }).click()]);
    } catch (error) {
      // If the page does not reload, say where the hand-over stopped.
      await test.info().attach('service worker hand-over', { body: await workerState(page).catch((e: unknown) => String(e)), contentType: 'text/plain' });
      throw error;
    }
    expect(await page.evaluate(() => 'e2eMarker' in window)).toBe(false);
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
    expect(await controllerScript(page)).toMatch(/\/sw\.js$/);
    await page.waitForTimeout(1_000);
    await expect(page.getByText(UPDATE_TEXT)).toHaveCount(0);
  } finally {
    await context.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
});
