import { expect, test, type Locator, type Page } from './support/test.ts';
import { DEMO, signInAs } from './support/auth.ts';
import { averagePixel, chroma, contrast, hex, luminance, paintOf, type RGB } from './support/paint.ts';

// What a user of the dark scheme saw go wrong, checked where they met it. The readable check
// (a11y.spec.ts) judges text against what is behind it; these judge the shapes: a heading against
// the rest of the text, a pill against its card, a field's border against its section, a picture's
// backdrop against its card, a callout or a feature's picture panel against the page.
test.use({ colorScheme: 'dark' });

const SLOW = { timeout: 20_000 };
/** A pill seen as a shape on its card (src/app/palette.ts PILL_CONTRAST says why 1.3). */
const PILL = 1.3;
const describe = (what: string, c: RGB) => `${what} ${hex(c)}`;

async function open(page: Page, path: string, ready: Locator): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(ready).toBeVisible(SLOW);
}

test('headings are at least as light as the text under them and as the white of the FAQ questions and the footer', async ({ page }) => {
  await open(page, '/support/faq', page.getByRole('heading', { level: 1 }));
  const body = (await paintOf(page.locator('body'))).color;
  const question = (await paintOf(page.getByRole('button', { name: /reset my garage door opener/ }))).color;
  const footer = (await paintOf(page.getByRole('contentinfo').getByRole('heading').first())).color;
  const brightest = Math.max(luminance(body), luminance(question), luminance(footer));
  for (const heading of await page.getByRole('main').getByRole('heading').all()) {
    const { color } = await paintOf(heading);
    expect(luminance(color), `${await heading.textContent()}: ${describe('heading', color)} dimmer than the page's lightest text`).toBeGreaterThanOrEqual(brightest);
  }
});

test('a gray status badge (Offline, Expired) stands out from its card as a pill and its label reads on it', async ({ page }) => {
  await signInAs(page, DEMO.customer);
  for (const [path, badge] of [
    ['/dashboard/devices', page.getByTestId('device-status').and(page.locator('[data-status="offline"]')).first()],
    ['/dashboard/access', page.getByTestId('access-state').and(page.locator('[data-status="expired"]')).first()],
  ] as const) {
    await open(page, path, badge);
    const { color, background, surface } = await paintOf(badge);
    expect(contrast(background, surface), `${path}: ${describe('pill', background)} on ${describe('card', surface)}`).toBeGreaterThanOrEqual(PILL);
    expect(contrast(color, background), `${path}: ${describe('label', color)} on ${describe('pill', background)}`).toBeGreaterThanOrEqual(4.5);
  }
});

test("the Get Notified fields' borders show on their section (3:1, WCAG 1.4.11)", async ({ page }) => {
  await open(page, '/', page.getByRole('form', { name: 'Notify Me' }));
  for (const name of ['Name', 'Email']) {
    const { border, surface } = await paintOf(page.getByRole('form', { name: 'Notify Me' }).getByRole('textbox', { name }));
    expect(contrast(border, surface), `${name}: ${describe('border', border)} on ${describe('section', surface)}`).toBeGreaterThanOrEqual(3);
  }
});

test.describe('in the light scheme', () => {
  test.use({ colorScheme: 'light' });
  test("text fields' borders show on their section too (Mantine's were 1.5:1 on white)", async ({ page }) => {
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Notify Me' });
    await expect(form).toBeVisible(SLOW);
    for (const name of ['Name', 'Email']) {
      const { border, surface } = await paintOf(form.getByRole('textbox', { name }));
      expect(contrast(border, surface), `${name}: ${describe('border', border)} on ${describe('section', surface)}`).toBeGreaterThanOrEqual(3);
    }
  });
});

test('product pictures sit on a dark backdrop, not on a glaring white panel', async ({ page }) => {
  // The corner away from the merchandising badges, inside the picture's own backdrop.
  const corner = async (image: Locator) => {
    const size = (await image.boundingBox())!;
    return averagePixel(image, { x: Math.floor(size.width) - 20, y: 4, width: 16, height: 16 });
  };
  await open(page, '/products', page.getByTestId('product-card').first());
  const card = page.getByTestId('product-card').first();
  const backdrop = await corner(card.locator('img').first());
  const { background } = await paintOf(card);
  // A backdrop a little lighter than the card frames the picture; a white one is 15:1 against it.
  expect(contrast(backdrop, background), `${describe('backdrop', backdrop)} on ${describe('card', background)}`).toBeLessThanOrEqual(1.5);

  await open(page, '/products/1', page.getByRole('region', { name: 'Product images' }));
  const main = page.getByRole('region', { name: 'Product images' }).locator('img').first();
  const body = (await paintOf(page.locator('body'))).background;
  const galleryBackdrop = await corner(main);
  expect(contrast(galleryBackdrop, body), `${describe('gallery backdrop', galleryBackdrop)} on ${describe('page', body)}`).toBeLessThanOrEqual(1.5);
});

test('the installation guide\'s "Safety first" is a calm bordered callout whose words read', async ({ page }) => {
  await open(page, '/support/installation', page.getByText('Safety first'));
  const callout = page.getByRole('alert').filter({ hasText: 'Safety first' });
  const { background, surface, border } = await paintOf(callout);
  // Mantine's dark tint was rgb(109, 36, 8): a slab 40 % of full colour. A callout stays under 20 %.
  expect(chroma(background), `${describe('callout', background)}: too saturated`).toBeLessThanOrEqual(0.2 * 255);
  expect(contrast(border, surface), `${describe('border', border)} on ${describe('page', surface)}`).toBeGreaterThanOrEqual(1.5);
  for (const words of [callout.getByText('Safety first'), callout.getByText(/Unplug the opener motor/)]) {
    const { color } = await paintOf(words);
    expect(contrast(color, background), `${describe('text', color)} on ${describe('callout', background)}`).toBeGreaterThanOrEqual(4.5);
  }
});

test("the feature sections' picture panels are a calm dark surface with a faint blue cast, and their icons show on them", async ({ page }) => {
  await open(page, '/', page.locator('#features').getByRole('heading', { name: 'Secure Package Delivery' }));
  const panels = page.getByTestId('feature-art');
  await expect(panels).toHaveCount(3);
  const body = (await paintOf(page.locator('body'))).background;
  for (const panel of await panels.all()) {
    const size = (await panel.boundingBox())!;
    const icon = (await paintOf(panel.locator('svg'))).color;
    // Both ends of the panel's gradient, inside its rounded corners, away from the icon in the middle.
    for (const at of [{ x: 24, y: 24 }, { x: Math.floor(size.width) - 40, y: Math.floor(size.height) - 40 }]) {
      const surface = await averagePixel(panel, { ...at, width: 16, height: 16 });
      // Mantine's opaque tint was rgb(12, 50, 86): a saturated slab, 29 % of full colour. A calm surface stays under 20 %.
      expect(chroma(surface), `${describe('panel', surface)}: too saturated`).toBeLessThanOrEqual(0.2 * 255);
      expect(surface[2], `${describe('panel', surface)}: no blue cast`).toBeGreaterThan(surface[0]);
      expect(contrast(surface, body), `${describe('panel', surface)} on ${describe('page', body)}`).toBeLessThanOrEqual(1.5);
      // An icon is a graphic: 3:1 (WCAG 1.4.11).
      expect(contrast(icon, surface), `${describe('icon', icon)} on ${describe('panel', surface)}`).toBeGreaterThanOrEqual(3);
    }
  }
});
