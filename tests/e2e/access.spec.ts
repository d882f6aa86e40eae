import { expect, request, test, type APIRequestContext, type Locator, type Page } from './support/test.ts';
import { LOCAL_ANON_KEY } from '../../src/lib/env.ts';
import { createUser, DEMO, sessionOf, signInAs } from './support/auth.ts';
import { expectNoBlockingAxeViolations } from './support/axe.ts';
import { appOrigin } from './support/paths.ts';

// /dashboard/access in the built app against the local stack: the seeded codes of Casey in every
// state (read only), and, as users of their own, creating, copying, sharing and revoking a code,
// a redemption at the door updating the open page live, a code the server replaced after a
// collision, and a delivery code prefilled from an order.

const toast = (page: Page, title: string) => page.locator('.mantine-Notification-root').filter({ hasText: title });
const card = (page: Page, code: string) => page.locator(`[data-testid="access-card"][data-code="${code}"]`);
/** A signed-in REST client of one user (the door unit acts with its owner's token). */
async function userApi(email: string, password: string): Promise<{ api: APIRequestContext; headers: Record<string, string> }> {
  const { session } = await sessionOf(email, password);
  const api = await request.newContext({ baseURL: appOrigin() });
  return { api, headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${session.access_token}` } };
}

type Api = Awaited<ReturnType<typeof userApi>>;

async function addDevice({ api, headers }: Api, name: string, deviceType: string): Promise<string> {
  const response = await api.post('/rest/v1/devices', { headers: { ...headers, prefer: 'return=representation' }, data: { name, device_type: deviceType } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json())[0].id as string;
}

async function serverPermission({ api, headers }: Api, query: string) {
  const response = await api.get(`/rest/v1/access_permissions?${query}&select=*`, { headers });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Array<{ id: string; access_code: string; is_active: boolean; usage_count: number; max_usage: number | null }>;
}

async function redeem({ api, headers }: Api, deviceId: string, code: string) {
  const response = await api.post('/rest/v1/rpc/redeem_access_code', { headers, data: { p_device_id: deviceId, p_code: code } });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** Signs the user in on the page and opens the access page once their data has opened. */
async function openAccessPage(page: Page, user: { email: string; password: string }) {
  await signInAs(page, user.email, user.password);
  await page.goto('/dashboard/access');
  await expect(page.getByRole('heading', { level: 1, name: 'Access Permissions' })).toBeVisible();
}

/** Fills and submits the Create Access Code dialog; returns the code named in the success toast. */
async function createCode(page: Page, fill: (dialog: Locator) => Promise<void> = async () => {}): Promise<string> {
  await page.getByRole('button', { name: 'Create Access Code' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Access Code' });
  await expect(dialog).toBeVisible();
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Create Access Code' }).click();
  const created = toast(page, 'Success').filter({ hasText: /Access code [A-Z0-9]{6} created successfully/ }).last();
  await expect(created).toBeVisible();
  await expect(dialog).toBeHidden();
  return (await created.textContent())!.match(/Access code ([A-Z0-9]{6}) created successfully/)![1]!;
}

test("Casey's seeded codes show their states; only active ones can be revoked (axe with cards and dialogs)", async ({ page }) => {
  await signInAs(page, DEMO.customer);
  await page.goto('/dashboard/access');
  await expect(page.getByRole('heading', { level: 1, name: 'Access Permissions' })).toBeVisible();

  const states: Array<[string, string]> = [['T5WB6C', 'Expired'], ['G2ZK8E', 'Limit Reached'], ['R9FJ1Y', 'Revoked']];
  for (const [code, state] of states) {
    const row = card(page, code);
    await expect(row.getByTestId('access-state')).toHaveText(state);
    await expect(row).toHaveAttribute('data-dimmed', 'true');
    await expect(row.getByRole('button', { name: 'Revoke' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Share' })).toHaveCount(0);
  }
  for (const code of ['K7M2QX', 'D4LV9R', 'P8HN3T']) {
    const row = card(page, code);
    await expect(row.getByTestId('access-state')).toHaveText('Active');
    await expect(row).not.toHaveAttribute('data-dimmed', /.*/);
    await expect(row.getByRole('button', { name: 'Revoke' })).toBeVisible();
  }
  await expect(card(page, 'K7M2QX')).toContainText('Main Garage Door');
  await expect(card(page, 'K7M2QX')).toContainText('Dana (dog sitter) · dana.walker@example.com');
  await expect(card(page, 'K7M2QX').getByTestId('access-uses')).toHaveText('17 of 20 uses left');
  await expect(card(page, 'P8HN3T').getByTestId('access-uses')).toHaveText('Unlimited uses · used 57 times');
  await expect(card(page, 'P8HN3T').getByTestId('access-expiry')).toHaveText('No expiry');

  // The door log of the expired code: its refusal, with the reason.
  const expired = card(page, 'T5WB6C');
  await expired.getByRole('button', { name: 'Door log' }).click();
  await expect(expired.getByRole('button', { name: 'Door log' })).toHaveAttribute('aria-expanded', 'true');
  await expect(expired.getByTestId('door-log-entry').first()).toContainText('Refused: Expired');
  await page.waitForLoadState('networkidle');
  await expectNoBlockingAxeViolations(page, 'access page with cards');

  // Dialogs, opened and closed without writing anything (the demo data stays as seeded).
  await page.getByRole('button', { name: 'Create Access Code' }).click();
  const create = page.getByRole('dialog', { name: 'Create Access Code' });
  await expect(create.getByLabel('Permission Type')).toHaveValue('guest');
  await expectNoBlockingAxeViolations(page, 'create dialog');
  await create.getByRole('button', { name: 'Cancel' }).click();
  await expect(create).toBeHidden();

  await card(page, 'K7M2QX').getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share Access Code' });
  await expect(share.getByRole('img', { name: 'QR code of access code K7M2QX' })).toBeVisible();
  await expect(share.getByTestId('share-text')).toContainText('Door: Main Garage Door');
  await expectNoBlockingAxeViolations(page, 'share dialog');
  await share.getByRole('button', { name: 'Close' }).click();

  await card(page, 'K7M2QX').getByRole('button', { name: 'Revoke' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke Access Code' });
  await expect(confirm).toContainText('Revoke code K7M2QX?');
  await expectNoBlockingAxeViolations(page, 'revoke dialog');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(card(page, 'K7M2QX').getByTestId('access-state')).toHaveText('Active');
});

test('a code is created, copied, shared, used at the door (the open page updates live), and revoked', async ({ page, context }) => {
  const user = await createUser('Ari');
  const api = await userApi(user.email, user.password);
  const deviceId = await addDevice(api, 'Main Garage', 'indoor_unit');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openAccessPage(page, user);
  await expect(page.getByRole('heading', { name: 'No access permissions found' })).toBeVisible();

  const code = await createCode(page, async (dialog) => {
    await expect(dialog.getByLabel('Device')).toHaveValue(deviceId);
    await dialog.getByLabel('Granted To').fill('Dana');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Create Access Code' }).click();
    await expect(dialog.getByText('Enter a valid email address')).toBeVisible();
    await dialog.getByLabel('Email').fill('dana@example.com');
    await dialog.getByLabel('Max Usage').fill('3');
  });
  const row = card(page, code);
  await expect(row.getByTestId('access-state')).toHaveText('Active');
  await expect(row.getByTestId('access-uses')).toHaveText('3 of 3 uses left');
  // Pending until the server accepts it, then the badge goes.
  await expect(row.getByTestId('write-state')).toHaveCount(0, { timeout: 15_000 });
  await expect.poll(async () => (await serverPermission(api, `access_code=eq.${code}`)).map((p) => [p.is_active, p.max_usage])).toEqual([[true, 3]]);

  await row.getByRole('button', { name: `Copy code ${code}` }).click();
  await expect(toast(page, 'Copied').filter({ hasText: 'Access code copied to clipboard' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

  await row.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share Access Code' });
  const qr = share.getByRole('img', { name: `QR code of access code ${code}` });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const text = `GarageGuard access code: ${code}\nDoor: Main Garage\n3 uses left`;
  await expect(share.getByTestId('share-text')).toHaveText(text);
  // Desktop Chromium on Linux has no Web Share: the text goes to the clipboard instead.
  expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
  await share.getByRole('button', { name: 'Share code' }).click();
  await expect(toast(page, 'Copied').filter({ hasText: 'Access details copied to clipboard' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
  await share.getByRole('button', { name: 'Close' }).click();

  // The door redeems the code: the open page shows the use without a reload.
  const started = Date.now();
  expect(await redeem(api, deviceId, code)).toMatchObject({ ok: true, remaining_uses: 2 });
  await expect(row.getByTestId('access-uses')).toHaveText('2 of 3 uses left', { timeout: 2_000 });
  console.log(`live use count: the page showed the redemption ${Date.now() - started} ms after the call was sent`);
  await row.getByRole('button', { name: 'Door log' }).click();
  await expect(row.getByTestId('door-log-entry')).toHaveCount(1);
  await expect(row.getByTestId('door-log-entry')).toContainText('Opened');

  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog', { name: 'Revoke Access Code' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(toast(page, 'Success').filter({ hasText: 'Access permission revoked' })).toBeVisible();
  await expect(row.getByTestId('access-state')).toHaveText('Revoked');
  await expect(row).toHaveAttribute('data-dimmed', 'true');
  await expect(row.getByRole('button', { name: 'Revoke' })).toHaveCount(0);
  await expect.poll(async () => (await serverPermission(api, `access_code=eq.${code}`)).map((p) => p.is_active), { timeout: 15_000 }).toEqual([false]);

  // Refused at the door now, and the log says why, live.
  expect(await redeem(api, deviceId, code)).toMatchObject({ ok: false, message: 'Revoked' });
  await expect(row.getByTestId('door-log-entry')).toHaveCount(2);
  await expect(row.getByTestId('door-log-entry').first()).toContainText('Refused: Revoked');
  await api.api.dispose();
});

test('offline, a code is still created on the device: Pending on its card until the connection returns', async ({ page, context }) => {
  const user = await createUser('Oona');
  const api = await userApi(user.email, user.password);
  const deviceId = await addDevice(api, 'Main Garage', 'indoor_unit');
  await openAccessPage(page, user);
  await expect(page.getByRole('heading', { name: 'No access permissions found' })).toBeVisible();

  const code = await createCode(page, async (dialog) => {
    // The device has reached this browser's database (the first pull) before the connection goes.
    await expect(dialog.getByLabel('Device')).toHaveValue(deviceId);
    await context.setOffline(true);
    await dialog.getByLabel('Granted To').fill('Offline guest');
  });
  const row = card(page, code);
  await expect(row.getByTestId('write-state')).toHaveText('Pending');
  expect(await serverPermission(api, `access_code=eq.${code}`)).toEqual([]);

  await context.setOffline(false);
  await expect(row.getByTestId('write-state')).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(async () => (await serverPermission(api, `access_code=eq.${code}`)).map((p) => p.is_active)).toEqual([true]);
  await api.api.dispose();
});

test('a code that collides with an active code of the device is replaced by the server, and the page says so', async ({ page }) => {
  const user = await createUser('Cole');
  const api = await userApi(user.email, user.password);
  const deviceId = await addDevice(api, 'Main Garage', 'indoor_unit');
  // Another of the user's devices (or the API) already holds KKK777 active on this door.
  const taken = await api.api.post('/rest/v1/access_permissions', {
    headers: api.headers,
    data: { device_id: deviceId, access_code: 'KKK777', permission_type: 'guest', granted_to_name: 'Earlier code' },
  });
  expect(taken.status(), await taken.text()).toBe(201);
  // This page's random source draws KKK777 once asked to (for this test only).
  await page.addInitScript(() => {
    const original = crypto.getRandomValues.bind(crypto);
    const alphabet = 'ACDEFGHJKMNPRTUVWXY34679'; // ACCESS_CODE_ALPHABET: no look-alikes
    crypto.getRandomValues = (<T extends ArrayBufferView | null>(array: T): T => {
      const forced = (window as { __forcedCode?: string }).__forcedCode;
      if (!forced || !(array instanceof Uint8Array)) return original(array as never) as T;
      for (let i = 0; i < array.length; i++) array[i] = alphabet.indexOf(forced[i % forced.length]!);
      return array;
    }) as typeof crypto.getRandomValues;
  });
  await openAccessPage(page, user);
  await expect(card(page, 'KKK777')).toHaveCount(1);

  await page.evaluate(() => ((window as { __forcedCode?: string }).__forcedCode = 'KKK777'));
  const code = await createCode(page, async (dialog) => dialog.getByLabel('Granted To').fill('Second guest'));
  await page.evaluate(() => delete (window as { __forcedCode?: string }).__forcedCode);
  expect(code).toBe('KKK777');

  const changed = toast(page, 'Access code changed');
  await expect(changed).toBeVisible({ timeout: 15_000 });
  const [server] = await serverPermission(api, 'granted_to_name=eq.Second%20guest');
  expect(server!.access_code).not.toBe('KKK777');
  await expect(changed).toContainText(`The code KKK777 was already in use on Main Garage, so this code is now ${server!.access_code}.`);
  const replaced = card(page, server!.access_code);
  await expect(replaced).toContainText('Second guest');
  await expect(replaced.getByTestId('access-state')).toHaveText('Active');
  await expect(card(page, 'KKK777')).toHaveCount(1);
  await expect(card(page, 'KKK777')).toContainText('Earlier code');
  await api.api.dispose();
});

test("an order on its way offers a delivery code: the dialog opens prefilled for the order's door and dates", async ({ page }) => {
  const user = await createUser('Dell');
  const api = await userApi(user.email, user.password);
  await addDevice(api, 'Driveway Keypad', 'outdoor_unit');
  const indoorId = await addDevice(api, 'Main Garage', 'indoor_unit');
  const placed = await api.api.post('/rest/v1/rpc/place_order', {
    headers: api.headers,
    data: {
      items: [{ product_id: 4, quantity: 1 }],
      contact: { email: user.email, first_name: 'Dell', last_name: 'Tester', address: '1 Road', city: 'C', state: 'S', zip_code: '1' },
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const order = (await placed.json()) as { id: string; order_number: number; status: string; expected_delivery_at: string };
  expect(order.status).toBe('processing');

  await signInAs(page, user.email, user.password);
  await page.goto('/dashboard/orders');
  const orderCard = page.getByTestId('order-card').filter({ hasText: `Order #${order.order_number}` });
  await expect(orderCard).toBeVisible({ timeout: 15_000 });
  await orderCard.getByRole('link', { name: 'Create delivery code' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/access\\?create=delivery&order=${order.id}$`));

  const dialog = page.getByRole('dialog', { name: 'Create Access Code' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Permission Type')).toHaveValue('delivery');
  await expect(dialog.getByLabel('Device')).toHaveValue(indoorId);
  await expect(dialog.getByLabel('Granted To')).toHaveValue(`Delivery of order #${order.order_number}`);
  await expect(dialog.getByLabel('Max Usage')).toHaveValue('1');
  // Two days after the expected delivery, as the browser's datetime-local shows it.
  const expected = await page.evaluate((iso) => {
    const at = new Date(Date.parse(iso) + 2 * 24 * 60 * 60 * 1000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  }, order.expected_delivery_at);
  await expect(dialog.getByLabel('Expires At')).toHaveValue(expected);
  await expectNoBlockingAxeViolations(page, 'prefilled delivery dialog');

  await dialog.getByRole('button', { name: 'Create Access Code' }).click();
  const created = toast(page, 'Success').filter({ hasText: /Access code [A-Z0-9]{6} created successfully/ });
  await expect(created).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/access$/);
  const code = (await created.textContent())!.match(/([A-Z0-9]{6}) created/)![1]!;
  const row = card(page, code);
  await expect(row).toContainText('Main Garage');
  await expect(row.getByTestId('access-type')).toHaveText('Delivery');
  await expect(row.getByTestId('access-holder')).toHaveText(`Delivery of order #${order.order_number}`);
  await expect(row.getByTestId('access-uses')).toHaveText('1 of 1 uses left');
  await expect.poll(async () => (await serverPermission(api, `access_code=eq.${code}`)).map((p) => [p.is_active, p.max_usage]), { timeout: 15_000 }).toEqual([[true, 1]]);
  await api.api.dispose();
});
