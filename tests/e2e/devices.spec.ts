import { expect, request, test, type Page } from './support/test.ts';
import { LOCAL_ANON_KEY } from '../../src/lib/env.ts';
import { DEFAULT_JWT_SECRET, demoKey } from '../../supabase/local/keys.ts';
import { createUser, signInAs } from './support/auth.ts';
import { expectNoBlockingAxeViolations } from './support/axe.ts';
import { appOrigin } from './support/paths.ts';

// Device Management in the built app, against the local stack: the page reads and writes the
// user's devices in RxDB, replication carries them to public.devices, and what the server
// changes (a unit reporting its status, a code redeemed at the door) shows on the open page
// without a reload. Each test has a user of its own, so no other spec's data is touched.

type Row = Record<string, unknown>;
const SERVICE_KEY = demoKey('service_role', DEFAULT_JWT_SECRET);

/** A REST call as a user (their access token: RLS applies) or as the service role. */
async function rest(method: 'GET' | 'POST' | 'PATCH', path: string, token: string, data?: unknown): Promise<unknown> {
  const api = await request.newContext({ baseURL: appOrigin() });
  const apikey = token === SERVICE_KEY ? SERVICE_KEY : LOCAL_ANON_KEY;
  const response = await api.fetch(path, {
    method,
    headers: { apikey, authorization: `Bearer ${token}`, prefer: 'return=representation' },
    data,
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  const body = response.status() === 204 ? null : await response.json();
  await api.dispose();
  return body;
}

/** The user's device rows as the server holds them, tombstones included. */
const serverDevices = (userId: string, token: string) =>
  rest('GET', `/rest/v1/devices?user_id=eq.${userId}&select=name,device_type,location,serial_number,status,firmware_version,last_seen,_deleted`, token) as Promise<Row[]>;

const toast = (page: Page, title: string, message: string) => page.locator('.mantine-Notification-root').filter({ hasText: title }).filter({ hasText: message });
const card = (page: Page, name: string) => page.getByTestId('device-card').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

async function signedIn(page: Page, firstName: string) {
  const user = await createUser(firstName);
  const { session } = await signInAs(page, user.email, user.password);
  return { ...user, token: session.access_token };
}

test('add a device, rename and move it, then remove it: each change reaches the server', async ({ page }) => {
  const user = await signedIn(page, 'Dana');
  await page.goto('/dashboard/devices');
  await expect(page.getByRole('heading', { level: 1, name: 'Device Management' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No devices found' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Your First Device' }).click();
  const add = page.getByRole('dialog', { name: 'Add Device' });
  await expect(add.getByLabel('Device Type')).toHaveValue('indoor_unit');
  await expectNoBlockingAxeViolations(page, 'Add Device dialog');
  await add.getByRole('textbox', { name: 'Device Name' }).fill('Main Garage Door');
  await add.getByLabel('Device Type').selectOption({ label: 'Outdoor Unit' });
  await add.getByRole('textbox', { name: 'Location' }).fill('Front garage');
  await add.getByRole('textbox', { name: 'Serial Number' }).fill('GG-E2E-0001');
  await add.getByRole('button', { name: 'Add Device' }).click();
  await expect(toast(page, 'Success', 'Device added successfully')).toBeVisible();
  await expect(add).toBeHidden();

  const garage = card(page, 'Main Garage Door');
  await expect(garage.getByTestId('device-status')).toHaveText('Offline');
  await expect(garage.getByTestId('device-type')).toHaveText('Outdoor Unit');
  await expect(garage.getByTestId('device-last-seen')).toHaveText('Never');
  await expect
    .poll(() => serverDevices(user.id, user.token), { timeout: 15_000 })
    .toEqual([{ name: 'Main Garage Door', device_type: 'outdoor_unit', location: 'Front garage', serial_number: 'GG-E2E-0001', status: 'offline', firmware_version: null, last_seen: null, _deleted: false }]);
  await expect(garage.getByTestId('device-write-state')).toHaveCount(0);
  await expectNoBlockingAxeViolations(page, 'page with a device card');

  await garage.getByRole('button', { name: 'Settings for Main Garage Door' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings for Main Garage Door' });
  await expect(settings.getByRole('textbox', { name: 'Device Name' })).toHaveValue('Main Garage Door');
  await expectNoBlockingAxeViolations(page, 'Settings dialog');
  await settings.getByRole('textbox', { name: 'Device Name' }).fill('Side Door');
  await settings.getByRole('textbox', { name: 'Location' }).fill('Back yard');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Success', 'Device updated successfully')).toBeVisible();
  const side = card(page, 'Side Door');
  await expect(side.getByTestId('device-location')).toHaveText('Back yard');
  await expect
    .poll(async () => (await serverDevices(user.id, user.token)).map((row) => [row.name, row.location]), { timeout: 15_000 })
    .toEqual([['Side Door', 'Back yard']]);

  await side.getByRole('button', { name: 'Settings for Side Door' }).click();
  const sideSettings = page.getByRole('dialog', { name: 'Settings for Side Door' });
  await sideSettings.getByRole('button', { name: 'Remove device' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove device?' });
  // Escape backs out of the confirmation only.
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(sideSettings).toBeVisible();
  await sideSettings.getByRole('button', { name: 'Remove device' }).click();
  await expect(confirm).toContainText('Access codes for this device will stop working.');
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(toast(page, 'Success', 'Device removed')).toBeVisible();
  await expect(page.getByTestId('device-card')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'No devices found' })).toBeVisible();
  await expect.poll(async () => (await serverDevices(user.id, user.token)).map((row) => row._deleted), { timeout: 15_000 }).toEqual([true]);
});

test('the server’s changes show live: a status the unit reports, and codes created, redeemed and refused at the door', async ({ page }) => {
  const user = await signedIn(page, 'Lee');
  const [gate] = (await rest('POST', '/rest/v1/devices', user.token, { name: 'Live Gate', device_type: 'outdoor_unit', location: 'Driveway' })) as Row[];
  const deviceId = gate!.id as string;
  await page.goto('/dashboard/devices');
  const liveGate = card(page, 'Live Gate');
  await expect(liveGate.getByTestId('device-status')).toHaveText('Offline', { timeout: 15_000 });
  // An outdoor unit is the camera: its card and its Control dialog picture a camera, not a door.
  await expect(liveGate.getByTestId('device-type-icon')).toHaveAttribute('data-icon', 'camera');
  await expect(liveGate.getByTestId('device-type-icon').locator('svg.tabler-icon-device-cctv')).toHaveCount(1);
  await expect(liveGate.getByTestId('device-type-icon').locator('svg.tabler-icon-door')).toHaveCount(0);

  await liveGate.getByRole('button', { name: 'Control Live Gate' }).click();
  const control = page.getByRole('dialog', { name: 'Control Live Gate' });
  await expect(control.getByTestId('device-type-icon')).toHaveAttribute('data-icon', 'camera');
  await expect(control.getByTestId('control-status')).toHaveText('Offline');
  await expect(control.getByTestId('control-last-seen')).toHaveText('Last seen never');
  await expect(control.getByTestId('door-log-empty')).toBeVisible();

  // The unit comes online (the server writes devices.status and last_seen).
  await rest('PATCH', `/rest/v1/devices?id=eq.${deviceId}`, SERVICE_KEY, { status: 'online', last_seen: new Date().toISOString(), firmware_version: '2.4.1' });
  await expect(control.getByTestId('control-status')).toHaveText('Online', { timeout: 15_000 });
  await expect(control.getByTestId('control-last-seen')).toHaveText('Last seen just now');
  await expect(control).toContainText('2.4.1');
  await expect(liveGate.getByTestId('device-status')).toHaveText('Online');
  const log = control.getByTestId('door-log-entry');
  await expect(log.first()).toContainText('Status changed from offline to online', { timeout: 15_000 });

  // A guest code for the gate, used at the door once; then a code the gate does not know.
  const code = Array.from({ length: 6 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[Math.floor(Math.random() * 32)]).join('');
  await rest('POST', '/rest/v1/access_permissions', user.token, { device_id: deviceId, access_code: code, permission_type: 'guest', granted_to_name: 'Pat' });
  await expect(log.first()).toContainText(`Code ${code} created`, { timeout: 15_000 });
  expect(await rest('POST', '/rest/v1/rpc/redeem_access_code', user.token, { p_device_id: deviceId, p_code: code })).toMatchObject({ ok: true });
  await expect(log.first()).toContainText(`Code ${code} opened the door`, { timeout: 15_000 });
  expect(await rest('POST', '/rest/v1/rpc/redeem_access_code', user.token, { p_device_id: deviceId, p_code: 'zz99zz' })).toMatchObject({ ok: false, reason: 'invalid_code' });
  await expect(log.first()).toContainText('Code ZZ99ZZ refused: Invalid access code', { timeout: 15_000 });
  await expect(log).toHaveText([
    /^Code ZZ99ZZ refused: Invalid access code/,
    new RegExp(`^Code ${code} opened the door`),
    new RegExp(`^Code ${code} created`),
    /^Status changed from offline to online/,
  ]);

  // A fault: the card and the dialog follow.
  await rest('PATCH', `/rest/v1/devices?id=eq.${deviceId}`, SERVICE_KEY, { status: 'error' });
  await expect(control.getByTestId('control-status')).toHaveText('Error', { timeout: 15_000 });
  await expect(liveGate.getByTestId('device-status')).toHaveText('Error');
  await expect(log.first()).toContainText('Status changed from online to error', { timeout: 15_000 });
  await expectNoBlockingAxeViolations(page, 'Control dialog with a door log');
});

test('offline, a new device is added at once and marked Pending; it is delivered when the connection returns', async ({ page, context }) => {
  const user = await signedIn(page, 'Ola');
  await page.goto('/dashboard/devices');
  await expect(page.getByRole('heading', { name: 'No devices found' })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Add Device', exact: true }).click();
  const add = page.getByRole('dialog', { name: 'Add Device' });
  // Submitting without a name does nothing: no write, the dialog stays.
  await add.getByRole('button', { name: 'Add Device' }).click();
  await expect(add).toBeVisible();
  await expect(add.getByRole('textbox', { name: 'Device Name' })).toHaveAttribute('required', '');
  await add.getByRole('textbox', { name: 'Device Name' }).fill('Basement Battery');
  await add.getByLabel('Device Type').selectOption('backup_battery');
  await add.getByRole('button', { name: 'Add Device' }).click();
  await expect(toast(page, 'Success', 'Device added successfully')).toBeVisible();
  const battery = card(page, 'Basement Battery');
  await expect(battery.getByTestId('device-status')).toHaveText('Offline');
  await expect(battery.getByTestId('device-write-state')).toHaveText('Pending');
  expect(await serverDevices(user.id, user.token)).toEqual([]);

  await context.setOffline(false);
  await expect(battery.getByTestId('device-write-state')).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(() => serverDevices(user.id, user.token), { timeout: 15_000 }).toEqual([
    { name: 'Basement Battery', device_type: 'backup_battery', location: null, serial_number: null, status: 'offline', firmware_version: null, last_seen: null, _deleted: false },
  ]);
});

test("renamed offline in a second tab, a device from the first sync keeps the unit's status change: both reach the server, no change is replaced", async ({ page, context }) => {
  const user = await signedIn(page, 'Rue');
  const [row] = (await rest('POST', '/rest/v1/devices', user.token, { name: 'Barn Door', device_type: 'indoor_unit', location: 'Barn' })) as Row[];
  // The first sync pulls the device: the replication's record of it is read off the stored row
  // (src/db/derived-records.ts), and the second tab's edit must keep that version for the push.
  await page.goto('/dashboard/devices');
  await expect(card(page, 'Barn Door').getByTestId('device-status')).toHaveText('Offline', { timeout: 15_000 });
  const second = await context.newPage();
  await second.goto('/dashboard/devices');
  await expect(card(second, 'Barn Door')).toBeVisible();

  await context.setOffline(true);
  await card(second, 'Barn Door').getByRole('button', { name: 'Settings for Barn Door' }).click();
  const settings = second.getByRole('dialog', { name: 'Settings for Barn Door' });
  await settings.getByRole('textbox', { name: 'Device Name' }).fill('Stable Door');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(card(second, 'Stable Door').getByTestId('device-write-state')).toHaveText('Pending');
  // Meanwhile the unit reports in (the server writes its status).
  await rest('PATCH', `/rest/v1/devices?id=eq.${row!.id as string}`, SERVICE_KEY, { status: 'online', last_seen: new Date().toISOString() });

  await context.setOffline(false);
  await expect
    .poll(async () => (await serverDevices(user.id, user.token)).map((each) => [each.name, each.status]), { timeout: 20_000 })
    .toEqual([['Stable Door', 'online']]);
  for (const tab of [page, second]) {
    await expect(card(tab, 'Stable Door').getByTestId('device-status')).toHaveText('Online', { timeout: 15_000 });
    await expect(card(tab, 'Stable Door').getByTestId('device-write-state')).toHaveCount(0);
    await expect(tab.getByTestId('sync-announcer')).toHaveText('Sync status: Up to date');
  }
  await page.goto('/sync');
  await expect(page.getByText('Everything is synced')).toBeVisible();
  await expect(page.getByTestId('sync-conflict')).toHaveCount(0);
});
