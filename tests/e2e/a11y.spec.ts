import { expect, test, type Page } from './support/test.ts';
import { DEMO, signInAs } from './support/auth.ts';
import { expectNoBlockingAxeViolations } from './support/axe.ts';

// Every page, scanned with axe's default rules (WCAG 2.x A/AA and best practices): the public
// ones signed out, the guarded ones as a role that may open them. Only serious and critical
// violations fail the test; all of them are printed on failure.
const heading = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
const pages: Array<{ path: string; as?: string; ready: (page: Page) => Promise<void> }> = [
  ...['/', '/products', '/products/1', '/auth', '/auth?mode=sign-up', '/privacy', '/terms', '/warranty', '/returns', '/support/faq', '/support/installation', '/solutions/homeowners'].map((path) => ({ path, ready: heading })),
  ...['/cart', '/checkout', '/support', '/dashboard', '/dashboard/orders', '/dashboard/settings'].map((path) => ({ path, as: DEMO.customer, ready: heading })),
  // The dashboard's lists, scanned with the customer's seeded rows on screen.
  ...([['/dashboard/devices', 'device-card'], ['/dashboard/access', 'access-card'], ['/dashboard/notifications', 'notification']] as const).map(([path, item]) => ({
    path,
    as: DEMO.customer,
    ready: (page: Page) => expect(page.getByTestId(item).first()).toBeVisible({ timeout: 15_000 }),
  })),
  { path: '/support/dashboard', as: DEMO.support, ready: heading },
  { path: '/admin', as: DEMO.admin, ready: heading },
  { path: '/this-page-does-not-exist', ready: (page: Page) => expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible() },
];


for (const { path, as, ready } of pages) {
  test(`${path}${as ? ` (${as})` : ''} has no serious or critical accessibility violations`, async ({ page }) => {
    if (as) await signInAs(page, as);
    await page.goto(path);
    await expect(page).toHaveURL(path);
    await ready(page);
    await page.waitForLoadState('networkidle');
    await expectNoBlockingAxeViolations(page, path);
    // Team convention (axe only flags a missing h1, at moderate impact): exactly one h1 per page.
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  });
}
