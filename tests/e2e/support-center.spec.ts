import { expect, request, test, type Browser, type Locator, type Page } from './support/test.ts';
import { LOCAL_ANON_KEY } from '../../src/lib/env.ts';
import { createUser, DEMO, signInAs } from './support/auth.ts';
import { expectNoBlockingAxeViolations } from './support/axe.ts';
import { appOrigin } from './support/paths.ts';
import { visitUntilControlled } from './support/service-worker.ts';

// The Support Center's tickets in the built app, against the local stack: a customer's tickets and
// messages are written to RxDB and replicated to public.support_tickets / support_messages; staff
// replies (made here through REST as the support user, in a second browser context) arrive live
// in the open dialog with the staff member's name, and internal notes never reach the customer,
// neither on screen nor through REST. Each test has a customer of its own.

type Row = Record<string, unknown>;

async function rest(method: 'GET' | 'POST' | 'PATCH', path: string, token: string | null, data?: unknown): Promise<Row[]> {
  const api = await request.newContext({ baseURL: appOrigin() });
  const headers: Record<string, string> = { apikey: LOCAL_ANON_KEY, prefer: 'return=representation' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await api.fetch(path, { method, headers, data });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  const body = (await response.json()) as Row[];
  await api.dispose();
  return body;
}

const toast = (page: Page, title: string, message: string) => page.locator('.mantine-Notification-root').filter({ hasText: title }).filter({ hasText: message });
const ticketCard = (page: Page, subject: string) => page.getByTestId('ticket-card').filter({ has: page.getByRole('heading', { level: 2, name: subject, exact: true }) });
const message = (scope: Page | Locator, text: string) => scope.getByTestId('message').filter({ hasText: text });

async function signedInCustomer(page: Page, firstName: string) {
  const user = await createUser(firstName);
  const { session } = await signInAs(page, user.email, user.password);
  return { ...user, token: session.access_token };
}

/** The support user's token, signed in in a browser context of its own (the staff side). */
async function supportToken(browser: Browser): Promise<{ token: string; id: string; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const { session } = await signInAs(await context.newPage(), DEMO.support);
  return { token: session.access_token, id: session.user.id, close: () => context.close() };
}

const activeCategories = () => rest('GET', '/rest/v1/support_categories?is_active=eq.true&select=id,name&order=name', null) as Promise<{ id: string; name: string }[]>;

test('create a ticket (every validation message), search it, talk with staff live; internal notes never show; closed hides the reply box', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const customer = await signedInCustomer(page, 'Quinn');
  const [category] = await activeCategories();
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support Center' })).toBeVisible();
  await expect(page.getByText('Get help with your account, products, and technical questions')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'My Tickets' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'No Support Tickets' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("You haven't created any support tickets yet.")).toBeVisible();

  await page.getByRole('button', { name: /Create Support Ticket/ }).click();
  const create = page.getByRole('dialog', { name: 'Create Support Ticket' });
  await expect(create.getByText("Describe your issue or question and we'll help you resolve it.")).toBeVisible();
  await expect(create.getByLabel('Priority')).toHaveValue('medium');
  await expect(create.getByRole('textbox', { name: 'Subject' })).toHaveAttribute('placeholder', 'Brief description of your issue');
  await expect(create.getByRole('textbox', { name: 'Description' })).toHaveAttribute('placeholder', 'Please provide detailed information about your issue...');
  await expect(create.getByLabel('Category')).toHaveValue('');
  await create.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(create.getByText('Subject is required')).toBeVisible();
  await expect(create.getByText('Category is required')).toBeVisible();
  await expect(create.getByText('Description must be at least 10 characters')).toBeVisible();
  await create.getByRole('textbox', { name: 'Subject' }).fill('x'.repeat(201));
  await create.getByRole('textbox', { name: 'Description' }).fill('y'.repeat(2001));
  await create.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(create.getByText('Subject must be less than 200 characters')).toBeVisible();
  await expect(create.getByText('Description must be less than 2000 characters')).toBeVisible();

  const subject = 'Garage door stops halfway';
  const description = 'Since this morning the door stops halfway up and reverses. The sensors look clean.';
  await create.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await create.getByLabel('Category').selectOption({ label: category!.name });
  await create.getByLabel('Priority').selectOption({ label: 'High' });
  await create.getByRole('textbox', { name: 'Description' }).fill(description);
  await expect(create.getByText(/must be/)).toHaveCount(0);
  await expectNoBlockingAxeViolations(page, 'Create Support Ticket dialog');
  await create.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(toast(page, 'Success', 'Support ticket created successfully')).toBeVisible();
  await expect(create).toBeHidden();

  const card = ticketCard(page, subject);
  await expect(card.getByTestId('ticket-priority')).toHaveText('High');
  await expect(card.getByTestId('ticket-status')).toHaveText('Open');
  await expect(card.getByTestId('ticket-category')).toHaveText(category!.name);
  await expect(card).toContainText('Created just now');
  const serverTickets = () => rest('GET', `/rest/v1/support_tickets?user_id=eq.${customer.id}&select=id,subject,description,category_id,priority,status`, customer.token);
  await expect
    .poll(serverTickets, { timeout: 15_000 })
    .toEqual([expect.objectContaining({ subject, description, category_id: category!.id, priority: 'high', status: 'open' })]);
  const ticketId = (await serverTickets())[0]!.id as string;
  await expect(card.getByTestId('ticket-write-state')).toHaveCount(0);

  // The dialog starts empty again after a successful create.
  await page.getByRole('button', { name: 'New Ticket' }).click();
  await expect(create.getByRole('textbox', { name: 'Subject' })).toHaveValue('');
  await expect(create.getByLabel('Priority')).toHaveValue('medium');
  await create.getByRole('button', { name: 'Cancel' }).click();

  // The shared search box: typo and word order tolerant; nothing found says so.
  const search = page.getByRole('searchbox', { name: 'Search for help articles or tickets' });
  await search.fill('door halfwey');
  await expect(card).toBeVisible();
  await search.fill('thermostat');
  await expect(page.getByText('No tickets match your search query.')).toBeVisible();
  await search.fill('');
  await expectNoBlockingAxeViolations(page, 'Support Center with a ticket');

  await card.getByRole('button', { name: 'View Details' }).click();
  const detail = page.getByRole('dialog', { name: subject });
  await expect(detail.getByTestId('ticket-original-description')).toHaveText(description);
  await expect(detail.getByText('No messages yet')).toBeVisible();
  const send = detail.getByRole('button', { name: 'Send Message' });
  await expect(send).toBeDisabled();
  await detail.getByPlaceholder('Type your message...').fill('   ');
  await expect(send).toBeDisabled();

  // Staff answer (and leave a note) through REST while the dialog is open.
  const staff = await supportToken(browser);
  await rest('POST', '/rest/v1/support_messages', staff.token, { ticket_id: ticketId, user_id: staff.id, message: 'Internal: check the photo eye batch.', is_internal: true });
  await rest('POST', '/rest/v1/support_messages', staff.token, { ticket_id: ticketId, user_id: staff.id, message: 'Please clean both photo eyes and try again.' });
  const reply = message(detail, 'Please clean both photo eyes and try again.');
  await expect(reply).toBeVisible({ timeout: 15_000 });
  await expect(reply.getByTestId('message-author')).toHaveText('Sam Delgado');
  await expect(detail.getByText('No messages yet')).toHaveCount(0);
  await expect(page.getByText('Internal: check the photo eye batch.')).toHaveCount(0);

  await detail.getByPlaceholder('Type your message...').fill('Cleaned them, it works now. Thanks!');
  await send.click();
  await expect(toast(page, 'Success', 'Message sent successfully')).toBeVisible();
  const mine = message(detail, 'Cleaned them, it works now. Thanks!');
  await expect(mine.getByTestId('message-author')).toHaveText('You');
  await expect(detail.getByPlaceholder('Type your message...')).toHaveValue('');
  const customerView = () => rest('GET', `/rest/v1/support_messages?ticket_id=eq.${ticketId}&select=message,is_internal,author_name&order=created_at`, customer.token);
  await expect.poll(customerView, { timeout: 15_000 }).toEqual([
    { message: 'Please clean both photo eyes and try again.', is_internal: false, author_name: 'Sam Delgado' },
    { message: 'Cleaned them, it works now. Thanks!', is_internal: false, author_name: 'Quinn Tester' },
  ]);
  await expect(mine.getByTestId('message-write-state')).toHaveCount(0);
  await expect(detail.getByTestId('message')).toHaveCount(2);
  await expectNoBlockingAxeViolations(page, 'ticket detail dialog with a conversation');

  // Staff close the ticket: the open dialog drops the reply box.
  await rest('PATCH', `/rest/v1/support_tickets?id=eq.${ticketId}`, staff.token, { status: 'closed' });
  await expect(detail.getByTestId('ticket-status')).toHaveText('Closed', { timeout: 15_000 });
  await expect(detail.getByPlaceholder('Type your message...')).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Send Message' })).toHaveCount(0);
  await expect(page.getByText('Internal: check the photo eye batch.')).toHaveCount(0);
  await staff.close();
});

test('offline: a ticket and a message on it stay pending through a reload, then reach the server exactly once', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const customer = await signedInCustomer(page, 'Rowan');
  const [category] = await activeCategories();
  await visitUntilControlled(page, '/support');
  await expect(page.getByRole('heading', { name: 'No Support Tickets' })).toBeVisible({ timeout: 15_000 });

  await context.setOffline(true);
  const subject = 'Camera offline since the storm';
  await page.getByRole('button', { name: 'New Ticket' }).click();
  const create = page.getByRole('dialog', { name: 'Create Support Ticket' });
  await create.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await create.getByLabel('Category').selectOption({ label: category!.name });
  await create.getByRole('textbox', { name: 'Description' }).fill('The outdoor camera shows offline since last night.');
  await create.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(create).toBeHidden();
  const card = ticketCard(page, subject);
  await expect(card.getByTestId('ticket-write-state')).toHaveText('Pending');
  await card.getByRole('button', { name: 'View Details' }).click();
  const detail = page.getByRole('dialog', { name: subject });
  await detail.getByPlaceholder('Type your message...').fill('It is mounted under the roof edge.');
  await detail.getByRole('button', { name: 'Send Message' }).click();
  const sent = message(detail, 'It is mounted under the roof edge.');
  await expect(sent.getByTestId('message-write-state')).toHaveText('Pending');

  // Still offline: the reload (served by the service worker) shows both, still pending.
  await page.reload();
  await expect(card.getByTestId('ticket-write-state')).toHaveText('Pending', { timeout: 15_000 });
  await card.getByRole('button', { name: 'View Details' }).click();
  await expect(sent.getByTestId('message-write-state')).toHaveText('Pending');
  expect(await rest('GET', `/rest/v1/support_tickets?user_id=eq.${customer.id}&select=id`, customer.token).catch(() => [])).toEqual([]);

  await context.setOffline(false);
  const server = async () => ({
    tickets: (await rest('GET', `/rest/v1/support_tickets?user_id=eq.${customer.id}&select=subject`, customer.token)).map((r) => r.subject),
    messages: (await rest('GET', `/rest/v1/support_messages?user_id=eq.${customer.id}&select=message`, customer.token)).map((r) => r.message),
  });
  const delivered = { tickets: [subject], messages: ['It is mounted under the roof edge.'] };
  await expect.poll(server, { timeout: 30_000 }).toEqual(delivered);
  await expect(sent.getByTestId('message-write-state')).toHaveCount(0, { timeout: 15_000 });
  await expect(card.getByTestId('ticket-write-state')).toHaveCount(0);

  // Another round of sync sends nothing twice.
  await page.reload();
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card.getByTestId('ticket-write-state')).toHaveCount(0);
  await card.getByRole('button', { name: 'View Details' }).click();
  await expect(detail.getByTestId('message')).toHaveCount(1);
  expect(await server()).toEqual(delivered);
  await context.close();
});

test("staff on /support see only their own tickets, and never an internal note there, though they may read it", async ({ page }) => {
  const { session } = await signInAs(page, DEMO.support);
  const token = session.access_token;
  const [category] = await activeCategories();
  const subject = `Staff test ticket ${Date.now()}`;
  const [own] = await rest('POST', '/rest/v1/support_tickets', token, { user_id: session.user.id, subject, description: 'A ticket a staff member opened for themselves.', category_id: category!.id });
  await rest('POST', '/rest/v1/support_messages', token, { ticket_id: own!.id, user_id: session.user.id, message: 'Staff-only remark on my ticket', is_internal: true });
  await rest('POST', '/rest/v1/support_messages', token, { ticket_id: own!.id, user_id: session.user.id, message: 'A public line on my ticket' });

  await page.goto('/support');
  const card = ticketCard(page, subject);
  // Pulled in commit order, so by the time the newest ticket is here every other one is too.
  await expect(card).toBeVisible({ timeout: 20_000 });
  const staffTickets = await rest('GET', `/rest/v1/support_tickets?user_id=eq.${session.user.id}&select=id`, token);
  await expect(page.getByTestId('ticket-card')).toHaveCount(staffTickets.length);
  await card.getByRole('button', { name: 'View Details' }).click();
  const detail = page.getByRole('dialog', { name: subject });
  await expect(message(detail, 'A public line on my ticket').getByTestId('message-author')).toHaveText('You', { timeout: 15_000 });
  await expect(page.getByText('Staff-only remark on my ticket')).toHaveCount(0);
});
