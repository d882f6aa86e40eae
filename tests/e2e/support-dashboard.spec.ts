import { expect, request, test, type Page } from './support/test.ts';
import { LOCAL_ANON_KEY } from '../../src/lib/env.ts';
import { formatResponseTime } from '../../src/features/support-staff/format.ts';
import { DEFAULT_JWT_SECRET, demoKey } from '../../supabase/local/keys.ts';
import { createUser, DEMO, DEMO_PASSWORD, sessionOf, signInAs } from './support/auth.ts';
import { expectNoBlockingAxeViolations } from './support/axe.ts';
import { appOrigin } from './support/paths.ts';
import { expectTabsInOneRow } from './support/tabs.ts';

// The staff support dashboard against the real stack: a customer (REST, its own context) and a
// support user (the app) at once. Checks at the API what the customer may and may not read.
const SERVICE_KEY = demoKey('service_role', DEFAULT_JWT_SECRET);
const service = { apikey: SERVICE_KEY, authorization: `Bearer ${SERVICE_KEY}` };
const as = (token: string) => ({ apikey: LOCAL_ANON_KEY, authorization: `Bearer ${token}` });

async function api<T>(method: 'get' | 'post', path: string, headers: Record<string, string>, data?: unknown): Promise<T> {
  const context = await request.newContext({ baseURL: appOrigin() });
  const response = await context[method](path, { headers: { ...headers, prefer: 'return=representation' }, data });
  const text = await response.text();
  expect(response.ok(), text).toBe(true);
  await context.dispose();
  return JSON.parse(text) as T;
}

const userToken = async (email: string, password: string) => (await sessionOf(email, password)).session.access_token;

interface Stats {
  total: number;
  open: number;
  in_progress: number;
  resolved_today: number;
  urgent: number;
  avg_first_response_minutes: number | null;
}

/** The six cards as the dashboard should show them, from support_stats() called as staff. */
async function expectedCards(staffToken: string): Promise<string[]> {
  const s = await api<Stats>('post', '/rest/v1/rpc/support_stats', as(staffToken), {});
  return [s.total, s.open, s.in_progress, s.resolved_today, s.urgent].map(String).concat(formatResponseTime(s.avg_first_response_minutes));
}
const CARD_LABELS = ['Total Tickets', 'Open Tickets', 'In Progress', 'Resolved Today', 'Urgent Tickets', 'Avg Response Time'];
const shownCards = (page: Page) => Promise.all(CARD_LABELS.map(async (label) => (await page.getByTestId(`stat-${label}`).textContent()) ?? ''));

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

test('staff see a new ticket live with the customer name, reply and add an internal note the customer never reads, assign it and resolve it; the cards match the server', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const customer = await createUser('Jordan');
  const customerContext = await browser.newContext();
  const customerToken = await userToken(customer.email, customer.password);
  const staffToken = await userToken(DEMO.support, DEMO_PASSWORD);

  await signInAs(page, DEMO.support);
  await page.goto('/support/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Support Dashboard' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Ticket Management' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('staff-ticket').first()).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => shownCards(page)).toEqual(await expectedCards(staffToken));

  // The customer opens a ticket from their own browser context (REST, as the support center does).
  const [category] = await api<{ id: string }[]>('get', '/rest/v1/support_categories?select=id&name=eq.Troubleshooting', as(customerToken));
  const subject = `Door sensor stuck ${Date.now()}`;
  const customerApi = customerContext.request;
  const created = await customerApi.post(`${appOrigin()}/rest/v1/support_tickets`, {
    headers: { ...as(customerToken), prefer: 'return=representation' },
    data: { subject, description: 'The door sensor reports open although the door is closed.', category_id: category!.id, priority: 'urgent' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const [ticket] = (await created.json()) as { id: string }[];

  // Live: the card appears without a reload, with the customer's name (not 'User').
  const card = page.locator(`[data-ticket-id="${ticket!.id}"]`);
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card.getByTestId('ticket-customer')).toHaveText('Jordan Tester');
  await expect(card.getByTestId('ticket-category')).toHaveText('Troubleshooting');
  await expect(card.getByTestId('ticket-priority')).toHaveText('Urgent');
  await expect(card.getByTestId('ticket-status')).toHaveValue('open');
  await expect.poll(() => shownCards(page), { timeout: 15_000 }).toEqual(await expectedCards(staffToken));

  // Search forgives a typo and word order.
  await page.getByLabel('Search tickets').fill('stuk door sensor');
  await expect(page.getByTestId('staff-ticket')).toHaveCount(1);
  await expect(card).toBeVisible();
  await page.getByLabel('Search tickets').fill('');

  // Manage: reply, then an internal note.
  await card.getByRole('button', { name: `Manage ticket ${subject}` }).click();
  const dialog = page.getByRole('dialog', { name: subject });
  await expect(dialog.getByTestId('no-messages')).toHaveText('No messages yet');
  await expect(dialog.getByRole('button', { name: 'Send Message' })).toBeDisabled();
  await dialog.getByLabel('Message').fill('Please power-cycle the indoor unit and tell us if the sensor recovers.');
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(toast(page, 'Message sent successfully')).toBeVisible();
  await dialog.getByRole('switch', { name: 'Internal note' }).check();
  await dialog.getByLabel('Message').fill('Internal: sensor batch 24C has a known reed-switch fault.');
  await dialog.getByRole('button', { name: 'Add Note' }).click();
  await expect(dialog.getByTestId('message')).toHaveCount(1);
  await expect(dialog.getByTestId('internal-note')).toHaveCount(1);
  await expect(dialog.getByTestId('internal-note')).toContainText('Internal note');
  await expect(dialog.getByTestId('message')).toContainText('You');

  // On the server: the customer reads the reply and never the note; the note is there for staff.
  await expect
    .poll(async () => (await api<{ message: string; is_internal: boolean }[]>('get', `/rest/v1/support_messages?ticket_id=eq.${ticket!.id}&select=message,is_internal`, service)).length, { timeout: 15_000 })
    .toBe(2);
  const customerView = await api<{ message: string; is_internal: boolean }[]>('get', `/rest/v1/support_messages?ticket_id=eq.${ticket!.id}&select=message,is_internal`, as(customerToken));
  expect(customerView).toEqual([{ message: 'Please power-cycle the indoor unit and tell us if the sensor recovers.', is_internal: false }]);
  const asked = await api<unknown[]>('get', `/rest/v1/support_messages?ticket_id=eq.${ticket!.id}&is_internal=eq.true&select=id`, as(customerToken));
  expect(asked).toEqual([]);

  // The customer answers: it arrives live in the open dialog.
  const answer = await customerApi.post(`${appOrigin()}/rest/v1/support_messages`, {
    headers: as(customerToken),
    data: { ticket_id: ticket!.id, message: 'Done, it still shows open.' },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  await expect(dialog.getByTestId('message').filter({ hasText: 'Done, it still shows open.' })).toContainText('Jordan Tester', { timeout: 20_000 });
  await expectNoBlockingAxeViolations(page, 'ticket dialog with a reply and an internal note', '[role="dialog"]');

  // Offline, a note waits on this device, marked pending, and is delivered once when back online.
  await page.context().setOffline(true);
  await dialog.getByLabel('Message').fill('Internal: written while offline.');
  await dialog.getByRole('button', { name: 'Add Note' }).click();
  const offlineNote = dialog.getByTestId('internal-note').filter({ hasText: 'written while offline' });
  await expect(offlineNote.getByText('Pending')).toBeVisible();
  await page.context().setOffline(false);
  await expect(offlineNote.getByText('Pending')).toHaveCount(0, { timeout: 20_000 });
  await expect
    .poll(async () => (await api<unknown[]>('get', `/rest/v1/support_messages?ticket_id=eq.${ticket!.id}&message=eq.${encodeURIComponent('Internal: written while offline.')}&select=id`, service)).length)
    .toBe(1);
  await dialog.getByRole('switch', { name: 'Internal note' }).uncheck();

  // Assignment to myself, then the 'Assigned to me' filter.
  await dialog.getByLabel('Assigned to').selectOption({ label: 'Sam Delgado' });
  await expect(toast(page, 'Ticket assigned successfully')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(card.getByTestId('ticket-assignee')).toHaveText('Assigned to Sam Delgado');
  await page.getByRole('switch', { name: 'Assigned to me' }).check();
  await expect(card).toBeVisible();
  await expect(page.locator('[data-ticket-id="10000000-0000-4000-8000-000000000001"]')).toHaveCount(0);
  await page.getByRole('switch', { name: 'Assigned to me' }).uncheck();
  await expect.poll(async () => (await api<{ assigned_to: string }[]>('get', `/rest/v1/support_tickets?id=eq.${ticket!.id}&select=assigned_to`, service))[0]!.assigned_to).toBe('00000000-0000-4000-8000-000000000003');

  // Resolving sets resolved_at on the server; the cards follow.
  await card.getByLabel(`Status of ${subject}`).selectOption('resolved');
  await expect(toast(page, 'Ticket status updated successfully').first()).toBeVisible();
  await expect(card.getByTestId('ticket-status')).toHaveValue('resolved');
  await expect
    .poll(async () => (await api<{ status: string; resolved_at: string | null }[]>('get', `/rest/v1/support_tickets?id=eq.${ticket!.id}&select=status,resolved_at`, service))[0], { timeout: 15_000 })
    .toMatchObject({ status: 'resolved', resolved_at: expect.any(String) });
  await expect.poll(() => shownCards(page), { timeout: 15_000 }).toEqual(await expectedCards(staffToken));
  await page.getByLabel('Status filter').selectOption('resolved');
  await expect(card).toBeVisible();
  await page.getByLabel('Status filter').selectOption('open');
  await expect(card).toHaveCount(0);
  await page.getByLabel('Status filter').selectOption('all');
  await expectNoBlockingAxeViolations(page, 'support dashboard, tickets');
  await customerContext.close();
});

const PRIORITY_RANK: Record<string, number> = { Low: 0, Medium: 1, High: 2, Urgent: 3 };
const shownPriorities = async (page: Page) => (await page.getByTestId('ticket-priority').allTextContents()).map((label) => PRIORITY_RANK[label] ?? -1);
const sortedDown = (ranks: number[]) => ranks.every((rank, i) => i === 0 || ranks[i - 1]! >= rank);

test('the queue is a dense table sorted by its headers on a tablet with the customer beside the conversation (said to come when offline), and cards with a sort menu on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signInAs(page, DEMO.support);
  await page.goto('/support/dashboard');
  const table = page.getByTestId('staff-ticket-table');
  await expect(table.getByTestId('staff-ticket').first()).toBeVisible({ timeout: 20_000 });
  // The first pulls come in batches of 200: count once every ticket is on the device.
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-state', 'synced', { timeout: 20_000 });
  const rows = await table.getByTestId('staff-ticket').count();
  expect(rows).toBeGreaterThan(5);
  // Newest first until staff choose otherwise.
  await expect(table.getByRole('columnheader', { name: 'Created' })).toHaveAttribute('aria-sort', 'descending');
  // Every row's Manage button is on screen at tablet width: nothing hides past the right edge.
  const manage = await table.getByRole('button', { name: /^Manage ticket / }).evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().right));
  expect(Math.max(...manage)).toBeLessThanOrEqual(1024);

  await table.getByRole('button', { name: 'Priority' }).click();
  await expect(table.getByRole('columnheader', { name: 'Priority' })).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByRole('columnheader', { name: 'Created' })).toHaveAttribute('aria-sort', 'none');
  const down = await shownPriorities(page);
  expect(down).toHaveLength(rows);
  expect(down[0]).toBe(3);
  expect(sortedDown(down)).toBe(true);
  await table.getByRole('button', { name: 'Priority' }).click();
  await expect(table.getByRole('columnheader', { name: 'Priority' })).toHaveAttribute('aria-sort', 'ascending');
  expect(await shownPriorities(page)).toEqual([...down].reverse().sort((a, b) => a - b));

  // Manage: beside the conversation, the customer with their devices and latest orders, as the server has them.
  const caseyTicket = table.getByTestId('staff-ticket').filter({ has: page.getByTestId('ticket-customer').getByText('Casey Morales', { exact: true }) }).first();
  await caseyTicket.getByRole('button', { name: /^Manage ticket / }).click();
  const panel = page.getByRole('dialog').getByTestId('ticket-customer-panel');
  const casey = (await sessionOf(DEMO.customer)).session.user.id;
  const devices = await api<{ name: string }[]>('get', `/rest/v1/devices?user_id=eq.${casey}&select=name&order=created_at.desc,id.asc&limit=10`, service);
  const orders = await api<unknown[]>('get', `/rest/v1/orders?user_id=eq.${casey}&select=id`, service);
  expect(devices.length).toBeGreaterThan(0);
  await expect(panel.getByTestId('customer-devices').getByRole('listitem')).toHaveCount(devices.length);
  for (const device of devices) await expect(panel.getByTestId('customer-devices')).toContainText(device.name);
  await expect(panel.getByRole('heading', { name: `Recent orders (${orders.length})` })).toBeVisible();
  await expect(panel.getByTestId('customer-orders').getByRole('listitem')).toHaveCount(Math.min(5, orders.length));
  const conversation = await page.getByRole('dialog').getByRole('heading', { name: 'Conversation' }).boundingBox();
  const beside = await panel.boundingBox();
  expect(beside!.x).toBeGreaterThan(conversation!.x + conversation!.width);
  await expectNoBlockingAxeViolations(page, 'ticket dialog with the customer panel', '[role="dialog"]');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  // Offline, another ticket (its customer never read on this device) opens from the device's data;
  // the panel says when its details come, and they come when the connection returns, dialog open.
  await page.context().setOffline(true);
  const otherTicket = table.getByTestId('staff-ticket').filter({ hasNot: page.getByTestId('ticket-customer').getByText('Casey Morales', { exact: true }) }).first();
  await otherTicket.getByRole('button', { name: /^Manage ticket / }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Conversation' })).toBeVisible();
  await expect(panel).toContainText("The customer's devices and orders load when the connection returns.");
  await page.context().setOffline(false);
  await expect(panel.getByRole('heading', { name: /^Devices \(\d+\)$/ })).toBeVisible({ timeout: 15_000 });
  await expect(panel).not.toContainText('load when the connection returns');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  // A phone gets the cards (one article per ticket) and a menu for the order.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('staff-ticket-table')).toHaveCount(0);
  await expect(page.getByRole('article')).toHaveCount(rows);
  await page.getByLabel('Sort by').selectOption({ label: 'Most urgent first' });
  expect(sortedDown(await shownPriorities(page))).toBe(true);
  // Ticket Management and Knowledge Base stay one row of tabs (they wrapped onto two lines).
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectTabsInOneRow(page.getByRole('tablist').first());
});

test('an older ticket is not on the staff device: the search finds it online, opens it with its conversation, and keeps it on the device', async ({ page }) => {
  // A ticket resolved 90 days ago, loaded as an import would (service role: its dates are kept).
  const customerToken = await userToken(DEMO.customer, DEMO_PASSWORD);
  const customer = (await sessionOf(DEMO.customer, DEMO_PASSWORD)).session.user.id;
  const [category] = await api<{ id: string }[]>('get', '/rest/v1/support_categories?select=id&name=eq.Troubleshooting', as(customerToken));
  const marker = `Archived-${Date.now()}`;
  const subject = `Keypad beeps twice (${marker})`;
  const longAgo = new Date(Date.now() - 90 * 86_400_000).toISOString();
  const [ticket] = await api<{ id: string }[]>('post', '/rest/v1/support_tickets', service, {
    user_id: customer, subject, description: 'The keypad beeps twice and the door stays shut.', category_id: category!.id, priority: 'low', status: 'resolved', created_at: longAgo, updated_at: longAgo,
  });
  await api('post', '/rest/v1/support_messages', service, { ticket_id: ticket!.id, user_id: customer, message: 'Solved: new batteries in the keypad.', created_at: longAgo });

  await signInAs(page, DEMO.support);
  await page.goto('/support/dashboard');
  await expect(page.getByTestId('staff-ticket').first()).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Search tickets').fill(marker);
  await expect(page.getByText('No tickets match your search or filters.')).toBeVisible();
  const older = page.getByRole('region', { name: 'Older tickets — online' });
  await expect(older.getByTestId('older-ticket')).toHaveCount(1);
  await expect(older.getByTestId('older-ticket')).toContainText(subject);
  await expect(older.getByTestId('older-ticket')).toContainText('Resolved');

  await older.getByRole('button', { name: `Open older ticket ${subject}` }).click();
  const dialog = page.getByRole('dialog', { name: subject });
  await expect(dialog.getByTestId('message')).toContainText('Solved: new batteries in the keypad.');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  // Now on the device: listed with the others, no longer offered from the server.
  await expect(page.locator(`[data-ticket-id="${ticket!.id}"]`)).toBeVisible();
  await expect(older.getByTestId('older-ticket')).toHaveCount(0);
  // Kept through a reload, whose start removes what left the window.
  await page.reload();
  await page.getByLabel('Search tickets').fill(marker);
  await expect(page.locator(`[data-ticket-id="${ticket!.id}"]`)).toBeVisible({ timeout: 20_000 });
});

test('staff write knowledge-base articles: every validation message, tags, preview, create, edit, publish, unpublish, delete', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, DEMO.support);
  await page.goto('/support/dashboard');
  await page.getByRole('tab', { name: 'Knowledge Base' }).click();
  await expect(page.getByRole('heading', { name: 'Knowledge Base Articles' })).toBeVisible();
  await expect(page.getByTestId('staff-article').first()).toBeVisible({ timeout: 20_000 });
  // Drafts are listed to staff too.
  await expect(page.getByTestId('article-state').filter({ hasText: 'Draft' }).first()).toBeVisible();
  await page.getByLabel('Search articles').fill('zzzz qqqq nothing');
  await expect(page.getByText('No articles match your search query.')).toBeVisible();
  await page.getByLabel('Search articles').fill('');

  await page.getByRole('button', { name: 'New Article' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Article' });
  await dialog.getByRole('button', { name: 'Create Article' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByText('Category is required')).toBeVisible();
  await expect(dialog.getByText('Content must be at least 10 characters')).toBeVisible();
  await dialog.getByLabel('Title').fill('x'.repeat(201));
  await dialog.getByRole('button', { name: 'Create Article' }).click();
  await expect(dialog.getByText('Title must be less than 200 characters')).toBeVisible();

  const title = `Resetting the indoor unit ${Date.now()}`;
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Troubleshooting' }).click();
  await dialog.getByLabel('Content').fill('## Hold the reset button\n\nHold it for **6 seconds** until the light blinks.');
  const tagInput = dialog.getByRole('textbox', { name: 'Tags' });
  await tagInput.fill('  reset  ');
  await tagInput.press('Enter');
  await tagInput.fill('reset');
  await tagInput.press('Enter');
  await tagInput.fill('   ');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await tagInput.fill('indoor unit');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await tagInput.fill('wifi');
  await tagInput.press('Enter');
  await expect(dialog.getByTestId('article-tag')).toHaveText(['reset', 'indoor unit', 'wifi']);
  await dialog.getByRole('button', { name: 'Remove tag wifi' }).click();
  await expect(dialog.getByTestId('article-tag')).toHaveText(['reset', 'indoor unit']);
  await dialog.getByRole('tab', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('article-preview').getByRole('heading', { name: 'Hold the reset button' })).toBeVisible();
  await expect(dialog.getByTestId('article-preview').locator('strong')).toHaveText('6 seconds');
  await expect(dialog.getByRole('switch', { name: 'Publish Article' })).not.toBeChecked();
  await expectNoBlockingAxeViolations(page, 'article dialog with a preview', '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Create Article' }).click();
  await expect(toast(page, 'Article created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByTestId('staff-article').filter({ hasText: title });
  await expect(card.getByTestId('article-state')).toHaveText('Draft');
  // The card shows the text as prose, not its Markdown.
  await expect(card.getByTestId('article-excerpt')).toHaveText('Hold the reset button. Hold it for 6 seconds until the light blinks.');
  type Row = { id: string; title: string; tags: string[]; is_published: boolean; _deleted: boolean; category: string };
  const byTitle = () => api<Row[]>('get', `/rest/v1/kb_articles?title=eq.${encodeURIComponent(title)}&select=id`, service);
  await expect.poll(async () => (await byTitle()).length, { timeout: 15_000 }).toBe(1);
  const [{ id }] = (await byTitle()) as [Row];
  const serverRow = async () => (await api<Row[]>('get', `/rest/v1/kb_articles?id=eq.${id}&select=id,title,tags,is_published,_deleted,category`, service))[0];
  expect(await serverRow()).toMatchObject({ title, tags: ['reset', 'indoor unit'], is_published: false, category: 'Troubleshooting' });
  const anonCanRead = async () => (await api<unknown[]>('get', `/rest/v1/kb_articles?id=eq.${id}&select=id`, { apikey: LOCAL_ANON_KEY })).length;
  expect(await anonCanRead()).toBe(0);

  // Edit.
  await card.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Article' });
  await expect(edit.getByLabel('Title')).toHaveValue(title);
  const renamed = `${title} (updated)`;
  await edit.getByLabel('Title').fill(renamed);
  await edit.getByRole('button', { name: 'Update Article' }).click();
  await expect(toast(page, 'Article updated successfully')).toBeVisible();
  const renamedCard = page.locator(`[data-article-id="${id}"]`);
  await expect(renamedCard.getByRole('heading')).toHaveText(renamed);
  await expect.poll(async () => (await serverRow())?.title, { timeout: 15_000 }).toBe(renamed);

  // Publish, then unpublish.
  await renamedCard.getByRole('button', { name: `Publish ${renamed}` }).click();
  await expect(toast(page, 'Article status updated').first()).toBeVisible();
  await expect(renamedCard.getByTestId('article-state')).toHaveText('Published');
  await expect.poll(anonCanRead, { timeout: 15_000 }).toBe(1);
  await renamedCard.getByRole('button', { name: `Unpublish ${renamed}` }).click();
  await expect(renamedCard.getByTestId('article-state')).toHaveText('Draft');
  await expect.poll(anonCanRead, { timeout: 15_000 }).toBe(0);
  await expectNoBlockingAxeViolations(page, 'support dashboard, knowledge base');

  // Delete, after the confirmation.
  await renamedCard.getByRole('button', { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Article' });
  await expect(confirm).toContainText('Are you sure you want to delete this article?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Article deleted successfully')).toBeVisible();
  await expect(renamedCard).toHaveCount(0);
  await expect.poll(async () => (await serverRow())?._deleted, { timeout: 15_000 }).toBe(true);
});

test('a customer opening the support dashboard is sent back to their own dashboard', async ({ page }) => {
  await signInAs(page, DEMO.customer);
  await page.goto('/support/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Support Dashboard' })).toHaveCount(0);
});
