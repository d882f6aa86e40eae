import { expect, request, test, type Page } from './support/test.ts';
import { LOCAL_ANON_KEY } from '../../src/lib/env.ts';
import { DEFAULT_JWT_SECRET, demoKey } from '../../supabase/local/keys.ts';
import { createUser, sessionOf, signInAs } from './support/auth.ts';
import { expectNoBlockingAxeViolations } from './support/axe.ts';
import { appOrigin } from './support/paths.ts';

// Notifications are written only by the server (triggers, or here the service role); the user
// reads them on the device and marks them read (is_read, the one column they may change).
const SERVICE_KEY = demoKey('service_role', DEFAULT_JWT_SECRET);
const service = { apikey: SERVICE_KEY, authorization: `Bearer ${SERVICE_KEY}` };

const userToken = async (email: string, password: string) => (await sessionOf(email, password)).session.access_token;

/** A notification inserted on the server, as a server-side job would. */
async function notify(userId: string, title: string, body: string): Promise<string> {
  const api = await request.newContext({ baseURL: appOrigin() });
  const response = await api.post('/rest/v1/notifications', {
    headers: { ...service, prefer: 'return=representation' },
    data: { user_id: userId, type: 'system', title, body, link: null },
  });
  expect(response.status(), await response.text()).toBe(201);
  const [row] = await response.json();
  await api.dispose();
  return row.id as string;
}

/** Places an order as the user and ships it with the service role: the order_status trigger notifies them. */
async function shipAnOrder(token: string): Promise<void> {
  const api = await request.newContext({ baseURL: appOrigin() });
  const placed = await api.post('/rest/v1/rpc/place_order', {
    headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${token}` },
    data: {
      items: [{ product_id: 3, quantity: 1 }],
      contact: { email: 'robin@example.com', first_name: 'Robin', last_name: 'Tester', address: '1 Road', city: 'Austin', state: 'TX', zip_code: '78704' },
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const { id: orderId } = await placed.json();
  const shipped = await api.patch(`/rest/v1/orders?id=eq.${orderId}`, { headers: service, data: { status: 'shipped' } });
  expect(shipped.status(), await shipped.text()).toBeLessThan(300);
  await api.dispose();
}

/** The user's notifications as the server holds them, newest first. */
async function serverRows(token: string): Promise<{ id: string; title: string; is_read: boolean }[]> {
  const api = await request.newContext({ baseURL: appOrigin() });
  const response = await api.get('/rest/v1/notifications?select=id,title,is_read&order=created_at.desc', { headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${token}` } });
  const rows = await response.json();
  await api.dispose();
  return rows;
}

const sidebarLink = (page: Page) => page.getByRole('navigation', { name: 'User Dashboard', exact: true }).getByRole('link', { name: /^Notifications/ });
const items = (page: Page) => page.getByTestId('notification');

test('unread notifications are marked and counted in the sidebar; marking read reaches the server, offline too; new ones arrive live', async ({ page, context }) => {
  const user = await createUser('Robin');
  const token = await userToken(user.email, user.password);
  await notify(user.id, 'Welcome to GarageGuard', 'Your account is ready.');
  await notify(user.id, 'Firmware 2.4.1 available', 'Update from the device page.');
  await shipAnOrder(token);
  await expect.poll(async () => (await serverRows(token)).length).toBe(3);

  await signInAs(page, user.email, user.password);
  await page.goto('/dashboard/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(items(page)).toHaveCount(3, { timeout: 15_000 });
  // Newest first, each unread one marked for the eye (a dot) and for screen readers ('Unread:').
  await expect(items(page).getByRole('heading')).toHaveText(['Unread: Order status updated', 'Unread: Firmware 2.4.1 available', 'Unread: Welcome to GarageGuard']);
  await expect(items(page).first()).toContainText(/Your order #\S+ is now Shipped\./);
  await expect(sidebarLink(page)).toHaveAccessibleName('Notifications 3 unread');
  await expect(page.getByTestId('unread-summary')).toHaveText('3 unread');

  await expectNoBlockingAxeViolations(page, 'notifications');

  // Mark one read: the count drops at once and the server row follows.
  const firmware = items(page).filter({ hasText: 'Firmware 2.4.1 available' });
  await firmware.getByRole('button', { name: 'Mark as read' }).click();
  await expect(firmware).toHaveAttribute('data-unread', 'false');
  await expect(firmware.getByRole('heading')).toHaveText('Firmware 2.4.1 available');
  await expect(sidebarLink(page)).toHaveAccessibleName('Notifications 2 unread');
  await expect.poll(async () => (await serverRows(token)).find((row) => row.title === 'Firmware 2.4.1 available')?.is_read, { timeout: 15_000 }).toBe(true);

  // Offline, the mark is kept on the device and shown as pending until it is delivered.
  await context.setOffline(true);
  const welcome = items(page).filter({ hasText: 'Welcome to GarageGuard' });
  await welcome.getByRole('button', { name: 'Mark as read' }).click();
  await expect(welcome.getByTestId('write-state')).toHaveText('Pending');
  await expect(sidebarLink(page)).toHaveAccessibleName('Notifications 1 unread');
  expect((await serverRows(token)).find((row) => row.title === 'Welcome to GarageGuard')?.is_read).toBe(false);
  await context.setOffline(false);
  await expect(welcome.getByTestId('write-state')).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(async () => (await serverRows(token)).find((row) => row.title === 'Welcome to GarageGuard')?.is_read, { timeout: 15_000 }).toBe(true);

  // A new notification appears live, and the count rises.
  await notify(user.id, 'Scheduled maintenance tonight', 'The cloud dashboard restarts at 2 a.m.');
  await expect(items(page).first().getByRole('heading')).toHaveText('Unread: Scheduled maintenance tonight', { timeout: 15_000 });
  await expect(sidebarLink(page)).toHaveAccessibleName('Notifications 2 unread');

  // Mark all as read.
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(sidebarLink(page)).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('unread-summary')).toHaveText('You are all caught up.');
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await expect.poll(async () => (await serverRows(token)).every((row) => row.is_read), { timeout: 15_000 }).toBe(true);
});

test("opening a notification's link marks it read and goes there; with none, the page says so", async ({ page }) => {
  const user = await createUser('Robin');
  const token = await userToken(user.email, user.password);
  await signInAs(page, user.email, user.password);
  await page.goto('/dashboard/notifications');
  await expect(page.getByRole('heading', { name: 'No notifications' })).toBeVisible({ timeout: 15_000 });
  await expect(sidebarLink(page)).toHaveAccessibleName('Notifications');

  await shipAnOrder(token);
  const order = items(page).filter({ hasText: 'Order status updated' });
  await expect(order).toHaveAttribute('data-unread', 'true', { timeout: 15_000 });
  await expect(sidebarLink(page)).toHaveAccessibleName('Notifications 1 unread');
  await order.getByRole('link', { name: 'View details' }).click();
  await expect(page).toHaveURL('/dashboard/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(sidebarLink(page)).toHaveAccessibleName('Notifications');
  await expect.poll(async () => (await serverRows(token))[0]?.is_read, { timeout: 15_000 }).toBe(true);
});

test('on a 390 px phone the text of a notification has the card’s width and Mark as read sits under it; beside it on a wider screen', async ({ page }) => {
  const user = await createUser('Noor');
  await notify(user.id, 'Side Gate Camera reported an error', 'The camera did not restart after its firmware update. Support has been told; no action is needed from you yet.');
  await signInAs(page, user.email, user.password);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/notifications');
  const item = items(page).first();
  const title = item.getByRole('heading', { level: 2 });
  // The same button, by the same name, as on every width.
  const button = item.getByRole('button', { name: 'Mark as read' });
  await expect(button).toBeVisible({ timeout: 15_000 });
  const card = (await item.boundingBox())!;
  const titleBox = (await title.boundingBox())!;
  const body = (await item.getByText(/^The camera did not restart/).boundingBox())!;
  const buttonBox = (await button.boundingBox())!;
  expect(buttonBox.y, 'button under the text').toBeGreaterThanOrEqual(body.y + body.height);
  // The text column is not squeezed by the button: it spans most of the card.
  expect(titleBox.width + 1).toBeGreaterThan(card.width * 0.75);
  expect(body.width + 1).toBeGreaterThan(card.width * 0.75);

  await page.setViewportSize({ width: 1440, height: 900 });
  await expect.poll(async () => (await button.boundingBox())!.y).toBeLessThan((await title.boundingBox())!.y + (await title.boundingBox())!.height);
  await button.click();
  await expect(button).toHaveCount(0);
});
