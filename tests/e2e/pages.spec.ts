import { expect, test } from './support/test.ts';
import { expectNoBlockingAxeViolations } from './support/axe.ts';

// The linked content pages (spec §2 "Navigation links also point to …").
const PAGES: Array<[path: string, h1: string]> = [
  ['/support/installation', 'Installation Guide'],
  ['/support/faq', 'Frequently Asked Questions'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
  ['/warranty', 'Warranty'],
  ['/returns', 'Returns & Refunds'],
  ['/solutions/homeowners', 'GarageGuard for Homeowners'],
  ['/solutions/workshops', 'GarageGuard for Workshops'],
  ['/solutions/businesses', 'GarageGuard for Small Businesses'],
  ['/solutions/property-managers', 'GarageGuard for Property Managers'],
];

for (const [path, h1] of PAGES) {
  test(`${path} renders one h1 "${h1}", sections and a page title`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    expect(await page.locator('main h2').count()).toBeGreaterThanOrEqual(2);
    await expect(page.getByTestId('navbar')).toBeVisible();
    if (!path.startsWith('/solutions')) await expect(page).toHaveTitle(`${h1} | GarageGuard`);
  });
}

test('a solution page has the marketing shape: audience, lead, feature blocks with pictures and a call to action to the shop', async ({ page }) => {
  await page.goto('/solutions/homeowners');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('GarageGuard for Homeowners');
  await expect(page.getByText('Solutions for Homeowners')).toBeVisible();
  await expect(page.getByText('Peace of mind for the family garage', { exact: false }).first()).toBeVisible();
  const features = page.getByTestId('solution-feature');
  await expect(features.getByRole('heading', { level: 2 })).toHaveText(['Never wonder “did I close it?” again', 'Access for family, guests and couriers', 'Eyes on the driveway']);
  // Each block has its picture: the door, the codes, the camera.
  expect(await features.evaluateAll((items) => items.map((item) => item.getAttribute('data-icon')))).toEqual(['door', 'access', 'camera']);
  for (const feature of await features.all()) await expect(feature.locator('svg')).toHaveCount(1);
  // The CMS text is all still there.
  await expect(features.nth(0)).toContainText('The door sensor reports Open or Closed in the app wherever you are');
  await expect(features.nth(1).getByRole('listitem')).toHaveCount(3);
  // The closing link became the call to action to the shop, at the top and in the closing band.
  const order = page.getByRole('link', { name: 'Order the Complete System - $299' });
  await expect(order).toHaveCount(2);
  for (const link of await order.all()) await expect(link).toHaveAttribute('href', '/products/1');
  const band = page.getByTestId('solution-cta');
  await expect(band.getByRole('link', { name: 'Browse all products' })).toHaveAttribute('href', '/products');
  await expect(band).toContainText('30-Day Guarantee');
  // A sales page, not a legal document.
  await expect(page.getByText(/^Last updated/)).toHaveCount(0);
  await order.last().click();
  await expect(page).toHaveURL(/\/products\/1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Complete System' })).toBeVisible();
});

test('unknown audience shows the not-found page', async ({ page }) => {
  await page.goto('/solutions/astronauts');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
});

test('FAQ answers open in the accordion', async ({ page }) => {
  await page.goto('/support/faq');
  const question = page.getByRole('button', { name: 'How do I reset my garage door opener?' });
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/hold the reset button on the back of the motor unit for 6 seconds until the LED changes/i)).toBeVisible();
});

for (const path of ['/', '/no-such-page', ...PAGES.map(([p]) => p)]) {
  test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expectNoBlockingAxeViolations(page, path);
  });
}
