import { expect, test } from './support/test.ts';
import { DEMO, signInAs } from './support/auth.ts';

// A page part whose code request is cut off (poor signal; under load Chromium aborted the footer's
// chunk in a CI run) left the router's "Something went wrong!" for good: the browser keeps the
// failed import. The page now loads itself once more and works.
test('a chunk request that is cut off once: the page reloads by itself and works', async ({ page }) => {
  await signInAs(page, DEMO.customer);
  let cut = 0;
  await page.route(/\/assets\/Footer-[^/]+\.js$/, async (route) => {
    if (cut++ === 0) return route.abort('aborted');
    return route.continue();
  });
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: /Shopping Cart|Your cart is empty/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('contentinfo')).toBeVisible();
  expect(cut).toBeGreaterThanOrEqual(2);
  await expect(page.getByText('Something went wrong!')).toHaveCount(0);
});
