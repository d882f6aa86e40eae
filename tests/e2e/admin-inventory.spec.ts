import { expect, request, test, type Page } from './support/test.ts';
import { LOCAL_ANON_KEY } from '../../src/lib/env.ts';
import { stockOf, stockText } from './support/api.ts';
import { DEMO, signInAs } from './support/auth.ts';
import { expectNoBlockingAxeViolations } from './support/axe.ts';
import { appOrigin } from './support/paths.ts';
import { visitUntilControlled } from './support/service-worker.ts';

// Inventory in the built app, against the local stack, as the demo admin: the stock sheet, its
// statuses, search and category filter, Add Product, and editing stock and price. The stock of a
// product sold in the shop is its inventory row's: an edit here shows on the product page, and an
// order lowers the figure shown here.

interface Row { sku: string; product_name: string; current_stock: number; minimum_stock: number; unit_price: number; cost_price: number | null; supplier: string | null; description: string | null; category: string | null; updated_at: string }

async function rest<T>(method: 'GET' | 'POST' | 'PATCH', path: string, token: string, data?: unknown): Promise<T> {
  const api = await request.newContext({ baseURL: appOrigin() });
  const response = await api.fetch(path, { method, headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${token}`, prefer: 'return=representation' }, data });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  const body = (await response.json()) as T;
  await api.dispose();
  return body;
}

const inventoryRows = (token: string) => rest<Row[]>('GET', '/rest/v1/inventory?select=*', token);
const inventoryRow = async (token: string, sku: string) => (await rest<Row[]>('GET', `/rest/v1/inventory?sku=eq.${encodeURIComponent(sku)}&select=*`, token))[0];

const toast = (page: Page, title: string, message: string) => page.locator('.mantine-Notification-root').filter({ hasText: title }).filter({ hasText: message });
const row = (page: Page, sku: string) => page.locator(`[data-testid="inventory-row"][data-sku="${sku}"]`);
const rows = (page: Page) => page.getByTestId('inventory-row');
const cardValue = (page: Page, key: 'total' | 'low' | 'out') => page.getByTestId(`stock-summary-${key}`).getByTestId('summary-value');

async function openInventory(page: Page) {
  const { session } = await signInAs(page, DEMO.admin);
  await page.goto('/admin/inventory');
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  return session.access_token;
}

test('the stock sheet: summary cards, columns, statuses by the rule, search and category filter', async ({ page }) => {
  const token = await openInventory(page);
  const all = await inventoryRows(token);
  await expect(rows(page)).toHaveCount(all.length);
  await expect(cardValue(page, 'total')).toHaveText(String(all.length));
  await expect(cardValue(page, 'out')).toHaveText(String(all.filter((r) => r.current_stock === 0).length));
  await expect(cardValue(page, 'low')).toHaveText(String(all.filter((r) => r.current_stock > 0 && r.current_stock <= r.minimum_stock).length));
  // The spec's header note 'Last 7 days' says what it counts: the rows changed in that window.
  await expect(page.getByTestId('inventory-period')).toHaveText('Last 7 days');
  const week = Date.now() - 7 * 86_400_000;
  const changed = all.filter((r) => Date.parse(r.updated_at) >= week).length;
  await expect(page.getByTestId('inventory-recent-changes')).toHaveText(`Last 7 days: ${changed} of ${all.length} items changed (stock, price or details)`);
  await expect(page.getByRole('columnheader')).toHaveText(['Product', 'SKU', 'Category', 'Stock', 'Cost', 'Price', 'Status', 'Action']);

  // Seeded rows in each state: 0 is out, at or below the minimum is low, above it in stock.
  await expect(row(page, 'GG-DS-011').getByTestId('stock-status')).toHaveText('Out of Stock');
  await expect(row(page, 'GG-MB-010').getByTestId('stock-status')).toHaveText('Low Stock');
  await expect(row(page, 'GG-PA-014').getByTestId('stock-status')).toHaveText('In Stock');
  await expect(row(page, 'GG-PA-014')).toContainText('12 V Power Adapter');
  await expect(row(page, 'GG-PA-014').getByTestId('cost-value')).toHaveText('$3.10');
  await expect(row(page, 'GG-PA-014').getByTestId('price-value')).toHaveText('$12.00');
  await expectNoBlockingAxeViolations(page, 'Inventory with the seeded sheet');

  const search = page.getByRole('searchbox', { name: 'Search products' });
  await search.fill('fob remote');
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, 'GG-RM-013')).toBeVisible();
  await search.fill('batery'); // a typo still finds it
  await expect(row(page, 'GG-BB-004')).toBeVisible();
  await search.fill('GG-SP');
  await expect(row(page, 'GG-SP-003')).toBeVisible();
  await search.fill('');

  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Outdoor', exact: true }).click();
  await expect(rows(page)).toHaveCount(all.filter((r) => r.category === 'outdoor').length);
  await expect(row(page, 'GG-OU-005')).toBeVisible();
  await search.fill('battery');
  await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
  await expectNoBlockingAxeViolations(page, 'Inventory with no match', 'main');
  await search.fill('');
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'All Categories' }).click();
  await expect(rows(page)).toHaveCount(all.length);
});

test('Add Product: name and SKU required, numbers parsed, empty fields stored as null; a duplicate SKU fails', async ({ page }) => {
  const token = await openInventory(page);
  const sku = `E2E-${Date.now().toString(36).toUpperCase()}`;
  const before = (await inventoryRows(token)).length;

  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await expect(dialog).toBeVisible();
  await expectNoBlockingAxeViolations(page, 'the Add Product dialog');

  // Without a name and SKU, submitting does nothing.
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Product Name').fill('Spare Door Sensor Kit');
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(dialog).toBeVisible();
  expect((await inventoryRows(token)).length).toBe(before);

  await dialog.getByLabel('SKU').fill(sku);
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Accessories' }).click();
  await dialog.getByLabel('Current Stock').fill('4');
  await dialog.getByLabel('Minimum Stock').fill('6');
  await dialog.getByLabel('Unit Price').fill('12.5');
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(toast(page, 'Success', 'Inventory item added successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(row(page, sku)).toBeVisible();
  await expect(row(page, sku).getByTestId('stock-status')).toHaveText('Low Stock');
  await expect(row(page, sku).getByTestId('cost-value')).toHaveText('—');
  await expect(row(page, sku).getByTestId('price-value')).toHaveText('$12.50');
  await expect(cardValue(page, 'total')).toHaveText(String(before + 1));
  expect(await inventoryRow(token, sku)).toMatchObject({
    product_name: 'Spare Door Sensor Kit', category: 'accessories', current_stock: 4, minimum_stock: 6,
    unit_price: 12.5, cost_price: null, supplier: null, description: null,
  });

  // The same SKU again: the server refuses it, the dialog stays open with what was typed.
  await page.getByRole('button', { name: 'Add Product' }).click();
  await dialog.getByLabel('Product Name').fill('Duplicate');
  await dialog.getByLabel('SKU').fill(sku);
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(toast(page, 'Error', 'Failed to add inventory item')).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Product Name')).toHaveValue('Duplicate');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows(page).filter({ hasText: 'Duplicate' })).toHaveCount(0);

  // Add Product made a shop product linked to the row; it leaves the shop again, so the specs that
  // count the catalogue see the seed.
  const { product_id: productId } = (await rest<Array<{ product_id: number | null }>>('GET', `/rest/v1/inventory?sku=eq.${sku}&select=product_id`, token))[0]!;
  expect(productId).toEqual(expect.any(Number));
  await rest('PATCH', `/rest/v1/products?id=eq.${productId}`, token, { is_active: false });
});

test("editing a shop product's stock and price: the product page shows the new stock", async ({ page }) => {
  const token = await openInventory(page);
  const SOLAR = { id: 3, sku: 'GG-SP-003' };
  const original = await inventoryRow(token, SOLAR.sku);
  expect(await stockOf(SOLAR.id)).toBe(original!.current_stock);
  const next = original!.current_stock + 7;

  await row(page, SOLAR.sku).getByRole('button', { name: 'Edit Solar Panel Kit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Stock and Price' });
  await expect(dialog.getByLabel('Current Stock')).toHaveValue(String(original!.current_stock));
  await expectNoBlockingAxeViolations(page, 'the edit dialog');
  await dialog.getByLabel('Current Stock').fill(String(next));
  await dialog.getByLabel('Unit Price').fill('81.25');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Success', 'Inventory item updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, SOLAR.sku).getByTestId('stock-value')).toHaveText(String(next));
  await expect(row(page, SOLAR.sku).getByTestId('price-value')).toHaveText('$81.25');
  expect(await inventoryRow(token, SOLAR.sku)).toMatchObject({ current_stock: next, unit_price: 81.25 });
  expect(await stockOf(SOLAR.id)).toBe(next);

  await page.goto(`/products/${SOLAR.id}`);
  await expect(page.getByTestId('stock')).toHaveText(stockText(next));
  // One price: the shop sells at the figure edited in Inventory.
  await expect(page.getByRole('main').getByText('$81.25').first()).toBeVisible();

  // Down to 0: Out of Stock in the sheet and in the shop.
  await page.goto('/admin/inventory');
  await row(page, SOLAR.sku).getByRole('button', { name: 'Edit Solar Panel Kit' }).click();
  await dialog.getByLabel('Current Stock').fill('0');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(row(page, SOLAR.sku).getByTestId('stock-status')).toHaveText('Out of Stock');
  await page.goto(`/products/${SOLAR.id}`);
  await expect(page.getByTestId('stock')).toHaveText('Out of Stock');

  // Put the seeded figures back for the specs that run after this one.
  await rest('PATCH', `/rest/v1/inventory?sku=eq.${SOLAR.sku}`, token, { current_stock: original!.current_stock, unit_price: original!.unit_price });
  expect(await stockOf(SOLAR.id)).toBe(original!.current_stock);
});

test('a customer order lowers the stock shown in Inventory', async ({ page, browser }) => {
  const token = await openInventory(page);
  const BATTERY = { id: 4, sku: 'GG-BB-004' };
  const before = (await inventoryRow(token, BATTERY.sku))!.current_stock;
  await expect(row(page, BATTERY.sku).getByTestId('stock-value')).toHaveText(String(before));

  const shopper = await browser.newContext();
  const { session } = await signInAs(await shopper.newPage(), DEMO.customer2);
  await rest('POST', '/rest/v1/rpc/place_order', session.access_token, {
    items: [{ product_id: BATTERY.id, quantity: 2 }],
    contact: { email: 'customer2@example.com', first_name: 'Casey', last_name: 'Two', address: '1 Main St', city: 'Austin', state: 'TX', zip_code: '78704' },
  });
  await shopper.close();

  expect(await stockOf(BATTERY.id)).toBe(before - 2);
  // The sheet is an answer kept 5 minutes: Refresh fetches the stock the sale left.
  await expect(row(page, BATTERY.sku).getByTestId('stock-value')).toHaveText(String(before));
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(row(page, BATTERY.sku).getByTestId('stock-value')).toHaveText(String(before - 2));
  await expect(page.getByTestId('data-age')).toContainText('Updated');
});

/** Whether the signed-in user's query answers have been saved on the device. */
const savedCacheCount = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('garage-query-cache');
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('caches')) return resolve(0);
          const count = db.transaction('caches').objectStore('caches').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => resolve(0);
        };
      }),
  );

test('on a phone, offline: the saved sheet opens with its age, and adding fails with the toast', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInAs(page, DEMO.admin);
  await visitUntilControlled(page, '/admin/inventory');
  await expect(row(page, 'GG-PA-014')).toBeVisible({ timeout: 15_000 });
  // A card per item, nothing to scroll sideways: name, SKU, stock and minimum, price, status, Edit.
  await expect(page.getByTestId('inventory-table')).toHaveCount(0);
  await expect(page.getByTestId('scroll-hint')).toHaveCount(0);
  const card = row(page, 'GG-PA-014');
  await expect(card).toContainText('12 V Power Adapter');
  await expect(card.getByTestId('sku')).toHaveText('GG-PA-014');
  await expect(card.getByTestId('stock-status')).toHaveText('In Stock');
  await expect(card.getByTestId('price-value')).toHaveText('$12.00');
  await expect(card.getByRole('button', { name: 'Edit 12 V Power Adapter' })).toBeVisible();
  const box = (await card.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // From tablet width up, the table again.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(page.getByTestId('inventory-table')).toBeVisible();
  await expect(page.getByTestId('inventory-cards')).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('inventory-cards')).toBeVisible();
  await expectNoBlockingAxeViolations(page, 'Inventory on a phone');
  await expect.poll(() => savedCacheCount(page), { timeout: 15_000 }).toBeGreaterThan(0);

  await context.setOffline(true);
  await page.reload();
  await expect(row(page, 'GG-PA-014')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('data-age')).toContainText('Offline — showing saved data');

  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await dialog.getByLabel('Product Name').fill('Offline Item');
  await dialog.getByLabel('SKU').fill('E2E-OFFLINE');
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(toast(page, 'Error', 'Failed to add inventory item')).toBeVisible();
  await expect(dialog).toBeVisible();
  await context.close();
});

test('on a phone, Edit keeps its place on every card at 360 and 390 px, beside long names and under long sums', async ({ page }) => {
  // The seeded rows, three made as long as an admin may type them (a wrapping name, one without
  // spaces, sums in the millions), answered as the server would.
  await page.route('**/rest/v1/inventory?**', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const rows = (await response.json()) as Array<Record<string, unknown>>;
    Object.assign(rows[0]!, { product_name: 'Weatherproof Outdoor Unit Wall Mounting Bracket with Extension Arm', cost_price: 1_234_567.89 });
    Object.assign(rows[1]!, { product_name: 'ReplacementIndoorUnitControllerBoardRevisionC', unit_price: 99_999_999.99 });
    Object.assign(rows[2]!, { cost_price: 12_345.67 });
    await route.fulfill({ response, json: rows });
  });
  await signInAs(page, DEMO.admin);
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/admin/inventory');
    const cards = page.getByTestId('inventory-row');
    await expect(cards.first()).toBeVisible({ timeout: 20_000 });
    await expect(cards.first()).toContainText('Weatherproof');
    const places = new Set<string>();
    for (const card of await cards.all()) {
      const c = (await card.boundingBox())!;
      const edit = (await card.getByRole('button', { name: /^Edit / }).boundingBox())!;
      const where = `${await card.getAttribute('data-sku')} at ${width} px`;
      // Its corner's distance from the card's top right corner, rounded to whole pixels.
      places.add(`${Math.round(c.x + c.width - edit.x - edit.width)},${Math.round(edit.y - c.y)}`);
      // Nothing of the card is under the button, and nothing sticks out of the card.
      for (const text of await card.locator('p, [data-testid$="-value"], [data-testid="sku"]').all()) {
        const t = (await text.boundingBox())!;
        const apart = t.x + t.width <= edit.x || edit.x + edit.width <= t.x || t.y + t.height <= edit.y || edit.y + edit.height <= t.y;
        expect(apart, `${where}: "${await text.textContent()}" under Edit`).toBe(true);
        expect(t.x + t.width, `${where}: "${await text.textContent()}" sticks out`).toBeLessThanOrEqual(c.x + c.width);
      }
    }
    expect([...places], `Edit's place from the card's top right corner at ${width} px`).toHaveLength(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});
