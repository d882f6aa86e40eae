import { expect, request, test, type Page } from './support/test.ts';
import { LOCAL_ANON_KEY } from '../../src/lib/env.ts';
import { stockOf, stockText } from './support/api.ts';
import { DEMO, sessionOf, signInAs } from './support/auth.ts';
import { appOrigin } from './support/paths.ts';
import { hydrated } from './support/hydration.ts';

// Real orders: checkout calls place_order, which prices, checks and lowers the stock in Postgres.
const BATTERY = { id: 4, name: 'Backup Battery Pack', price: 59 };
const toast = (page: Page, title: string) => page.locator('.mantine-Notification-root').filter({ hasText: title });

async function addToCart(page: Page, quantity: number) {
  await page.goto(`/products/${BATTERY.id}`);
  await expect(page.getByTestId('stock')).toHaveText(stockText(await stockOf(BATTERY.id)));
  await hydrated(page.getByRole('button', { name: 'Add to Cart', exact: true }).first());
  await page.getByLabel('Quantity', { exact: true }).fill(String(quantity));
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
  await expect(toast(page, 'Added to cart')).toBeVisible();
}

async function fillCheckout(page: Page) {
  const form = page.getByRole('form', { name: 'Checkout' });
  const fields: [string, string][] = [
    ['Email', 'jordan@example.com'], ['First Name', 'Jordan'], ['Last Name', 'Whitaker'], ['Address', '3 Door Road'],
    ['City', 'Springfield'], ['State', 'IL'], ['ZIP Code', '62701'], ['Card Number', '4242424242424242'],
    ['Expiry Date', '12/29'], ['CVV', '123'], ['Name on Card', 'Jordan Whitaker'],
  ];
  for (const [label, value] of fields) await form.getByLabel(label, { exact: false }).first().fill(value);
  return form;
}

test('checkout places a real order: it appears in /dashboard/orders and lowers the stock on the product page', async ({ page }) => {
  await signInAs(page, DEMO.customer2);
  const before = await stockOf(BATTERY.id);
  await addToCart(page, 2);
  await page.goto('/checkout');
  // Contact fields start from the signed-in customer's profile (still editable: fillCheckout types over them).
  const contact = page.getByRole('form', { name: 'Checkout' });
  await expect(contact.getByLabel('Email', { exact: false })).toHaveValue(DEMO.customer2);
  await expect(contact.getByLabel('First Name', { exact: false })).toHaveValue('Jordan');
  await expect(contact.getByLabel('Last Name', { exact: false })).toHaveValue('Whitaker');
  await expect(contact.getByLabel('Card Number', { exact: false })).toHaveValue('');
  const form = await fillCheckout(page);
  const bodies: string[] = [];
  page.on('request', (r) => r.postData() && bodies.push(r.postData()!));
  await form.getByRole('button', { name: 'Place Order' }).click();
  await expect(form.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  // 2 × 59 = 118, +10 % tax = 129.80, priced by the server.
  await expect(toast(page, 'Order placed successfully!')).toContainText('Your order for $129.80 has been confirmed.');
  await expect(page).toHaveURL(/\/$/);
  expect(bodies.some((b) => b.includes('4242'))).toBe(false);
  expect(await stockOf(BATTERY.id)).toBe(before - 2);

  // The toast names the order and leads to it.
  const placed = toast(page, 'Order placed successfully!');
  await expect(placed).toContainText(/Order #\d{6}/);
  const orderNumber = (await placed.textContent())!.match(/Order #(\d{6})/)![1]!;
  await placed.getByRole('link', { name: 'View your orders' }).click();
  await expect(page).toHaveURL('/dashboard/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  const newest = page.getByTestId('order-card').first();
  await expect(newest).toContainText(`Order #${orderNumber}`);
  await expect(newest.getByTestId('order-item')).toHaveText([`2 × ${BATTERY.name}$118.00`]);
  await expect(newest).toContainText('Total');
  await expect(newest).toContainText('$129.80');
  await expect(newest.getByTestId('order-status')).toHaveText('Processing');

  await page.goto(`/products/${BATTERY.id}`);
  await expect(page.getByTestId('stock')).toHaveText(stockText(before - 2));
});

test('an order for more than the stock left is refused with a message, and the cart is kept', async ({ page }) => {
  await signInAs(page, DEMO.customer);
  const stock = await stockOf(BATTERY.id);
  await addToCart(page, stock);

  // Someone else buys one meanwhile (the demo second customer, through the API).
  const api = await request.newContext({ baseURL: appOrigin() });
  const { access_token: accessToken } = (await sessionOf(DEMO.customer2)).session;
  const bought = await api.post('/rest/v1/rpc/place_order', {
    headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${accessToken}` },
    data: {
      items: [{ product_id: BATTERY.id, quantity: 1 }],
      contact: { email: 'j@example.com', first_name: 'J', last_name: 'S', address: '1 Road', city: 'C', state: 'S', zip_code: '1' },
    },
  });
  expect(bought.status(), await bought.text()).toBe(200);
  await api.dispose();

  await page.goto('/checkout');
  const form = await fillCheckout(page);
  await form.getByRole('button', { name: 'Place Order' }).click();
  const error = page.getByTestId('checkout-error');
  await expect(error).toContainText(`Only ${stock - 1} of ${BATTERY.name} left in stock.`);
  await expect(page).toHaveURL(/\/checkout$/);
  expect(await stockOf(BATTERY.id)).toBe(stock - 1);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
});

test('offline, checkout says so and keeps the cart; nothing is ordered', async ({ page, context }) => {
  await signInAs(page, DEMO.customer);
  const before = await stockOf(BATTERY.id);
  await addToCart(page, 1);
  await page.goto('/checkout');
  const form = await fillCheckout(page);
  await context.setOffline(true);
  await form.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByTestId('checkout-error')).toContainText("You're offline.");
  await context.setOffline(false);
  expect(await stockOf(BATTERY.id)).toBe(before);
  await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText(BATTERY.name);
});
