import { randomUUID } from 'node:crypto';
import { expect, request, test, type Page } from './support/test.ts';
import { LOCAL_ANON_KEY } from '../../src/lib/env.ts';
import { DEFAULT_JWT_SECRET, demoKey } from '../../supabase/local/keys.ts';
import { createUser, DEMO, DEMO_PASSWORD, sessionOf, signInAs } from './support/auth.ts';
import { expectNoBlockingAxeViolations } from './support/axe.ts';
import { appOrigin } from './support/paths.ts';
import { visitUntilControlled } from './support/service-worker.ts';

// The overview's numbers are computed on the device from the user's own replicated rows; here
// each must equal what the server counts for that user with the same rule (REST with their token,
// so RLS scopes it as it scopes replication). Read-only: the demo customers' data stays as seeded.

async function restAs(email: string, password = DEMO_PASSWORD) {
  const { session } = await sessionOf(email, password);
  const { access_token: accessToken, user } = session;
  const api = await request.newContext({ baseURL: appOrigin() });
  const post = async (path: string, data: unknown) => {
    const response = await api.post(`/rest/v1/${path}`, { headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${accessToken}` }, data });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response.json();
  };
  const get = async <T,>(path: string): Promise<T[]> => {
    const response = await api.get(`/rest/v1/${path}`, { headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${accessToken}` } });
    expect(response.status(), await response.text()).toBe(200);
    return response.json();
  };
  /** A row insert (no body comes back). */
  const insert = async (table: string, data: unknown) => {
    const response = await api.post(`/rest/v1/${table}`, { headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${accessToken}` }, data });
    expect(response.status(), await response.text()).toBe(201);
  };
  return { api, userId: user.id as string, get, post, insert };
}

interface Expected {
  online: number;
  devices: number;
  names: string[];
  codes: number;
  unread: number;
  inProgress: number;
  connectivity: number;
  health: number;
  newestOrder: { order_number: number; status: string };
}

/** What the server counts for the user, each with the card's rule. */
async function serverCounts(email: string): Promise<Expected> {
  const { api, userId, get } = await restAs(email);
  const mine = `user_id=eq.${userId}&_deleted=is.false`;
  const devices = await get<{ name: string; status: string }>(`devices?select=name,status&${mine}`);
  const online = (await get(`devices?select=id&${mine}&status=eq.online`)).length;
  const healthy = (await get(`devices?select=id&${mine}&status=not.in.(error,maintenance)`)).length;
  // Active, unexpired guest and delivery codes; "under their limit" compares two columns, which a
  // REST filter cannot, so that last test is applied to the rows returned.
  const now = new Date().toISOString();
  const codes = await get<{ max_usage: number | null; usage_count: number }>(
    `access_permissions?select=max_usage,usage_count&${mine}&permission_type=in.(guest,delivery)&is_active=is.true&or=(expires_at.is.null,expires_at.gt.${now})`,
  );
  const unread = (await get(`notifications?select=id&${mine}&is_read=is.false`)).length;
  const inProgress = (await get(`orders?select=id&${mine}&status=in.(pending,processing,shipped)`)).length;
  const [newestOrder] = await get<{ order_number: number; status: string }>(`orders?select=order_number,status&${mine}&order=created_at.desc&limit=1`);
  await api.dispose();
  const share = (part: number) => Math.round((part / devices.length) * 1000) / 10;
  return {
    online,
    devices: devices.length,
    names: devices.map((device) => device.name),
    codes: codes.filter((code) => code.max_usage === null || code.usage_count < code.max_usage).length,
    unread,
    inProgress,
    connectivity: share(online),
    health: share(healthy),
    newestOrder: newestOrder!,
  };
}

const card = (page: Page, key: string) => page.getByTestId(`summary-${key}`);
const healthWord = (percent: number) => (percent >= 90 ? 'Excellent' : percent >= 70 ? 'Good' : percent >= 40 ? 'Fair' : 'Poor');

async function expectNumbers(page: Page, expected: Expected) {
  await expect(card(page, 'devices').getByTestId('summary-value')).toHaveText(String(expected.online), { timeout: 15_000 });
  await expect(card(page, 'devices').getByTestId('summary-text')).toHaveText(`${expected.online} of ${expected.devices} devices online`);
  await expect(card(page, 'codes').getByTestId('summary-value')).toHaveText(String(expected.codes));
  await expect(card(page, 'unread').getByTestId('summary-value')).toHaveText(String(expected.unread));
  await expect(card(page, 'orders').getByTestId('summary-value')).toHaveText(String(expected.inProgress));
  await expect(page.getByTestId('bar-connectivity').getByTestId('bar-value')).toHaveText(`${expected.connectivity}%`);
  await expect(page.getByTestId('bar-device-health').getByTestId('bar-value')).toHaveText(`${expected.health}% · ${healthWord(expected.health)}`);
  await expect(page.getByRole('progressbar', { name: 'Connectivity' })).toHaveAttribute('aria-valuenow', String(expected.connectivity));
}

test("Casey's overview: the four numbers and the bars equal what the server counts for her, and her recent activity is listed", async ({ page }) => {
  const expected = await serverCounts(DEMO.customer);
  // The seed gives Casey devices in every status and codes in every state: nothing here is 0 by accident.
  expect(expected.devices).toBeGreaterThan(0);
  expect(expected.codes).toBeGreaterThan(0);

  await signInAs(page, DEMO.customer);
  // A device that never held her data (this browser): what the page shows while the first sync
  // runs is noted from the first paint on. Empty collections then meant "none": she saw the new
  // customer's checklist and a "0" in the devices card before her own data, and the page jumped.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenWhileSyncing: string[] }).seenWhileSyncing = seen;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="first-run-checklist"]')) seen.push('checklist');
      const devices = document.querySelector('[data-testid="summary-devices"] [data-testid="summary-value"]');
      if (devices?.textContent === '0') seen.push('0 devices');
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Casey!' })).toBeVisible();
  await expect(page.getByTestId('role-badge')).toHaveText('Customer');
  await expectNumbers(page, expected);
  expect(await page.evaluate(() => [...new Set((window as unknown as { seenWhileSyncing: string[] }).seenWhileSyncing)])).toEqual([]);
  for (const [key, words] of [
    ['codes', 'Guest and delivery codes that are active, unexpired and under their limit'],
    ['unread', 'Notifications you have not read yet'],
    ['orders', 'Orders pending, processing or shipped'],
  ] as const) {
    await expect(card(page, key).getByTestId('summary-text')).toHaveText(words);
  }
  // The spec's sample figures are not what is shown.
  await expect(page.getByText('99.9%')).toHaveCount(0);

  const activity = page.getByTestId('activity-item');
  await expect(activity).toHaveCount(8);
  // Her newest order (placed today) and the seeded door log and status changes, newest first.
  const list = page.getByTestId('activity-list');
  await expect(list).toContainText(`Order #${expected.newestOrder.order_number} placed`);
  await expect(list).toContainText('Access code D4LV9R used at Main Garage Door');
  await expect(list).toContainText('Workshop Door went from Online to Maintenance');
  await expect(list).toContainText('Side Gate Camera went from Online to Error');
  const times = await activity.locator('time').evaluateAll((nodes) => nodes.map((node) => Date.parse(node.getAttribute('datetime')!)));
  expect(times).toEqual([...times].sort((a, b) => b - a));

  await page.waitForLoadState('networkidle');
  await expectNoBlockingAxeViolations(page, 'overview');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
});

test('the second customer sees their own numbers and none of Casey’s devices', async ({ page }) => {
  const casey = await serverCounts(DEMO.customer);
  const expected = await serverCounts(DEMO.customer2);
  await signInAs(page, DEMO.customer2);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Jordan!' })).toBeVisible();
  await expectNumbers(page, expected);
  await expect(page.getByTestId('activity-list')).toContainText('Front Camera went from Online to Error');
  for (const name of casey.names) await expect(page.getByText(name)).toHaveCount(0);
});

test('a new user: no devices means no percentages; new rows show up live, and the page opens offline', async ({ page, context }) => {
  const user = await createUser('Robin');
  await signInAs(page, user.email, user.password);
  await visitUntilControlled(page, '/dashboard');
  // A first run: 'Welcome', not 'Welcome back' (see the first-run test below).
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Robin!' })).toBeVisible();
  await expect(card(page, 'devices').getByTestId('summary-text')).toHaveText('0 of 0 devices online', { timeout: 15_000 });
  await expect(page.getByTestId('bars-empty')).toHaveText('No devices yet. Add a device to see its connectivity and health here.');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByTestId('activity-empty')).toBeVisible();

  // A notification from the server and an order placed elsewhere arrive without a reload.
  const serviceKey = demoKey('service_role', DEFAULT_JWT_SECRET);
  const api = await request.newContext({ baseURL: appOrigin() });
  const inserted = await api.post('/rest/v1/notifications', {
    headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` },
    data: { user_id: user.id, type: 'system', title: 'Welcome to GarageGuard', body: null, link: null },
  });
  expect(inserted.status(), await inserted.text()).toBe(201);
  await api.dispose();
  await expect(card(page, 'unread').getByTestId('summary-value')).toHaveText('1', { timeout: 15_000 });

  const rest = await restAs(user.email, user.password);
  const order = await rest.post('rpc/place_order', {
    items: [{ product_id: 4, quantity: 1 }],
    contact: { email: user.email, first_name: 'Robin', last_name: 'Tester', address: '1 Road', city: 'Austin', state: 'TX', zip_code: '78704' },
  });
  await rest.api.dispose();
  await expect(card(page, 'orders').getByTestId('summary-value')).toHaveText('1', { timeout: 15_000 });
  await expect(page.getByTestId('activity-item')).toHaveText([new RegExp(`^Order #${order.order_number} placed`)]);

  // Offline, a reload still shows the numbers: they come from the device's database.
  await context.setOffline(true);
  await page.reload();
  await expect(card(page, 'unread').getByTestId('summary-value')).toHaveText('1', { timeout: 15_000 });
  await expect(card(page, 'orders').getByTestId('summary-value')).toHaveText('1');
  await expect(page.getByTestId('activity-item')).toHaveCount(1);
  await context.setOffline(false);
});

test("a new customer's first run: 'Welcome' and a checklist whose steps tick off from their own data, then 'Welcome back' and no checklist", async ({ page }) => {
  const user = await createUser('Quinn');
  await signInAs(page, user.email, user.password);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Quinn!' })).toBeVisible();
  const checklist = page.getByRole('region', { name: 'Get started' });
  await expect(checklist).toContainText('3 steps left');
  await page.waitForLoadState('networkidle');
  await expectNoBlockingAxeViolations(page, 'first-run overview');
  await expect(checklist.getByRole('link', { name: 'Add a device' })).toHaveAttribute('href', '/dashboard/devices');
  await expect(checklist.getByRole('link', { name: 'Create a guest code' })).toHaveAttribute('href', '/dashboard/access');

  await checklist.getByRole('link', { name: 'Explore the shop' }).click();
  await expect(page).toHaveURL('/products');
  await page.goto('/dashboard');
  await expect(checklist).toContainText('2 steps left');
  await expect(checklist.getByRole('link', { name: 'Explore the shop' })).toHaveCount(0);

  // A device and a guest code made elsewhere (the API) tick the other two steps live.
  const rest = await restAs(user.email, user.password);
  const deviceId = randomUUID();
  await rest.insert('devices', { id: deviceId, user_id: rest.userId, name: 'First Door', device_type: 'indoor_unit' });
  await expect(checklist).toContainText('1 step left', { timeout: 15_000 });
  await rest.insert('access_permissions', { user_id: rest.userId, device_id: deviceId, access_code: 'KM4RT7', permission_type: 'guest', granted_to_name: 'Neighbour' });
  await rest.api.dispose();
  await expect(checklist).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Quinn!' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Quinn!' })).toBeVisible();
  await expect(checklist).toHaveCount(0);
});
