import { expect, test } from './support/test.ts';
import { signInAs } from './support/auth.ts';
import { COLOUR_RULES, expectNoBlockingAxeViolations } from './support/axe.ts';
import { expectSoundAtEveryWidth } from './support/layout.ts';
import { SITE_PAGES } from './support/site-pages.ts';

// Every page of the catalogue (support/site-pages.ts), as the role that opens it, after what the
// page needs first (its `prepare`: a product in the cart for /cart and /checkout), once its real
// data is on screen: scanned with axe's default rules (WCAG 2.x A/AA and best practices; serious
// and critical violations fail, and near-1:1 contrasts axe leaves "incomplete"), then the readable
// check (support/readable.ts) and the layout check (support/layout.ts) at phone, tablet and desktop
// widths within the same page load; then axe and the readable check again with the device set to
// dark (the app follows the device's scheme; axe then runs only its colour rules, and the layout
// check is not repeated: a scheme changes colours, not sizes or places).
// Pages are independent of each other: they spread over both workers instead of one file's worth
// (two schemes × 37 pages) keeping one worker busy to the end of the run.
test.describe.configure({ mode: 'parallel' });

for (const { name, path, as, prepare, ready } of SITE_PAGES) {
  test(`${name}: ${path}${as ? ` (${as})` : ''} has no serious or critical accessibility violations, readable text and a sound layout at every width`, async ({ page }) => {
    if (as) await signInAs(page, as);
    if (prepare) await prepare(page);
    await page.goto(path);
    await expect(page).toHaveURL(path);
    await ready(page);
    // Loaded, not loading: what is still loading says so (aria-busy), and the scan reads the page a
    // user settles on. (A scan that caught the orders page loading once found its placeholder
    // labelled without a role; the placeholders now have one.)
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
    await expectNoBlockingAxeViolations(page, path);
    // Team convention (axe only flags a missing h1, at moderate impact): exactly one h1 per page.
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await test.step('readable, and nothing covered, clipped or overflowing, at every width', () => expectSoundAtEveryWidth(page, path, { layout: true }));
    await test.step('the same in the dark scheme', async () => {
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
      const dark = `${path} (dark)`;
      await expectNoBlockingAxeViolations(page, dark, undefined, COLOUR_RULES);
      await expectSoundAtEveryWidth(page, dark, { layout: false });
    });
  });
}
