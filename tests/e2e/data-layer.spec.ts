import { expect, request, test, type Browser, type BrowserContext, type Page } from './support/test.ts';
import { DEFAULT_JWT_SECRET, demoKey } from '../../supabase/local/keys.ts';
import { stockOf, stockText } from './support/api.ts';
import { createUser, signInAs } from './support/auth.ts';
import { appOrigin } from './support/paths.ts';
import { visitUntilControlled } from './support/service-worker.ts';
import { hydrated } from './support/hydration.ts';

// The data layer in the built app: the user's RxDB database opened after sign-in, replicating
// with the stack; two browser contexts of one user see each other's changes; a write made offline
// waits in the sync center, survives a reload and is delivered once; sign-out leaves nothing of
// the user on the device. Each test has a user of its own (sign-out is global, and carts and
// orders start empty).

const BATTERY = { id: 4, name: 'Backup Battery Pack', price: 59 };
type User = Awaited<ReturnType<typeof createUser>>;

async function signedInPage(browser: Browser, user: User): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, user.email, user.password);
  return { context, page };
}

/** The user's cart rows as the server holds them (service-role REST: no RLS in the way). */
async function serverCart(userId: string): Promise<Array<{ product_id: number; quantity: number; _deleted: boolean }>> {
  const serviceKey = demoKey('service_role', DEFAULT_JWT_SECRET);
  const api = await request.newContext({ baseURL: appOrigin() });
  const response = await api.get(`/rest/v1/cart_items?user_id=eq.${userId}&_deleted=eq.false&select=product_id,quantity,_deleted`, {
    headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  const rows = await response.json();
  await api.dispose();
  return rows;
}

async function addBattery(page: Page, quantity: number, { online = true } = {}) {
  await page.goto(`/products/${BATTERY.id}`);
  if (online) await expect(page.getByTestId('stock')).toHaveText(stockText(await stockOf(BATTERY.id)));
  // The page is prerendered: offline nothing else shows that React owns it, and a tap before that is lost.
  await hydrated(page.getByRole('button', { name: 'Add to Cart', exact: true }).first());
  await page.getByLabel('Quantity', { exact: true }).fill(String(quantity));
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Added to cart' })).toBeVisible();
}

const cartLine = (page: Page) => page.getByRole('list', { name: 'Cart items' }).getByRole('listitem').filter({ hasText: BATTERY.name });
const pendingWrite = (page: Page) => page.getByTestId('sync-write').filter({ hasText: `Cart: ${BATTERY.name}` });

/** What the device holds of a user: IndexedDB database names, and sync records naming them. */
function deviceTraces(page: Page, userId: string) {
  return page.evaluate(async (id) => {
    const names = (await indexedDB.databases()).map((d) => d.name ?? '');
    const records: string[] = [];
    if (names.includes('garage-sync')) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('garage-sync');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of ['pending', 'outbox', 'conflicts', 'settled', 'sent', 'users']) {
        const all = await new Promise<Array<{ userId: string }>>((resolve) => {
          const get = db.transaction(store).objectStore(store).getAll();
          get.onsuccess = () => resolve(get.result);
        });
        records.push(...all.filter((entry) => entry.userId === id).map(() => store));
      }
      db.close();
    }
    return { databases: names.filter((name) => name.includes(id)), records };
  }, userId);
}

test('an order placed in one browser appears on the orders page of the other, live, and stays readable offline', async ({ browser }) => {
  const user = await createUser('Orla');
  const a = await signedInPage(browser, user);
  const b = await signedInPage(browser, user);
  await visitUntilControlled(b.page, '/dashboard/orders');
  await expect(b.page.getByText('No orders yet')).toBeVisible();

  await addBattery(a.page, 1);
  await a.page.goto('/checkout');
  // The form takes its defaults from the profile once it loads: fill it after that.
  await a.page.waitForLoadState('networkidle');
  const form = a.page.getByRole('form', { name: 'Checkout' });
  const fields: [string, string][] = [
    ['Email', user.email], ['First Name', 'Orla'], ['Last Name', 'Tester'], ['Address', '3 Door Road'], ['City', 'Springfield'],
    ['State', 'IL'], ['ZIP Code', '62701'], ['Card Number', '4242424242424242'], ['Expiry Date', '12/29'], ['CVV', '123'], ['Name on Card', 'Orla Tester'],
  ];
  for (const [label, value] of fields) await form.getByLabel(label, { exact: false }).first().fill(value);
  await expect(form.getByLabel('Email')).toHaveValue(user.email);
  await form.getByRole('button', { name: 'Place Order' }).click();
  await expect(a.page.locator('.mantine-Notification-root').filter({ hasText: 'Order placed successfully!' })).toBeVisible();

  // B did nothing: the order arrives through replication (Realtime, or the next pull).
  const card = b.page.getByTestId('order-card');
  await expect(card).toHaveCount(1, { timeout: 15_000 });
  await expect(card.getByTestId('order-item')).toHaveText([`1 × ${BATTERY.name}$59.00`]);
  await expect(card).toContainText('$64.90');

  // The page reads the device's database: offline, a reload still shows the order.
  await b.context.setOffline(true);
  await b.page.reload();
  await expect(b.page.getByTestId('order-card').getByTestId('order-item')).toHaveText([`1 × ${BATTERY.name}$59.00`]);
  await a.context.close();
  await b.context.close();
});

test('a cart line follows to the other browser; offline it waits as pending, survives a reload and is delivered once', async ({ browser }) => {
  const user = await createUser('Cary');
  const a = await signedInPage(browser, user);
  const b = await signedInPage(browser, user);
  await visitUntilControlled(a.page, '/');
  await b.page.goto('/cart');

  await addBattery(a.page, 1);
  await expect.poll(() => serverCart(user.id), { timeout: 15_000 }).toEqual([{ product_id: BATTERY.id, quantity: 1, _deleted: false }]);
  await expect(cartLine(b.page).getByTestId('cart-line-quantity')).toHaveText('1', { timeout: 15_000 });

  await a.context.setOffline(true);
  await addBattery(a.page, 2, { online: false });
  await a.page.goto('/sync');
  await expect(pendingWrite(a.page)).toHaveAttribute('data-state', 'pending');
  await expect(pendingWrite(a.page)).toContainText('Pending');
  await a.page.reload();
  await expect(pendingWrite(a.page)).toHaveAttribute('data-state', 'pending');
  expect(await serverCart(user.id)).toEqual([{ product_id: BATTERY.id, quantity: 1, _deleted: false }]);

  await a.context.setOffline(false);
  await expect(a.page.getByRole('heading', { name: 'Everything is synced' })).toBeVisible({ timeout: 20_000 });
  // 1 + 2, once: one row, not re-added by a replay.
  await expect.poll(() => serverCart(user.id)).toEqual([{ product_id: BATTERY.id, quantity: 3, _deleted: false }]);
  await expect(cartLine(b.page).getByTestId('cart-line-quantity')).toHaveText('3', { timeout: 15_000 });
  await a.page.waitForTimeout(2000);
  expect(await serverCart(user.id)).toEqual([{ product_id: BATTERY.id, quantity: 3, _deleted: false }]);
  await a.context.close();
  await b.context.close();
});

test('a change whose sync-center entry died with the page (closed between the two writes) is listed again, and sign-out warns about it', async ({ page, context }) => {
  const user = await createUser('Lena');
  await signInAs(page, user.email, user.password);
  await visitUntilControlled(page, '/');
  await context.setOffline(true);
  await addBattery(page, 1, { online: false });
  await page.goto('/sync');
  await expect(pendingWrite(page)).toHaveAttribute('data-state', 'pending');
  // The entry is stored after the row, in another database: a page closed in between keeps the
  // row and loses the entry.
  await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('garage-sync');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('pending', 'readwrite');
      tx.objectStore('pending').clear();
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  });
  await page.reload();
  await expect(pendingWrite(page)).toHaveAttribute('data-state', 'pending');
  await page.getByTestId('navbar').getByRole('button', { name: 'Lena' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('dialog', { name: 'Changes not synced' })).toContainText('You have 1 change that has not been synced.');
  await page.keyboard.press('Escape');

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Everything is synced' })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => serverCart(user.id)).toEqual([{ product_id: BATTERY.id, quantity: 1, _deleted: false }]);
});

test('sign-out with a pending write warns first; afterwards the device holds nothing of the user', async ({ page, context }) => {
  const user = await createUser('Sid');
  await signInAs(page, user.email, user.password);
  await visitUntilControlled(page, '/');
  await addBattery(page, 1);
  await expect.poll(() => serverCart(user.id), { timeout: 15_000 }).toHaveLength(1);
  expect((await deviceTraces(page, user.id)).databases).not.toEqual([]);

  await context.setOffline(true);
  await addBattery(page, 1, { online: false });
  await page.goto('/sync');
  await expect(pendingWrite(page)).toHaveAttribute('data-state', 'pending');

  await page.getByTestId('navbar').getByRole('button', { name: 'Sid' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Changes not synced' });
  await expect(dialog).toContainText('You have 1 change that has not been synced.');
  await dialog.getByRole('button', { name: 'Sign Out and Discard' }).click();
  await expect(page.getByTestId('navbar').getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();

  await expect.poll(() => deviceTraces(page, user.id), { timeout: 15_000 }).toEqual({ databases: [], records: [] });
  // The discarded write never reaches the server, also once the connection is back.
  await context.setOffline(false);
  await page.reload();
  await page.waitForTimeout(2000);
  expect(await serverCart(user.id)).toEqual([{ product_id: BATTERY.id, quantity: 1, _deleted: false }]);
  expect(await deviceTraces(page, user.id)).toEqual({ databases: [], records: [] });
});

/** Removes the user's cart rows on the server for good (what another device's checkout does, harder). */
async function deleteServerCart(userId: string): Promise<void> {
  const serviceKey = demoKey('service_role', DEFAULT_JWT_SECRET);
  const api = await request.newContext({ baseURL: appOrigin() });
  const response = await api.delete(`/rest/v1/cart_items?user_id=eq.${userId}`, { headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` } });
  expect(response.status(), await response.text()).toBe(204);
  await api.dispose();
}

test('a write the server refuses is set aside as failed with Retry and Discard; the rest keeps syncing', async ({ page, context }) => {
  const user = await createUser('Remy');
  await signInAs(page, user.email, user.password);
  await visitUntilControlled(page, '/');
  await addBattery(page, 1);
  await expect.poll(() => serverCart(user.id), { timeout: 15_000 }).toEqual([{ product_id: BATTERY.id, quantity: 1, _deleted: false }]);

  // Offline, the line is changed here while it disappears from the server.
  await context.setOffline(true);
  await page.goto('/cart');
  await cartLine(page).getByRole('button', { name: `Increase quantity of ${BATTERY.name}` }).click();
  await expect(cartLine(page).getByTestId('cart-line-quantity')).toHaveText('2');
  await deleteServerCart(user.id);
  await context.setOffline(false);

  await page.goto('/sync');
  const failed = pendingWrite(page);
  await expect(failed).toHaveAttribute('data-state', 'failed', { timeout: 10_000 });
  await expect(failed).toContainText('This item no longer exists on the server');
  // Retry sends the line again as it is on this device.
  await failed.getByRole('button', { name: `Retry: Cart: ${BATTERY.name}` }).click();
  await expect(page.getByRole('heading', { name: 'Everything is synced' })).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => serverCart(user.id), { timeout: 15_000 }).toEqual([{ product_id: BATTERY.id, quantity: 2, _deleted: false }]);

  // The same again, now discarded: the line leaves this device too.
  await context.setOffline(true);
  await page.goto('/cart');
  await cartLine(page).getByRole('button', { name: `Increase quantity of ${BATTERY.name}` }).click();
  // Shown means stored: leaving the page before that (the next goto) could abort the write.
  await expect(cartLine(page).getByTestId('cart-line-quantity')).toHaveText('3');
  await deleteServerCart(user.id);
  await context.setOffline(false);
  await page.goto('/sync');
  await expect(pendingWrite(page)).toHaveAttribute('data-state', 'failed', { timeout: 10_000 });
  await pendingWrite(page).getByRole('button', { name: `Discard: Cart: ${BATTERY.name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('heading', { name: 'Everything is synced' })).toBeVisible({ timeout: 15_000 });
  await page.goto('/cart');
  await expect(cartLine(page)).toHaveCount(0);
  expect(await serverCart(user.id)).toEqual([]);
});
