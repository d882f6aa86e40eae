import { expect, request, test, type Browser, type Page } from './support/test.ts';
import { LOCAL_ANON_KEY } from '../../src/lib/env.ts';
import { DEFAULT_JWT_SECRET, demoKey } from '../../supabase/local/keys.ts';
import { createUser, DEMO, signInAs } from './support/auth.ts';
import { expectNoBlockingAxeViolations } from './support/axe.ts';
import { appOrigin } from './support/paths.ts';

// A ticket about a device, live between a customer and staff, in the built app against the local
// stack: 'Get help' on a device card opens the create dialog with the device chosen; staff see
// the device's status change as the server writes it; each side sees the other typing (private
// Realtime channel of the ticket), never a staff member's internal note; staff see which
// colleague also has the ticket open (presence on the staff-only channel).

type Row = Record<string, unknown>;
const SERVICE_KEY = demoKey('service_role', DEFAULT_JWT_SECRET);

async function rest(method: 'GET' | 'POST' | 'PATCH', path: string, token: string, data?: unknown): Promise<unknown> {
  const api = await request.newContext({ baseURL: appOrigin() });
  const apikey = token === SERVICE_KEY ? SERVICE_KEY : LOCAL_ANON_KEY;
  const response = await api.fetch(path, { method, headers: { apikey, authorization: `Bearer ${token}`, prefer: 'return=representation' }, data });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  const body = response.status() === 204 ? null : await response.json();
  await api.dispose();
  return body;
}

async function pageOf(browser: Browser, email: string, password?: string): Promise<{ page: Page; token: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { session } = await signInAs(page, email, password);
  return { page, token: session.access_token };
}

/** Opens the staff Manage dialog of the ticket with this subject. */
async function manage(page: Page, subject: string) {
  await page.goto('/support/dashboard');
  const card = page.getByTestId('staff-ticket').filter({ hasText: subject });
  await expect(card).toBeVisible({ timeout: 40_000 });
  await card.getByRole('button', { name: `Manage ticket ${subject}` }).click();
  const dialog = page.getByRole('dialog', { name: subject });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a ticket about a device: the device live for staff, typing both ways (never an internal note), and who else has it open', async ({ browser }) => {
  test.setTimeout(180_000);
  const user = await createUser('Quinn');
  const customer = await pageOf(browser, user.email, user.password);
  const [device] = (await rest('POST', '/rest/v1/devices', customer.token, { name: 'Carport Gate', device_type: 'outdoor_unit' })) as Row[];
  // What the unit reports (only a unit or the server may write these).
  await rest('PATCH', `/rest/v1/devices?id=eq.${String(device!.id)}`, SERVICE_KEY, { status: 'online', firmware_version: '3.2.0', last_seen: new Date().toISOString() });
  // A second staff member of this test's own, so 'Also viewing' names someone known.
  const colleague = await createUser('Riley');
  await rest('PATCH', `/rest/v1/profiles?user_id=eq.${colleague.id}`, SERVICE_KEY, { role: 'support' });

  // 'Get help' on the device card: the create dialog opens with the device chosen.
  const c = customer.page;
  await c.goto('/dashboard/devices');
  await c.getByRole('link', { name: 'Get help with Carport Gate' }).click();
  await expect(c).toHaveURL(/\/support\?device=/);
  const create = c.getByRole('dialog', { name: 'Create Support Ticket' });
  await expect(create).toBeVisible();
  await expect(create.getByLabel('Device')).toHaveValue(String(device!.id));
  const subject = `Gate ignores the remote ${Date.now()}`;
  await create.getByLabel('Subject').fill(subject);
  await create.getByLabel('Category').selectOption({ index: 1 });
  await create.getByLabel('Description').fill('The gate does not react to the remote since yesterday.');
  await expectNoBlockingAxeViolations(c, 'the create dialog with a device chosen', '[role="dialog"]');
  await create.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(create).toBeHidden();
  const ticketCard = c.getByTestId('ticket-card').filter({ hasText: subject });
  await expect(ticketCard.getByTestId('ticket-device')).toContainText('Carport Gate');
  await expect
    .poll(async () => ((await rest('GET', `/rest/v1/support_tickets?subject=eq.${encodeURIComponent(subject)}&select=device_id`, customer.token)) as Row[])[0]?.device_id, { timeout: 20_000 })
    .toBe(device!.id);

  // Staff: the device panel next to the conversation, live.
  const staff = await pageOf(browser, DEMO.support);
  const s = staff.page;
  const dialog = await manage(s, subject);
  const panel = dialog.getByTestId('ticket-device-panel');
  await expect(panel.getByTestId('ticket-device-name')).toHaveText('Carport Gate');
  await expect(panel.getByTestId('ticket-device-status')).toHaveText('Online');
  await expect(panel.getByTestId('ticket-device-firmware')).toHaveText('3.2.0');
  await expect(panel).toContainText('Outdoor Unit');
  await expect(panel).toContainText(/Last seen/);
  await rest('PATCH', `/rest/v1/devices?id=eq.${String(device!.id)}`, SERVICE_KEY, { status: 'error' });
  await expect(panel.getByTestId('ticket-device-status')).toHaveText('Error', { timeout: 15_000 });

  // The customer types: staff see it.
  await ticketCard.getByRole('button', { name: 'View Details' }).click();
  const detail = c.getByRole('dialog', { name: subject });
  await expect(detail.getByTestId('ticket-device')).toContainText('Carport Gate');
  await detail.getByLabel('Your message').pressSequentially('Any news?', { delay: 30 });
  await expect(dialog.getByTestId('typing-indicator')).toHaveText('Quinn Tester is typing…', { timeout: 15_000 });

  // Staff type a reply: the customer sees it; emptying the box clears it.
  const box = dialog.getByLabel('Message');
  await box.pressSequentially('Looking into it', { delay: 30 });
  await expect(detail.getByTestId('typing-indicator')).toHaveText('Sam Delgado is typing…', { timeout: 15_000 });
  await box.fill('');
  await expect(detail.getByTestId('typing-indicator')).toHaveText('', { timeout: 10_000 });

  // An internal note is never announced to the customer.
  await dialog.getByRole('switch', { name: 'Internal note' }).check();
  await box.pressSequentially('Firmware 3.2.0 has a known remote bug', { delay: 30 });
  await c.waitForTimeout(3_000);
  await expect(detail.getByTestId('typing-indicator')).toHaveText('');

  // A colleague opens the same ticket: the first staff member sees them.
  const other = await pageOf(browser, colleague.email, colleague.password);
  await manage(other.page, subject);
  await expect(dialog.getByTestId('also-viewing')).toHaveText('Also viewing: Riley Tester', { timeout: 15_000 });
  await expect(detail.getByText(/Also viewing/)).toHaveCount(0);

  await expectNoBlockingAxeViolations(s, 'the staff Manage dialog with the device, typing and viewers', '[role="dialog"]');
  await expectNoBlockingAxeViolations(c, 'the customer ticket dialog with the device', '[role="dialog"]');
});
