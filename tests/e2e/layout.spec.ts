import { randomUUID } from 'node:crypto';
import { expect, request, test, type Locator, type Page } from './support/test.ts';
import { DEFAULT_JWT_SECRET, demoKey } from '../../supabase/local/keys.ts';
import { DEMO, signInAs } from './support/auth.ts';
import { settled, settledLayoutProblems } from './support/layout.ts';
import { WIDTHS } from './support/readable.ts';
import { appOrigin } from './support/paths.ts';

// Issue 26: nothing covered, clipped or overflowing at the widths the tour used. One page load per
// page; the viewport is resized in between, as a user turning a tablet or widening a window does.
type Width = (typeof WIDTHS)[number];

const toasts = (page: Page) => page.locator('.mantine-Notification-root');

async function expectNoLayoutProblems(page: Page, where: string) {
  const { problems, tolerated } = await settledLayoutProblems(page);
  if (tolerated.length) test.info().annotations.push({ type: 'toast over page content', description: `${where}: ${tolerated.join(' | ')}` });
  expect.soft(problems, `layout problems on ${where}`).toEqual([]);
}

/** Closes every toast, as a user does, rather than waiting out their seconds. */
async function closeToasts(page: Page) {
  await expect
    .poll(async () => {
      for (const close of await page.locator('.mantine-Notification-closeButton').all()) await close.click({ timeout: 1_000 }).catch(() => undefined);
      return toasts(page).count();
    })
    .toBe(0);
}

const box = async (locator: Locator) => (await locator.boundingBox())!;
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** No visible toast lies over any of these elements. */
async function expectToastsClear(page: Page, targets: Record<string, Locator>, where: string) {
  await settled(page);
  const shown = await toasts(page).all();
  expect(shown.length, `toasts on ${where}`).toBeGreaterThan(0);
  for (const toast of shown) {
    const t = await box(toast);
    for (const [name, target] of Object.entries(targets)) {
      expect.soft(overlaps(t, await box(target)), `a toast at ${JSON.stringify(t)} covers ${name} on ${where}`).toBe(false);
    }
  }
}

async function emptyServerCart(userId: string) {
  const serviceKey = demoKey('service_role', DEFAULT_JWT_SECRET);
  const api = await request.newContext({ baseURL: appOrigin() });
  await api.patch(`/rest/v1/cart_items?user_id=eq.${userId}&_deleted=eq.false`, { headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` }, data: { _deleted: true } });
  await api.dispose();
}

async function resize(page: Page, size: Width) {
  await page.setViewportSize({ width: size.width, height: size.height });
  await page.evaluate(() => window.scrollTo(0, 0));
}

test('shop: two toasts leave the title, cart and sync state free; checkout shows the invalid field below the bar; offline badge covers nothing', async ({ page, context }) => {
  const { session } = await signInAs(page, DEMO.customer);
  await emptyServerCart(session.user.id);
  await page.setViewportSize(WIDTHS[0]);
  await page.goto('/products/2');
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toBeVisible();
  // The store bar shows the sync state from the tablet width up (the phone's is in the menu).
  await expect(page.getByTestId('sync-indicator')).toBeAttached();
  for (const size of WIDTHS) {
    await resize(page, size);
    await expectNoLayoutProblems(page, `/products/2 at ${size.name}`);
    const add = page.getByRole('button', { name: 'Add to Cart', exact: true }).first();
    await add.click();
    await add.click();
    // One toast at a time at every width (the second waits its turn): stacked, they reached titles and dialog buttons.
    await expect(toasts(page).filter({ hasText: 'Added to cart' })).toHaveCount(1);
    await page.evaluate(() => window.scrollTo(0, 0));
    const sync = page.getByTestId('sync-indicator');
    const targets = { 'the page title': title, 'the cart link': page.getByRole('link', { name: /^Cart,/ }).first(), ...((await sync.isVisible()) ? { 'the sync state': sync } : {}) };
    await expectToastsClear(page, targets, `/products/2 at ${size.name}`);
    await expectNoLayoutProblems(page, `/products/2 with two toasts at ${size.name}`);
    await closeToasts(page);
  }

  await page.goto('/checkout');
  const form = page.getByRole('form', { name: 'Checkout' });
  await expect(form).toBeVisible();
  const header = page.locator('header').first();
  for (const size of WIDTHS) {
    await resize(page, size);
    await expectNoLayoutProblems(page, `/checkout at ${size.name}`);
    // Everything but the first field (prefilled from the profile, so emptied): the browser takes the shopper up to it.
    await form.getByLabel('Email').fill('');
    for (const [label, value] of [['First Name', 'Ada'], ['Last Name', 'Byte'], ['Address', '1 Main St'], ['City', 'Springfield'], ['State', 'IL'], ['ZIP Code', '62701'], ['Card Number', '4242 4242 4242 4242'], ['Expiry Date', '12/30'], ['CVV', '123'], ['Name on Card', 'Ada Byte']] as const) {
      await form.getByRole('textbox', { name: label, exact: true }).fill(value);
    }
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await form.getByRole('button', { name: 'Place Order' }).click();
    const email = form.getByLabel('Email');
    await expect(email).toBeFocused();
    await settled(page);
    const field = await box(email);
    const bar = await box(header);
    expect.soft(field.y, `the invalid Email field's top at ${size.name} (the bar ends at ${bar.y + bar.height})`).toBeGreaterThanOrEqual(bar.y + bar.height);
    expect(field.y + field.height).toBeLessThanOrEqual(size.height);
  }

  await context.setOffline(true);
  await expect(page.getByText('You are offline — still signed in on this device')).toBeVisible();
  for (const size of WIDTHS) {
    await resize(page, size);
    await expectNoLayoutProblems(page, `/checkout offline at ${size.name}`);
  }
  await context.setOffline(false);
});

test('sign-up notice reads in full on a phone', async ({ page }) => {
  await page.setViewportSize(WIDTHS[0]);
  await page.goto('/auth?mode=sign-up');
  const form = page.getByRole('form', { name: 'Sign up' });
  // A long address with no hyphen to break at: the notice repeats it.
  await form.getByLabel('Email').fill(`layoutcheck${randomUUID().slice(0, 8)}@garageexamplecompany.com`);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(`pw-${randomUUID()}`);
  await form.getByRole('button', { name: 'Sign Up' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'Check your inbox' });
  await expect(notice).toContainText('then sign in.');
  for (const size of WIDTHS) {
    await resize(page, size);
    await settled(page);
    const n = await box(notice);
    for (const part of [notice.locator('strong'), notice.getByText(/then sign in/)]) {
      const p = await box(part);
      expect.soft(p.x + p.width, `notice text at ${size.name}`).toBeLessThanOrEqual(n.x + n.width);
    }
    await expectNoLayoutProblems(page, `the sign-up notice at ${size.name}`);
  }
});

test('admin: inventory columns reachable (cards on phones), SKUs whole, a toast over a dialog leaves it usable, charts legible', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await page.setViewportSize(WIDTHS[0]);
  await page.goto('/admin/inventory');
  const table = page.getByTestId('inventory-table');
  const first = page.getByTestId('inventory-row').first();
  /** How many lines each matched element's text takes. */
  const lineCounts = (elements: Locator) => elements.evaluateAll((els) => els.map((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return { text: el.textContent, lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size };
  }));
  await expect(first).toBeVisible();
  const sku = (await first.getAttribute('data-sku'))!;
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  for (const size of WIDTHS) {
    await resize(page, size);
    await expectNoLayoutProblems(page, `/admin/inventory at ${size.name}`);
    // Each SKU on one line.
    const lines = await lineCounts(page.getByTestId('inventory-row').getByTestId('sku'));
    expect(lines.length).toBeGreaterThan(0);
    for (const code of lines) expect.soft(code.lines, `SKU ${code.text} on one line at ${size.name}`).toBe(1);
    // A phone has a card per item, wholly on screen; from tablets up, the table.
    await expect(table).toHaveCount(size.width < 768 ? 0 : 1);
    if (size.width < 768) {
      for (const card of await page.getByTestId('inventory-row').all()) {
        const c = (await card.boundingBox())!;
        expect.soft(c.x + c.width, `a card inside the screen at ${size.name}`).toBeLessThanOrEqual(size.width);
      }
    }
    // Status and Edit on screen, or the table shows that it scrolls.
    const view = await first.evaluate((el) => {
      let p = el.parentElement;
      while (p && getComputedStyle(p).overflowX === 'visible') p = p.parentElement;
      const r = (p ?? el).getBoundingClientRect();
      return { left: Math.max(r.left, 0), right: Math.min(r.right, document.documentElement.clientWidth), scrolls: p !== null && p.scrollWidth > p.clientWidth };
    });
    const statusWhole = await first.getByTestId('stock-status').evaluate((el) => [el, ...el.querySelectorAll('*')].every((e) => e.scrollWidth <= e.clientWidth + 1));
    expect.soft(statusWhole, `the first row's status badge reads whole at ${size.name}`).toBe(true);
    for (const cell of [first.getByTestId('stock-status'), first.getByRole('button', { name: /^Edit/ })]) {
      const c = await cell.boundingBox();
      const inside = c !== null && c.x >= view.left - 1 && c.x + c.width <= view.right + 1;
      if (!inside) await expect.soft(page.getByTestId('scroll-hint'), `${await cell.textContent()} off-screen at ${size.name}: the table's scroll hint (scrolls: ${view.scrolls})`).toBeVisible({ timeout: 1_000 });
    }

    // A toast shown while a dialog is open: the dialog stays whole and its close button free.
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Product Name').fill('Duplicate');
    await dialog.getByLabel('SKU').fill(sku);
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await expect(toasts(page).filter({ hasText: 'Failed to add inventory item' })).toBeVisible();
    await expectToastsClear(page, { 'the dialog close button': dialog.getByRole('button', { name: 'Close' }) }, `the Add Product dialog at ${size.name}`);
    await expectNoLayoutProblems(page, `the Add Product dialog with a toast at ${size.name}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await closeToasts(page);
  }

  await page.goto('/admin');
  const stock = page.getByRole('img', { name: /Bar chart of units in stock/ });
  await expect(stock.locator('.recharts-yAxis-tick-labels, .recharts-yAxis').first()).toBeVisible();
  for (const size of WIDTHS) {
    await resize(page, size);
    await expectNoLayoutProblems(page, `/admin at ${size.name}`);
    // Headers and codes on one line: 'Units (30 days)' stood three lines tall on a phone, and a SKU
    // broke at its hyphens ('GG-MB-' / '010').
    const unitsHeader = page.getByTestId('underperforming-products').getByRole('columnheader', { name: 'Units (30 days)' });
    for (const one of await lineCounts(unitsHeader.or(page.getByTestId('reorder-item').getByTestId('sku')))) {
      expect.soft(one.lines, `"${one.text}" on one line at ${size.name}`).toBe(1);
    }
    // The table still fits its panel.
    const fits = await page.getByTestId('underperforming-products').evaluate((t) => t.getBoundingClientRect().right <= t.closest('section')!.getBoundingClientRect().right);
    expect.soft(fits, `Underperforming Products inside its panel at ${size.name}`).toBe(true);
    const labels = await stock.locator('.recharts-cartesian-axis-tick-value').evaluateAll((els) => els.map((el) => { const r = el.getBoundingClientRect(); return { text: el.textContent, x: r.x, y: r.y, width: r.width, height: r.height }; }));
    expect(labels.length).toBeGreaterThan(0);
    for (const [i, a] of labels.entries()) for (const b of labels.slice(i + 1)) expect.soft(overlaps(a, b), `axis labels "${a.text}" and "${b.text}" overlap at ${size.name}`).toBe(false);
  }

  await page.goto('/admin/financial');
  const chart = page.getByRole('img', { name: /Bar chart of revenue/ });
  // The y axis's labels are the right-aligned ones.
  const yTicks = chart.locator('.recharts-cartesian-axis-tick-value[text-anchor=end]');
  await expect(yTicks.first()).toBeVisible();
  for (const size of WIDTHS) {
    await resize(page, size);
    await expectNoLayoutProblems(page, `/admin/financial at ${size.name}`);
    const frame = await box(chart);
    const ticks = await yTicks.evaluateAll((els) => els.map((el) => ({ text: el.textContent ?? '', x: el.getBoundingClientRect().x })));
    expect(ticks.length).toBeGreaterThan(1);
    for (const tick of ticks) {
      expect.soft(tick.text, `y-axis label at ${size.name}`).toMatch(/^\$/);
      expect.soft(tick.x, `y-axis label ${tick.text} inside the chart at ${size.name}`).toBeGreaterThanOrEqual(frame.x);
    }
  }
});
