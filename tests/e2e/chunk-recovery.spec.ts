import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './support/test.ts';
import { createUser, DEMO, signInAs } from './support/auth.ts';
import { hydrated } from './support/hydration.ts';
import { articleCounts, createArticle, setPublished } from './support/kb-api.ts';

// A page part whose code request is cut off (poor signal; under load Chromium aborted the footer's
// chunk in a CI run) left the router's "Something went wrong!" for good. The import is now tried
// again (importAgain, three tries); when every try fails, the page loads itself once more and works.
test('a chunk request cut off on every try: the page reloads by itself and works', async ({ page }) => {
  await signInAs(page, DEMO.customer);
  let cut = 0;
  await page.route(/\/assets\/Footer-[^/]+\.js$/, async (route) => {
    if (cut++ < 3) return route.abort('aborted');
    return route.continue();
  });
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: /Shopping Cart|Your cart is empty/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('contentinfo')).toBeVisible();
  expect(cut).toBe(4);
  expect(await page.evaluate(() => sessionStorage.getItem('garage-chunk-reload'))).not.toBeNull();
  await expect(page.getByText('Something went wrong!')).toHaveCount(0);
});

// Seen in the durability histories under load: right after a navigation Chromium aborted the fresh
// page's requests for the toast container and the outbox (net::ERR_ABORTED), on a page that
// otherwise worked: an add to cart showed no toast, and the outbox stayed unloaded (its caller
// failed, or with nothing queued yet, an uncaught error). Another time the header's sync indicator
// stayed away. These loads are now tried again.

/** Cuts off the first request for a chunk of the given name; returns the count of requests. */
async function cutFirst(page: Page, name: string): Promise<{ requests: number }> {
  const seen = { requests: 0 };
  await page.route(new RegExp(`/assets/${name}-[^/]+\\.js$`), async (route) => {
    if (seen.requests++ === 0) return route.abort('aborted');
    return route.continue();
  });
  return seen;
}

test('the toast container loads after its first request is cut off: an add to cart shows its toast', async ({ page }) => {
  const user = await createUser();
  await signInAs(page, user.email, user.password);
  const toasts = await cutFirst(page, 'ToastContainer');
  await page.goto('/products/3');
  const add = page.getByRole('button', { name: 'Add to Cart', exact: true }).first();
  await hydrated(add);
  await add.click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: '1x Solar Panel Kit has been added to your cart.' })).toBeVisible();
  expect(toasts.requests).toBe(2);
});

test('the outbox loads after its first request is cut off: an article view is counted', async ({ page }) => {
  // Not in Security, whose list knowledge-base.spec.ts reads whole; unpublished at the end.
  const id = await createArticle({ title: `Cut-off outbox ${randomUUID().slice(0, 6)}`, category: 'Technical Support', content: 'A view counted through a chunk that failed once.' });
  try {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    const outbox = await cutFirst(page, 'outbox');
    await page.goto(`/support/articles/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Cut-off outbox');
    await expect.poll(async () => (await articleCounts(id)).view_count, { timeout: 20_000 }).toBe(1);
    expect(outbox.requests).toBe(2);
    expect(problems).toEqual([]);
  } finally {
    await setPublished(id, false);
  }
});

test('the sync indicator loads after its first request is cut off', async ({ page }) => {
  const user = await createUser();
  await signInAs(page, user.email, user.password);
  const indicator = await cutFirst(page, 'SyncIndicator');
  await page.goto('/cart');
  await expect(page.getByTestId('navbar').getByTestId('sync-indicator')).toHaveAttribute('data-state', 'synced', { timeout: 20_000 });
  expect(indicator.requests).toBe(2);
});
