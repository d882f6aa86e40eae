import { expect, request, test, type Page } from './support/test.ts';
import { LOCAL_ANON_KEY } from '../../src/lib/env.ts';
import { DEFAULT_JWT_SECRET, demoKey } from '../../supabase/local/keys.ts';
import { SimulatedUnit } from '../../simulator/unit.ts';
import { createUser, passwordSignIn, storeSignIn } from './support/auth.ts';
import { appOrigin } from './support/paths.ts';
import { FAST_TIMING, startIndoorUnit } from './support/units.ts';

// Opening and closing a garage door from the app, against a simulated indoor unit that speaks
// the real protocol (its own credential, Realtime for commands, RPCs to acknowledge and report).
// Each test has its own customer, device and unit.

const PHONE = { width: 390, height: 844 };
const units: SimulatedUnit[] = [];
test.afterEach(async () => {
  await Promise.all(units.splice(0).map((unit) => unit.stop(false)));
});

async function customerWithDoor(firstName: string, fields: Record<string, unknown> = {}): Promise<{ deviceId: string; signIn: Awaited<ReturnType<typeof passwordSignIn>> }> {
  const user = await createUser(firstName);
  const signIn = await passwordSignIn(user.email, user.password);
  const api = await request.newContext({ baseURL: appOrigin() });
  const response = await api.post('/rest/v1/devices', {
    headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${signIn.session.access_token}`, prefer: 'return=representation' },
    data: { name: 'Main Garage Door', device_type: 'indoor_unit', location: 'Garage', ...fields },
  });
  expect(response.status(), await response.text()).toBe(201);
  const [device] = await response.json();
  await api.dispose();
  return { deviceId: device.id as string, signIn };
}

const door = (page: Page) => page.getByTestId('device-card').filter({ hasText: 'Main Garage Door' }).getByTestId('door-control');

test('a phone opens the door and closes it after the warning; a second device follows live; the door log says who', async ({ page, browser }) => {
  const { deviceId, signIn } = await customerWithDoor('Dana');
  // The real 5-second warning and 6 s of travel (a real door takes 10-15 s): time for each state's
  // report to reach both screens before the next, even on a loaded machine, and for the countdown to tick.
  units.push(await startIndoorUnit(deviceId, { warningMs: 5_000, travelMs: 6_000 }));

  await page.setViewportSize(PHONE);
  await storeSignIn(page, signIn);
  await page.goto('/dashboard/devices');
  const other = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const desk = await other.newPage();
  await storeSignIn(desk, signIn);
  await desk.goto('/dashboard/devices');

  await expect(door(page).getByTestId('door-state')).toHaveText('Closed');
  await expect(door(desk).getByTestId('door-state')).toHaveText('Closed');
  await door(page).getByRole('button', { name: 'Open Main Garage Door' }).click();
  await expect(door(page).getByTestId('door-state')).toHaveText('Opening…');
  await expect(door(desk).getByTestId('door-state')).toHaveText(/Opening…|Open/);
  await expect(door(page).getByTestId('door-state')).toHaveText('Open');
  await expect(door(desk).getByTestId('door-state')).toHaveText('Open');

  // Closing asks first; the unit then warns before it moves.
  await door(page).getByRole('button', { name: 'Close Main Garage Door' }).click();
  const confirm = page.getByRole('dialog', { name: 'Close Main Garage Door?' });
  await expect(confirm).toContainText('warns with its light and a beep for 5 seconds');
  // Every text the door state shows from here on, to see the countdown tick.
  await door(page).getByTestId('door-state').evaluate((element) => {
    const seen: string[] = [];
    (window as unknown as { doorTexts: string[] }).doorTexts = seen;
    new MutationObserver(() => seen.push(element.textContent ?? '')).observe(element, { childList: true, characterData: true, subtree: true });
  });
  await confirm.getByRole('button', { name: 'Close the door' }).click();
  await expect(door(page).getByTestId('door-state')).toHaveText(/Closing in \d s…/);
  await expect(door(desk).getByTestId('door-state')).toHaveText(/Closing in \d s…|Closing…/);
  await expect(door(page).getByTestId('door-state')).toHaveText('Closing…');
  await expect(door(page).getByTestId('door-state')).toHaveText('Closed');
  await expect(door(desk).getByTestId('door-state')).toHaveText('Closed');
  // The unit reported the warning once; the countdown still went down second by second on its own.
  const texts = await page.evaluate(() => (window as unknown as { doorTexts: string[] }).doorTexts);
  const seconds = [...new Set(texts.flatMap((text) => /^Closing in (\d) s…$/.exec(text)?.[1] ?? []).map(Number))];
  expect(seconds.length, texts.join(' | ')).toBeGreaterThanOrEqual(2);
  expect(seconds, texts.join(' | ')).toEqual([...seconds].sort((a, b) => b - a));

  // The door log on the other device: who asked, and what the door did.
  await desk.getByRole('button', { name: 'Control Main Garage Door' }).click();
  const log = desk.getByRole('dialog', { name: 'Control Main Garage Door' }).getByTestId('door-log-entry');
  await expect(log.filter({ hasText: 'Open requested by Dana Tester in the app' })).toHaveCount(1);
  await expect(log.filter({ hasText: 'Close requested by Dana Tester in the app' })).toHaveCount(1);
  await expect(log.filter({ hasText: 'Door closing soon' })).toHaveCount(1);
  await expect(log.filter({ hasText: /^Door closed/ }).first()).toBeVisible();
  await other.close();
});

test('an obstruction reverses the close; the log says why', async ({ page }) => {
  const { deviceId, signIn } = await customerWithDoor('Eli');
  const unit = await startIndoorUnit(deviceId);
  units.push(unit);
  await page.setViewportSize(PHONE);
  await storeSignIn(page, signIn);
  await page.goto('/dashboard/devices');
  await door(page).getByRole('button', { name: 'Open Main Garage Door' }).click();
  await expect(door(page).getByTestId('door-state')).toHaveText('Open');

  unit.obstructNextClose = true;
  await door(page).getByRole('button', { name: 'Close Main Garage Door' }).click();
  await page.getByRole('dialog', { name: 'Close Main Garage Door?' }).getByRole('button', { name: 'Close the door' }).click();
  await expect(door(page).getByTestId('door-state')).toHaveText('Closing…');
  await expect(door(page).getByTestId('door-state')).toHaveText('Opening…');
  await expect(door(page).getByTestId('door-state')).toHaveText('Open');
  await page.getByRole('button', { name: 'Control Main Garage Door' }).click();
  await expect(page.getByTestId('door-log-entry').filter({ hasText: 'Door opening (Obstruction detected: reversing)' })).toHaveCount(1);
});

test('offline, or with the unit offline, the button is disabled and says why; nothing is queued', async ({ page, context }) => {
  const { deviceId, signIn } = await customerWithDoor('Fay');
  const unit = await startIndoorUnit(deviceId);
  units.push(unit);
  await storeSignIn(page, signIn);
  await page.goto('/dashboard/devices');
  const open = door(page).getByRole('button', { name: 'Open Main Garage Door' });
  await expect(open).toBeEnabled();

  await context.setOffline(true);
  await expect(open).toBeDisabled();
  await expect(door(page).getByTestId('door-unavailable')).toHaveText('You are offline. Door commands are sent only while connected, never later.');
  await context.setOffline(false);
  await expect(open).toBeEnabled();

  // The unit says it goes offline: disabled at once, with the unit as the reason.
  await unit.stop();
  await expect(door(page).getByTestId('door-unavailable')).toHaveText('The unit is offline, so the door cannot be opened or closed from the app.');
  await expect(open).toBeDisabled();
  await unit.start();
  await expect(open).toBeEnabled();
  await expect(door(page).getByTestId('door-state')).toHaveText('Closed');
});

test('a command the unit does not acknowledge in time expires, and the unit never acts on it later', async ({ page }) => {
  const { deviceId, signIn } = await customerWithDoor('Gus');
  const unit = await startIndoorUnit(deviceId);
  units.push(unit);
  await storeSignIn(page, signIn);
  await page.goto('/dashboard/devices');
  await expect(door(page).getByTestId('door-state')).toHaveText('Closed');

  // The unit loses its connection without a word: it still looks online for 90 s.
  await unit.stop(false);
  await door(page).getByRole('button', { name: 'Open Main Garage Door' }).click();
  await expect(door(page).getByTestId('door-error')).toHaveText('The unit did not answer within 10 seconds, so the door did not move. Try again.', { timeout: 20_000 });

  // Back online, its first heartbeat (awaited by start) asks for waiting commands: the expired one
  // is not among them, so the unit has nothing to acknowledge and the door stays closed.
  await unit.start();
  expect(unit.door).toBe('closed');
  await expect(door(page).getByTestId('door-state')).toHaveText('Closed');
  // That heartbeat also put the unanswered command in the door log, after the request.
  await page.getByRole('button', { name: 'Control Main Garage Door' }).click();
  const log = page.getByRole('dialog', { name: 'Control Main Garage Door' }).getByTestId('door-log-entry');
  await expect(log.filter({ hasText: 'Open not carried out: the unit did not answer' })).toHaveCount(1);
  await expect(log.filter({ hasText: 'Open requested by Gus' })).toHaveCount(1);
});

test('a command request that never answers is given up after 5 s: the user is told, and nothing is sent later', async ({ page }) => {
  const { deviceId, signIn } = await customerWithDoor('Jo');
  const unit = await startIndoorUnit(deviceId);
  units.push(unit);
  await storeSignIn(page, signIn);
  await page.goto('/dashboard/devices');
  await expect(door(page).getByTestId('door-state')).toHaveText('Closed');

  // Poor signal: the request is held and never answered (nor passed on).
  let held = 0;
  await page.route('**/rest/v1/rpc/command_door', () => {
    held += 1;
  });
  await door(page).getByRole('button', { name: 'Open Main Garage Door' }).click();
  await expect(door(page).getByTestId('door-state')).toHaveText('Sending…');
  await expect(door(page).getByTestId('door-error')).toHaveText('The server did not answer. Check the door before trying again.');
  await expect(door(page).getByRole('button', { name: 'Open Main Garage Door' })).toBeEnabled();
  await page.unroute('**/rest/v1/rpc/command_door');
  expect(held).toBe(1);
  // The abandoned request never reached the server: no command was recorded, the door did not move.
  const api = await request.newContext({ baseURL: appOrigin() });
  const commands = await api.get(`/rest/v1/door_commands?device_id=eq.${deviceId}&select=id`, {
    headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${signIn.session.access_token}` },
  });
  expect(await commands.json()).toEqual([]);
  await api.dispose();
  expect(unit.door).toBe('closed');
  await expect(door(page).getByTestId('door-state')).toHaveText('Closed');
});

test("a guest's code on the keypad opens the door through the server; a wrong one is refused and logged", async ({ page }) => {
  const { deviceId, signIn } = await customerWithDoor('Hal');
  const unit = await startIndoorUnit(deviceId);
  units.push(unit);
  const alphabet = 'ACDEFGHJKMNPRTUVWXY34679';
  const code = Array.from({ length: 6 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
  const api = await request.newContext({ baseURL: appOrigin() });
  const created = await api.post('/rest/v1/access_permissions', {
    headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${signIn.session.access_token}` },
    data: { device_id: deviceId, access_code: code, permission_type: 'guest', granted_to_name: 'Plumber', max_usage: 2 },
  });
  expect(created.status(), await created.text()).toBe(201);

  await storeSignIn(page, signIn);
  await page.goto('/dashboard/devices');
  await expect(door(page).getByTestId('door-state')).toHaveText('Closed');
  await page.getByRole('button', { name: 'Control Main Garage Door' }).click();
  const control = page.getByRole('dialog', { name: 'Control Main Garage Door' });

  expect(await unit.keypad('WRONG7')).toMatchObject({ ok: false, reason: 'invalid_code', message: 'Invalid access code' });
  await expect(control.getByTestId('door-log-entry').filter({ hasText: 'Code WRONG7 refused: Invalid access code' })).toHaveCount(1);
  expect(unit.door).toBe('closed');

  expect(await unit.keypad(code.toLowerCase())).toMatchObject({ ok: true, message: 'Access granted' });
  await expect(control.getByTestId('door-state')).toHaveText('Opening…');
  await expect(control.getByTestId('door-log-entry').filter({ hasText: `Code ${code} opened the door` })).toHaveCount(1);
  await expect(control.getByTestId('door-state')).toHaveText('Open');
  const usage = await api.get(`/rest/v1/access_permissions?access_code=eq.${code}&select=usage_count`, {
    headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${signIn.session.access_token}` },
  });
  expect(await usage.json()).toEqual([{ usage_count: 1 }]);
  await api.dispose();
});

test('a door left open longer than the owner chose: a notification at the unit\'s next heartbeat, and a line in the door log', async ({ page }) => {
  const { deviceId, signIn } = await customerWithDoor('Ivy');
  const unit = await startIndoorUnit(deviceId);
  units.push(unit);
  await page.setViewportSize(PHONE);
  await storeSignIn(page, signIn);
  await page.goto('/dashboard/devices');

  // The owner chooses 2 minutes in the device's settings (saved on the device, then synced).
  await page.getByRole('button', { name: 'Settings for Main Garage Door' }).click();
  const settings = page.getByRole('dialog', { name: /Main Garage Door/ });
  const minutes = settings.getByRole('textbox', { name: 'Door left open alert (minutes)' });
  await expect(minutes).toHaveValue('10');
  await minutes.fill('0');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByText('Enter a whole number of minutes from 1 to 240')).toBeVisible();
  await minutes.fill('2');
  // The home's time zone (for guest schedules) is chosen in the same dialog: typed to search.
  const zone = settings.getByRole('combobox', { name: 'Time zone' });
  await expect(zone).toHaveValue('UTC');
  await zone.fill('Tokyo');
  await page.getByRole('option', { name: 'Asia/Tokyo' }).click();
  await expect(zone).toHaveValue('Asia/Tokyo');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings).toBeHidden();
  const api = await request.newContext({ baseURL: appOrigin() });
  const headers = { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${signIn.session.access_token}` };
  await expect.poll(async () => (await (await api.get(`/rest/v1/devices?id=eq.${deviceId}&select=open_alert_minutes,time_zone`, { headers })).json())[0])
    .toEqual({ open_alert_minutes: 2, time_zone: 'Asia/Tokyo' });

  await door(page).getByRole('button', { name: 'Open Main Garage Door' }).click();
  await expect(door(page).getByTestId('door-state')).toHaveText('Open');
  // Three minutes pass (the server's clock is not ours to move: the opening is moved back instead,
  // as the server itself may).
  const service = demoKey('service_role', DEFAULT_JWT_SECRET);
  const moved = await api.patch(`/rest/v1/devices?id=eq.${deviceId}`, {
    headers: { apikey: service, authorization: `Bearer ${service}` },
    data: { door_state_at: new Date(Date.now() - 3 * 60_000).toISOString() },
  });
  expect(moved.status(), await moved.text()).toBe(204);

  await page.getByRole('button', { name: 'Control Main Garage Door' }).click();
  await expect(page.getByTestId('door-log-entry').filter({ hasText: 'Door left open: open for 3 minutes' })).toHaveCount(1, { timeout: 20_000 });
  await page.keyboard.press('Escape');
  await page.goto('/dashboard/notifications');
  await expect(page.getByText('Main Garage Door has been open for 3 minutes.')).toHaveCount(1);
  await api.dispose();
});

test('guest schedules: codes made offline for certain days and hours open the door at the keypad inside them only', async ({ page, context }) => {
  // The home's zone is one where it is now between 12:00 and 13:00, so no day or hour boundary
  // passes during the test (the server's clock decides, not the test's).
  const ahead = 12 - new Date().getUTCHours();
  const zone = ahead === 0 ? 'Etc/UTC' : `Etc/GMT${ahead > 0 ? '-' : '+'}${Math.abs(ahead)}`;
  const today = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short' }).format(new Date());
  const { deviceId, signIn } = await customerWithDoor('Kit', { time_zone: zone });
  const unit = await startIndoorUnit(deviceId);
  units.push(unit);
  await page.setViewportSize(PHONE);
  await storeSignIn(page, signIn);
  // The device is on this phone once its card shows the door.
  await page.goto('/dashboard/devices');
  await expect(door(page).getByTestId('door-state')).toHaveText('Closed');
  await page.goto('/dashboard/access');
  await expect(page.getByText('No access permissions found')).toBeVisible({ timeout: 15_000 });

  await context.setOffline(true);
  const createCode = async (name: string, days: string[], from: string, until: string) => {
    await page.getByRole('button', { name: 'Create Access Code' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Access Code' });
    await dialog.getByLabel('Granted To').fill(name);
    await dialog.getByLabel('Only on certain days and hours').check();
    const schedule = dialog.getByTestId('schedule-fields');
    await expect(schedule.getByTestId('schedule-zone')).toContainText(`Days and times are the door's`);
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) {
      // A chip's checkbox is visually hidden; its label is what a finger taps.
      const chip = schedule.getByRole('checkbox', { name: day, exact: true });
      if ((await chip.isChecked()) !== days.includes(day)) await schedule.locator('label').filter({ hasText: new RegExp(`^${day}$`) }).click();
      await expect(chip).toBeChecked({ checked: days.includes(day) });
    }
    await schedule.getByLabel('From').fill(until);
    await schedule.getByLabel('Until').fill(from);
    await dialog.getByRole('button', { name: 'Create Access Code' }).click();
    await expect(schedule.getByText('The end time must be after the start time (a window cannot cross midnight)')).toBeVisible();
    await schedule.getByLabel('From').fill(from);
    await schedule.getByLabel('Until').fill(until);
    await dialog.getByRole('button', { name: 'Create Access Code' }).click();
    await expect(dialog).toBeHidden();
    // The newest code comes first.
    const newest = page.getByTestId('access-card').first();
    await expect(newest.getByTestId('access-holder')).toHaveText(name);
    return (await newest.getAttribute('data-code'))!;
  };
  const inside = await createCode('Cleaner', [today], '11:00', '14:00');
  const outside = await createCode('Dog walker', ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'], '14:00', '15:00');
  const card = (code: string) => page.locator(`[data-testid="access-card"][data-code="${code}"]`);
  const zoneLabel = ahead === 0 ? 'UTC' : `UTC${ahead > 0 ? '+' : '-'}${Math.abs(ahead)}`;
  // The browser reads clocks in its own zone, so the card names the home's when they differ.
  const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const suffix = browserZone === zone ? '' : ` (${zoneLabel})`;
  await expect(card(inside).getByTestId('access-schedule')).toHaveText(`${today} 11:00–14:00${suffix}`);
  await expect(card(outside).getByTestId('access-schedule')).toHaveText(`Every day 14:00–15:00${suffix}`);
  await expect(card(inside).getByTestId('write-state')).toHaveText('Pending');

  await context.setOffline(false);
  await expect(page.getByTestId('write-state')).toHaveCount(0, { timeout: 30_000 });
  expect(await unit.keypad(outside)).toMatchObject({ ok: false, reason: 'outside_schedule', message: 'Outside Schedule' });
  expect(unit.door).toBe('closed');
  expect(await unit.keypad(inside)).toMatchObject({ ok: true, message: 'Access granted' });
  await card(outside).getByRole('button', { name: 'Door log' }).click();
  await expect(card(outside).getByTestId('door-log-entry')).toHaveText(/Refused: Outside Schedule/);
  await card(inside).getByRole('button', { name: 'Door log' }).click();
  await expect(card(inside).getByTestId('door-log-entry')).toHaveText(/Opened/);
  await expect(card(inside).getByTestId('access-uses')).toHaveText('Unlimited uses · used 1 time');
});

test('the owner pairs the unit again from Settings: the credential is shown once, the old one is cut off, the unit works with the new one; Unpair cuts it off', async ({ page }) => {
  const { deviceId, signIn } = await customerWithDoor('Lee');
  const installed = await startIndoorUnit(deviceId);
  units.push(installed);
  await page.setViewportSize(PHONE);
  await storeSignIn(page, signIn);
  await page.goto('/dashboard/devices');
  await expect(door(page).getByTestId('door-state')).toHaveText('Closed');

  await page.getByRole('button', { name: 'Settings for Main Garage Door' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings for Main Garage Door' });
  await settings.getByRole('button', { name: 'Pair unit' }).click();
  await page.getByRole('dialog', { name: 'Pair Main Garage Door?' }).getByRole('button', { name: 'Pair' }).click();
  const shown = page.getByRole('dialog', { name: 'Credential for Main Garage Door' });
  await expect(shown.getByTestId('unit-login')).toHaveText(`unit-${deviceId}@units.garageguard.invalid`);
  const secret = (await shown.getByTestId('unit-secret').textContent())!;
  expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  // Escape now closes the settings themselves (no pairing dialog is left on top).
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  // The unit installed before is cut off at its next heartbeat.
  await expect.poll(() => installed.online, { timeout: 15_000 }).toBe(false);
  // The new credential, entered on the unit, brings it back; the door answers the app again.
  const repaired = new SimulatedUnit({ url: appOrigin(), anonKey: LOCAL_ANON_KEY, credential: { device_id: deviceId, email: `unit-${deviceId}@units.garageguard.invalid`, secret }, kind: 'indoor_unit', timing: FAST_TIMING });
  units.push(repaired);
  await repaired.start();
  await door(page).getByRole('button', { name: 'Open Main Garage Door' }).click();
  await expect(door(page).getByTestId('door-state')).toHaveText('Open');
  expect(repaired.door).toBe('open');

  await page.getByRole('button', { name: 'Settings for Main Garage Door' }).click();
  await settings.getByRole('button', { name: 'Unpair' }).click();
  await page.getByRole('dialog', { name: 'Unpair Main Garage Door?' }).getByRole('button', { name: 'Unpair' }).click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: "Main Garage Door's unit is unpaired" })).toBeVisible();
  await expect.poll(() => repaired.online, { timeout: 15_000 }).toBe(false);
});
