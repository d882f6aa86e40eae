import { expect, request, test, type Page } from './support/test.ts';
import { LOCAL_ANON_KEY } from '../../src/lib/env.ts';
import { stockText } from './support/api.ts';
import { DEMO, signInAs } from './support/auth.ts';
import { expectNoBlockingAxeViolations } from './support/axe.ts';
import { appOrigin } from './support/paths.ts';

// The catalogue comes from the database: a product an admin adds in Inventory (after the build, so
// not prerendered) appears on /products and gets a working detail page; a customer's order lowers
// the one stock figure, seen alike on the detail page, in Inventory and in Mission Control.

const CONTACT = { email: 'buyer@example.com', first_name: 'Casey', last_name: 'Buyer', address: '1 Main St', city: 'Austin', state: 'TX', zip_code: '78704' };

async function rest<T>(method: 'GET' | 'POST' | 'PATCH', path: string, token: string, data?: unknown): Promise<T> {
  const api = await request.newContext({ baseURL: appOrigin() });
  const response = await api.fetch(path, { method, headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${token}`, prefer: 'return=representation' }, data });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  const body = (await response.json()) as T;
  await api.dispose();
  return body;
}

/** Mission Control's low-stock count, asked of the server now (its answer is otherwise kept a while). */
const lowStockFigure = async (page: Page) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Mission Control' })).toBeVisible();
  const refreshed = page.waitForResponse((res) => res.url().includes('/rpc/mission_control'));
  await page.getByRole('button', { name: 'Refresh' }).click();
  const { inventory } = (await (await refreshed).json()) as { inventory: { low_stock: number } };
  const figure = page.getByTestId('inventory-low-stock');
  await expect(figure).toContainText(String(inventory.low_stock));
  return inventory.low_stock;
};

let adminToken = '';
let productId = 0;

// Products this spec adds leave the shop afterwards, so specs that count the catalogue still see the seed.
test.afterAll(async () => {
  if (adminToken && productId) await rest('PATCH', `/rest/v1/products?id=eq.${productId}`, adminToken, { is_active: false });
});

test('an admin adds a product in Inventory; it is on sale in the shop, and an order lowers its stock everywhere', async ({ page, browser }) => {
  // Three people and four screens in one story: about a minute on a quiet machine.
  test.slow();
  const sku = `DB-${Date.now().toString(36).toUpperCase()}`;
  const name = `Garage Floor Sensor ${sku}`;
  ({ session: { access_token: adminToken } } = await signInAs(page, DEMO.admin));
  const lowBefore = await lowStockFigure(page);

  await page.goto('/admin/inventory');
  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await dialog.getByLabel('Product Name').fill(name);
  await dialog.getByLabel('SKU').fill(sku);
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Indoor' }).click();
  await dialog.getByLabel('Current Stock').fill('7');
  await dialog.getByLabel('Minimum Stock').fill('5');
  await dialog.getByLabel('Unit Price').fill('42.5');
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Inventory item added successfully' })).toBeVisible();
  const [row] = await rest<Array<{ product_id: number }>>('GET', `/rest/v1/inventory?sku=eq.${sku}&select=product_id`, adminToken);
  productId = row!.product_id;
  expect(productId).toBeGreaterThan(4);

  // A visitor: the list shows it once the live rows arrive; its page is read live (not prerendered).
  const shopper = await browser.newContext();
  const shop = await shopper.newPage();
  await shop.goto('/products');
  const card = shop.getByTestId('product-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card).toContainText('$42.50');
  await expect(card).toContainText('No reviews yet');
  await card.getByRole('link', { name }).first().click();
  await expect(shop).toHaveURL(`/products/${productId}`);
  await expect(shop.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(shop.getByTestId('stock')).toHaveText(stockText(7));
  await expect(shop.getByRole('img', { name }).first()).toHaveAttribute('src', '/products/placeholder.svg');
  // No long-form content yet: no empty tabs.
  await expect(shop.getByRole('tab')).toHaveCount(0);
  await expectNoBlockingAxeViolations(shop, 'a product added in Inventory');
  await shopper.close();

  // A customer orders 3: the price charged is the inventory's, the stock falls from 7 to 4.
  const customer = await browser.newContext();
  const buyer = await customer.newPage();
  const { session } = await signInAs(buyer, DEMO.customer);
  const order = await rest<{ subtotal: number }>('POST', '/rest/v1/rpc/place_order', session.access_token, { items: [{ product_id: productId, quantity: 3 }], contact: CONTACT });
  expect(order.subtotal).toBe(127.5);
  await buyer.goto(`/products/${productId}`);
  await expect(buyer.getByTestId('stock')).toHaveText(stockText(4));
  await customer.close();

  // Inventory: the sheet is an answer kept a while; Refresh fetches the stock the sale left.
  await page.goto('/admin/inventory');
  await page.getByRole('button', { name: 'Refresh' }).click();
  const inventoryRow = page.locator(`[data-testid="inventory-row"][data-sku="${sku}"]`);
  await expect(inventoryRow.getByTestId('stock-value')).toHaveText('4');
  await expect(inventoryRow.getByTestId('stock-status')).toHaveText('Low Stock');
  // 4 is at or below the minimum of 5: Mission Control counts one more low-stock item.
  expect(await lowStockFigure(page)).toBe(lowBefore + 1);
});
