import { expect, request, test, type Page } from './support/test.ts';
import { DEFAULT_JWT_SECRET, demoKey } from '../../supabase/local/keys.ts';
import { DEMO, signInAs } from './support/auth.ts';
import { expectNoBlockingAxeViolations } from './support/axe.ts';
import { appOrigin } from './support/paths.ts';
import { hydrated } from './support/hydration.ts';

/** Removes every line of a user's cart on the server (service role), as a removal on a device does. */
async function emptyServerCart(userId: string) {
  const serviceKey = demoKey('service_role', DEFAULT_JWT_SECRET);
  const api = await request.newContext({ baseURL: appOrigin() });
  const response = await api.patch(`/rest/v1/cart_items?user_id=eq.${userId}&_deleted=eq.false`, {
    headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` },
    data: { _deleted: true },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  await api.dispose();
}

// A signed-in customer's cart is replicated (it follows them to other browsers), so each test
// starts by emptying the demo customer's cart on the server; every test gets a fresh browser
// context, so nothing is left on the device. /cart and /checkout need a signed-in user (spec §6).
test.beforeEach(async ({ page }) => {
  const { session } = await signInAs(page, DEMO.customer);
  await emptyServerCart(session.user.id);
});

const main = (page: Page) => page.locator('main');
const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

/** Adds from the product detail page, as a shopper does; waits for the toast. */
async function addFromDetail(page: Page, productId: number, name: string, variant?: string) {
  await page.goto(`/products/${productId}`);
  // Prerendered: a tap before React owns the page is lost.
  await hydrated(page.getByRole('button', { name: 'Add to Cart', exact: true }).first());
  // Mantine chips hide the radio input visually; the shopper clicks its label.
  if (variant) await page.locator('label', { hasText: variant }).click();
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
  await expect(toast(page, `1x ${name} has been added to your cart.`).last()).toBeVisible();
}

const line = (page: Page, label: string) => page.getByRole('listitem', { name: label, exact: true });

/** Scans this part's content (the page inside <main>); navbar, footer and toasts belong to others. */
async function expectNoSeriousA11yViolations(page: Page) {
  await expectNoBlockingAxeViolations(page, page.url(), 'main');
}

test('empty cart and empty checkout explain themselves and lead to the products', async ({ page }) => {
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByText("Looks like you haven't added any items to your cart yet.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByText('Add some items to your cart before checking out.')).toBeVisible();
  await main(page).getByRole('link', { name: 'Continue Shopping' }).click();
  await expect(page).toHaveURL(/\/products(\?|$)/);
});

test('detail page adds lines; the cart page shows them with the order summary', async ({ page }) => {
  await addFromDetail(page, 2, 'Indoor Unit Standalone');
  await addFromDetail(page, 1, 'Complete System', 'Black');
  await addFromDetail(page, 1, 'Complete System', 'Black');

  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
  const system = line(page, 'Complete System (Color: Black)');
  await expect(system.getByTestId('cart-line-quantity')).toHaveText('2');
  await expect(system.getByTestId('cart-line-total')).toHaveText('$598.00');
  await expect(line(page, 'Indoor Unit Standalone').getByTestId('cart-line-quantity')).toHaveText('1');

  // 299 × 2 + 149 = 747; tax 74.70; total 821.70
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary).toContainText('Subtotal$747.00');
  await expect(summary).toContainText('ShippingFree');
  await expect(summary).toContainText('Tax (10%)$74.70');
  await expect(summary).toContainText('Total$821.70');
  await expect(page.getByTestId('cart-badge')).toHaveText('3');
  await expectNoSeriousA11yViolations(page);

  await summary.getByRole('link', { name: 'Continue Shopping' }).click();
  await expect(page).toHaveURL(/\/products(\?|$)/);
});

test('quantity buttons, remove and clear, and the cart survives a reload', async ({ page }) => {
  await addFromDetail(page, 3, 'Solar Panel Kit');
  await addFromDetail(page, 4, 'Backup Battery Pack');
  await page.goto('/cart');

  const solar = line(page, 'Solar Panel Kit');
  await expect(solar.getByRole('button', { name: 'Decrease quantity of Solar Panel Kit' })).toBeDisabled();
  await solar.getByRole('button', { name: 'Increase quantity of Solar Panel Kit' }).click();
  await solar.getByRole('button', { name: 'Increase quantity of Solar Panel Kit' }).click();
  await expect(solar.getByTestId('cart-line-quantity')).toHaveText('3');
  await solar.getByRole('button', { name: 'Decrease quantity of Solar Panel Kit' }).click();
  await expect(solar.getByTestId('cart-line-quantity')).toHaveText('2');
  await expect(solar.getByTestId('cart-line-total')).toHaveText('$158.00');

  await page.reload();
  await expect(line(page, 'Solar Panel Kit').getByTestId('cart-line-quantity')).toHaveText('2');

  await line(page, 'Backup Battery Pack').getByRole('button', { name: 'Remove Backup Battery Pack from cart' }).click();
  await expect(toast(page, 'Item removed')).toContainText('Backup Battery Pack has been removed from your cart.');
  await expect(line(page, 'Backup Battery Pack')).toHaveCount(0);

  await page.getByRole('button', { name: 'Clear Cart' }).click();
  await expect(toast(page, 'Cart cleared')).toContainText('All items have been removed from your cart.');
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeVisible();
});

test('the cart is live across two tabs and concurrent adds both count', async ({ context }) => {
  const cartTab = await context.newPage();
  const shopTab = await context.newPage();
  await cartTab.goto('/cart');
  await expect(cartTab.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeVisible();

  await addFromDetail(shopTab, 4, 'Backup Battery Pack');
  // No reload: RxDB's query hears the other tab's write.
  await expect(line(cartTab, 'Backup Battery Pack').getByTestId('cart-line-quantity')).toHaveText('1');

  await cartTab.goto('/products/4');
  await hydrated(cartTab.getByRole('button', { name: 'Add to Cart', exact: true }).first());
  const add = (p: Page) => p.getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
  await Promise.all([add(cartTab), add(shopTab)]);
  // Both writes stored and heard by both tabs before either leaves the page.
  await Promise.all([cartTab, shopTab].map((tab) => expect(tab.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible()));
  await shopTab.goto('/cart');
  await expect(line(shopTab, 'Backup Battery Pack').getByTestId('cart-line-quantity')).toHaveText('3');

  await line(shopTab, 'Backup Battery Pack').getByRole('button', { name: 'Remove Backup Battery Pack from cart' }).click();
  await cartTab.goto('/cart');
  await expect(cartTab.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeVisible();
});

test('checkout: form, Processing..., order toast with the total, empty cart, home', async ({ page }) => {
  await addFromDetail(page, 1, 'Complete System');
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText('Total$328.90');
  await expectNoSeriousA11yViolations(page);

  const form = page.getByRole('form', { name: 'Checkout' });
  const placeOrder = form.getByRole('button', { name: 'Place Order' });
  // Browser validation stops an incomplete form: nothing happens, no order.
  await placeOrder.click();
  await expect(placeOrder).toBeEnabled();
  await expect(page).toHaveURL(/\/checkout$/);

  const fields: [string, string][] = [
    ['Email', 'ada@example.com'],
    ['First Name', 'Ada'],
    ['Last Name', 'Lovelace'],
    ['Address', '12 Garage Lane'],
    ['City', 'Springfield'],
    ['State', 'IL'],
    ['ZIP Code', '62701'],
    ['Card Number', '4242 4242 4242 4242 9999'],
    ['Expiry Date', '12/29'],
    ['CVV', '123'],
    ['Name on Card', 'Ada Lovelace'],
  ];
  for (const [label, value] of fields) await form.getByLabel(label, { exact: false }).first().fill(value);
  await expect(form.getByLabel('Card Number', { exact: false })).toHaveValue('4242 4242 4242 4242'); // maxlength 19

  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  const started = Date.now();
  await placeOrder.click();
  const processing = form.getByRole('button', { name: 'Processing...' });
  await expect(processing).toBeDisabled();
  await processing.click({ force: true }); // a second click must not place a second order

  await expect(toast(page, 'Order placed successfully!')).toContainText('Your order for $328.90 has been confirmed.');
  expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, 'Order placed successfully!')).toHaveCount(1);
  await expect(toast(page, 'Cart cleared')).toHaveCount(0);
  // Card data never leaves the browser.
  expect(requests.filter((url) => url.includes('4242'))).toEqual([]);

  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeVisible();
});

test('checkout on a phone (390 px): the order summary comes before Place Order', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await addFromDetail(page, 4, 'Backup Battery Pack');
  await page.goto('/checkout');
  const summary = page.getByRole('region', { name: 'Order Summary' });
  const placeOrder = page.getByRole('button', { name: 'Place Order' });
  await expect(summary).toBeVisible();
  const summaryBox = (await summary.boundingBox())!;
  const buttonBox = (await placeOrder.boundingBox())!;
  expect(summaryBox.y + summaryBox.height).toBeLessThanOrEqual(buttonBox.y);
});

test('a legacy localStorage cart is imported once; an unparseable one is logged and ignored', async ({ page, context }) => {
  await page.goto('/');
  await page.evaluate(() =>
    localStorage.setItem('cart', JSON.stringify([{ id: 3, name: 'Solar Panel Kit', price: 79, image: '/products/solar-panel-front.svg', quantity: 2 }])),
  );
  await page.goto('/cart');
  await expect(line(page, 'Solar Panel Kit').getByTestId('cart-line-quantity')).toHaveText('2');
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
  await page.reload();
  await expect(line(page, 'Solar Panel Kit').getByTestId('cart-line-quantity')).toHaveText('2');

  const fresh = await context.browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  const other = await fresh.newPage();
  await signInAs(other, DEMO.customer);
  const errors: string[] = [];
  other.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await other.goto('/');
  await other.evaluate(() => localStorage.setItem('cart', '{broken'));
  await other.goto('/cart');
  // The broken value added nothing; the customer's own cart followed them to this browser (it
  // shows once their database has opened and pulled, which takes seconds on a loaded machine).
  await expect(line(other, 'Solar Panel Kit').getByTestId('cart-line-quantity')).toHaveText('2', { timeout: 20_000 });
  await expect(other.getByRole('list', { name: 'Cart items' }).getByRole('listitem')).toHaveCount(1);
  expect(errors.some((e) => e.includes('Could not read the saved cart'))).toBe(true);
  await fresh.close();
});
