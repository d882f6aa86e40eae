import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/test.ts';
import { signInAs } from './support/auth.ts';
import { WIDTHS } from './support/readable.ts';
import { SITE_PAGES } from './support/site-pages.ts';

// Every catalogue page, as its role and after its `prepare` (a filled cart for /cart and /checkout),
// at phone, tablet and desktop widths (full page), in each colour scheme of SCREENSHOT_SCHEMES
// (default light,dark), saved as <dir>/<scheme>/<page>-<width>.png for a person to look at. One page
// load per page and scheme; the viewport is resized between shots.
const dir = process.env.SCREENSHOT_DIR ?? join(import.meta.dirname, '../../screenshots');
const schemes = (process.env.SCREENSHOT_SCHEMES ?? 'light,dark').split(',') as Array<'light' | 'dark'>;
const only = process.env.SCREENSHOT_PAGES?.split(',');

for (const scheme of schemes) {
  for (const { name, path, as, prepare, ready } of SITE_PAGES.filter((p) => !only || only.includes(p.name))) {
    test(`${scheme} ${name}: ${path}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      if (as) await signInAs(page, as);
      if (prepare) await prepare(page);
      await page.goto(path);
      await expect(page).toHaveURL(path);
      await ready(page);
      await page.waitForLoadState('networkidle');
      mkdirSync(join(dir, scheme), { recursive: true });
      for (const { name: width, width: w, height } of WIDTHS) {
        await page.setViewportSize({ width: w, height });
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        await page.screenshot({ path: join(dir, scheme, `${name}-${width}-${w}.png`), fullPage: true, animations: 'disabled' });
      }
    });
  }
}
