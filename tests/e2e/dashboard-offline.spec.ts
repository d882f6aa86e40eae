import { expect, request, test, type Browser, type Page } from './support/test.ts';
import { LOCAL_ANON_KEY } from '../../src/lib/env.ts';
import { DEFAULT_JWT_SECRET, demoKey } from '../../supabase/local/keys.ts';
import { createUser, DEMO, signInAs } from './support/auth.ts';
import { appOrigin } from './support/paths.ts';
import { visitUntilControlled } from './support/service-worker.ts';

// The customer dashboard as one piece, in the built app against the local stack: the whole flow
// made offline (a device added, a code created, another revoked, a notification read) survives a
// reload as pending writes and reaches the server exactly once when the connection returns; a
// second browser of the same customer sees each change live; another customer sees none of it.

const SERVICE_KEY = demoKey('service_role', DEFAULT_JWT_SECRET);
type Row = Record<string, unknown>;

async function rest(method: 'GET' | 'POST', path: string, token: string, data?: unknown): Promise<Row[]> {
  const api = await request.newContext({ baseURL: appOrigin() });
  const apikey = token === SERVICE_KEY ? SERVICE_KEY : LOCAL_ANON_KEY;
  const response = await api.fetch(path, { method, headers: { apikey, authorization: `Bearer ${token}`, prefer: 'return=representation' }, data });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  const body = (await response.json()) as Row[];
  await api.dispose();
  return body;
}

/** A customer of their own with one device, one active code and one unread notification, made through the API. */
async function customerWithData(browser: Browser, firstName: string) {
  const user = await createUser(firstName);
  const context = await browser.newContext();
  const page = await context.newPage();
  const { session } = await signInAs(page, user.email, user.password);
  const token = session.access_token;
  const [device] = await rest('POST', '/rest/v1/devices', token, { name: 'Garage', device_type: 'indoor_unit' });
  await rest('POST', '/rest/v1/access_permissions', token, { device_id: device!.id, permission_type: 'guest', access_code: 'AB12CD', granted_to_name: 'Neighbour' });
  await rest('POST', '/rest/v1/notifications', SERVICE_KEY, { user_id: user.id, type: 'system', title: 'Check your battery' });
  return { user, token, context, page, deviceId: device!.id as string };
}

const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'User Dashboard', exact: true }).getByRole('link', { name: new RegExp(`^${name}`) });
const deviceCard = (page: Page, name: string) => page.getByTestId('device-card').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
const codeCard = (page: Page, code: string) => page.locator(`[data-testid="access-card"][data-code="${code}"]`);
const notification = (page: Page, title: string) => page.getByTestId('notification').filter({ hasText: title });

test('offline: add a device, create a code, revoke another, read a notification; a reload keeps them pending; online delivers each once', async ({ browser }) => {
  test.setTimeout(120_000);
  const { user, token, context, page } = await customerWithData(browser, 'Olive');
  await visitUntilControlled(page, '/dashboard/devices');
  await expect(deviceCard(page, 'Garage')).toBeVisible({ timeout: 15_000 });
  // Every page's data has reached the device before the connection goes.
  await nav(page, 'Notifications').click();
  await expect(notification(page, 'Check your battery')).toBeVisible({ timeout: 15_000 });
  await nav(page, 'Access Permissions').click();
  await expect(codeCard(page, 'AB12CD')).toBeVisible({ timeout: 15_000 });

  // Chromium's offline emulation has once let a request through (a CI run found the new device on
  // the server while offline); any API answer the page gets from the network is recorded, so such a
  // run says so instead of blaming the app.
  const leaked: string[] = [];
  let offline = true;
  context.on('requestfinished', async (r) => {
    const response = await r.response().catch(() => null); // the context may close first
    if (offline && response && !response.fromServiceWorker() && /\/(rest|auth)\/v1\//.test(r.url())) leaked.push(`${r.method()} ${r.url()} → ${response.status()}`);
  });
  await context.setOffline(true);
  await nav(page, 'Devices').click();
  await page.getByRole('button', { name: 'Add Device', exact: true }).click();
  const add = page.getByRole('dialog', { name: 'Add Device' });
  await add.getByRole('textbox', { name: 'Device Name' }).fill('Offline Door');
  await add.getByRole('button', { name: 'Add Device' }).click();
  await expect(deviceCard(page, 'Offline Door').getByTestId('device-write-state')).toHaveText('Pending');

  await nav(page, 'Access Permissions').click();
  await page.getByRole('button', { name: 'Create Access Code' }).first().click();
  const create = page.getByRole('dialog', { name: 'Create Access Code' });
  await create.getByLabel('Device').selectOption({ label: 'Garage' });
  await create.getByRole('button', { name: 'Create Access Code' }).click();
  const created = page.locator('.mantine-Notification-root').filter({ hasText: /Access code [A-Z0-9]{6} created successfully/ });
  await expect(created).toBeVisible();
  const code = (await created.textContent())!.match(/Access code ([A-Z0-9]{6})/)![1]!;
  await codeCard(page, 'AB12CD').getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog', { name: 'Revoke Access Code' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(codeCard(page, 'AB12CD').getByTestId('access-state')).toHaveText('Revoked');

  await nav(page, 'Notifications').click();
  await notification(page, 'Check your battery').getByRole('button', { name: 'Mark as read' }).click();
  await expect(notification(page, 'Check your battery').getByTestId('write-state')).toHaveText('Pending');

  // Still offline: a reload (served by the service worker) shows every change, still pending.
  await page.reload();
  await expect(notification(page, 'Check your battery').getByTestId('write-state')).toHaveText('Pending', { timeout: 15_000 });
  await nav(page, 'Devices').click();
  await expect(deviceCard(page, 'Offline Door').getByTestId('device-write-state')).toHaveText('Pending');
  await nav(page, 'Access Permissions').click();
  await expect(codeCard(page, code)).toBeVisible();
  await expect(codeCard(page, 'AB12CD').getByTestId('access-state')).toHaveText('Revoked');
  await page.goto('/sync');
  await expect(page.getByTestId('sync-write')).toHaveCount(4);
  const onServer = await rest('GET', `/rest/v1/devices?user_id=eq.${user.id}&name=eq.Offline%20Door&select=id`, token);
  if (leaked.length) test.info().annotations.push({ type: 'offline emulation leaked', description: leaked.join('\n') });
  else expect(onServer, 'nothing reached the server while offline').toEqual([]);

  offline = false;
  await context.setOffline(false);
  await expect(page.getByTestId('sync-write')).toHaveCount(0, { timeout: 30_000 });
  const server = async () => ({
    devices: (await rest('GET', `/rest/v1/devices?user_id=eq.${user.id}&name=eq.Offline%20Door&select=status,_deleted`, token)).length,
    codes: (await rest('GET', `/rest/v1/access_permissions?user_id=eq.${user.id}&access_code=eq.${code}&select=is_active`, token)).map((r) => r.is_active),
    revoked: (await rest('GET', `/rest/v1/access_permissions?user_id=eq.${user.id}&access_code=eq.AB12CD&select=is_active`, token)).map((r) => r.is_active),
    read: (await rest('GET', `/rest/v1/notifications?user_id=eq.${user.id}&title=eq.Check%20your%20battery&select=is_read`, token)).map((r) => r.is_read),
  });
  await expect.poll(server, { timeout: 20_000 }).toEqual({ devices: 1, codes: [true], revoked: [false], read: [true] });
  // Another round of sync (a reload, a focus) sends nothing twice.
  await page.reload();
  await expect(page.getByTestId('sync-write')).toHaveCount(0);
  expect(await server()).toEqual({ devices: 1, codes: [true], revoked: [false], read: [true] });
  await context.close();
});

test('a second browser of the same customer sees a device added and a code revoked in the first, live', async ({ browser }) => {
  const { user, context: contextA, page: a } = await customerWithData(browser, 'Twyla');
  const contextB = await browser.newContext();
  const b = await contextB.newPage();
  await signInAs(b, user.email, user.password);

  await a.goto('/dashboard/devices');
  await b.goto('/dashboard/devices');
  await expect(deviceCard(b, 'Garage')).toBeVisible({ timeout: 15_000 });
  await a.getByRole('button', { name: 'Add Device', exact: true }).click();
  const add = a.getByRole('dialog', { name: 'Add Device' });
  await add.getByRole('textbox', { name: 'Device Name' }).fill('Carport');
  await add.getByRole('button', { name: 'Add Device' }).click();
  await expect(deviceCard(b, 'Carport')).toBeVisible({ timeout: 15_000 });

  await a.goto('/dashboard/access');
  await b.goto('/dashboard/access');
  await expect(codeCard(b, 'AB12CD').getByTestId('access-state')).toHaveText('Active', { timeout: 15_000 });
  await codeCard(a, 'AB12CD').getByRole('button', { name: 'Revoke' }).click();
  await a.getByRole('dialog', { name: 'Revoke Access Code' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(codeCard(b, 'AB12CD').getByTestId('access-state')).toHaveText('Revoked', { timeout: 15_000 });
  await contextA.close();
  await contextB.close();
});

test("another customer's dashboard shows none of Casey's devices, codes or notifications", async ({ page }) => {
  await signInAs(page, DEMO.customer2);
  await page.goto('/dashboard/devices');
  await expect(deviceCard(page, 'Garage Controller')).toBeVisible({ timeout: 15_000 });
  for (const name of ['Main Garage Door', 'Driveway Camera', 'Side Gate Camera']) await expect(deviceCard(page, name)).toHaveCount(0);
  await nav(page, 'Access Permissions').click();
  await expect(codeCard(page, 'H3XQ7N')).toBeVisible({ timeout: 15_000 });
  for (const code of ['K7M2QX', 'D4LV9R', 'P8HN3T']) await expect(codeCard(page, code)).toHaveCount(0);
  await nav(page, 'Notifications').click();
  await expect(notification(page, 'Front Camera reported an error')).toBeVisible({ timeout: 15_000 });
  await expect(notification(page, 'Side Gate Camera reported an error')).toHaveCount(0);
});
