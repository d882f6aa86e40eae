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
