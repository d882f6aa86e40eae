import { randomUUID } from 'node:crypto';
import { expect, request, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { LOCAL_ANON_KEY } from '../../src/lib/env.ts';
import { DEFAULT_JWT_SECRET, demoKey } from '../../supabase/local/keys.ts';
import { createUser, DEMO, signInAs } from './support/auth.ts';
import { appOrigin } from './support/paths.ts';
import { XSS_HOOK, XSS_RESULT, xssPayloads } from './support/xss-payloads.ts';

// Everything users write that other people read, stored with a corpus of 204 script-injection
// payloads and rendered in the built app (with its Content-Security-Policy) in both areas: the
// customer's Support Center and the staff dashboard, plus the public article page. Each payload
// would call window.__xss(id) if it ever ran and marks what it injects with data-xss; the hook
// also records CSP violations (markup that got past the sanitizer although the CSP stopped it).
// Expected: no execution, no violation, no injected element, no inline handler, no script URL.

const SERVICE_KEY = demoKey('service_role', DEFAULT_JWT_SECRET);
const PAYLOADS = xssPayloads();
const RUN = randomUUID().slice(0, 8);
const probeTitle = (id: number) => `XSS probe ${RUN} ${id}`;
const OMNIBUS = `XSS corpus ${RUN}`;
const THREAD = `XSS thread ${RUN}`;

async function rest(method: 'GET' | 'POST' | 'PATCH', path: string, token: string, data?: unknown): Promise<Array<Record<string, unknown>>> {
  const api = await request.newContext({ baseURL: appOrigin() });
  const apikey = token === SERVICE_KEY ? SERVICE_KEY : LOCAL_ANON_KEY;
  const response = await api.fetch(path, { method, headers: { apikey, authorization: `Bearer ${token}`, prefer: 'return=representation' }, data });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  const body = (await response.json()) as Array<Record<string, unknown>>;
  await api.dispose();
  return body;
}

async function hookedPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  // Reduced motion: the 200-odd dialogs open and close without transitions (the app honours it).
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  await context.addInitScript(XSS_HOOK);
  return { context, page: await context.newPage() };
}

async function expectNothingRan(page: Page, where: string) {
  // Timers and image errors fire after rendering: give them a moment to (not) run.
  await page.waitForTimeout(300);
  expect(await page.evaluate(XSS_RESULT), where).toEqual({ runs: [], violations: [], injected: 0, handlers: 0, scriptUrls: 0 });
}

// One set of rows for every area, made once; each area is a test of its own (with its own
// deadline: the 204 article dialogs alone take minutes on a loaded machine), in this order.
test.describe.configure({ mode: 'serial' });

let customerPage: { context: BrowserContext; page: Page };
let staffPage: { context: BrowserContext; page: Page };
let thread: { id: string };
let tickets: Array<{ id: string }>;
let articles: Array<{ id: string }>;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  // The data: a customer whose name is a payload, a ticket per payload (subject and description),
  // one ticket carrying every payload as a customer message and as a staff internal note, an
  // article per payload and one article holding the whole corpus.
  customerPage = await hookedPage(browser);
  const user = await createUser('Xena');
  const { session } = await signInAs(customerPage.page, user.email, user.password);
  const token = session.access_token;
  await rest('PATCH', `/rest/v1/profiles?user_id=eq.${user.id}`, token, { last_name: '<img data-xss src=x onerror=window.__xss(0)>' });
  const [category] = await rest('GET', '/rest/v1/support_categories?is_active=eq.true&select=id&limit=1', token);
  tickets = PAYLOADS.map((p) => ({ id: randomUUID(), subject: p.text.slice(0, 200), description: `${p.text} (probe)`, category_id: category!.id, priority: 'low' }));
  const threadRow = { id: randomUUID(), subject: THREAD, description: 'Every payload follows as a message.', category_id: category!.id, priority: 'low' };
  thread = threadRow;
  await rest('POST', '/rest/v1/support_tickets', token, [...tickets, threadRow]);
  await rest('POST', '/rest/v1/support_messages', token, PAYLOADS.map((p) => ({ id: randomUUID(), ticket_id: thread.id, message: p.text })));

  staffPage = await hookedPage(browser);
  const staff = await signInAs(staffPage.page, DEMO.support);
  await rest('POST', '/rest/v1/support_messages', staff.session.access_token, PAYLOADS.map((p) => ({ id: randomUUID(), ticket_id: thread.id, message: p.text, is_internal: true })));

  const old = '2020-01-01T00:00:00Z'; // far back, so other specs' "most recent" articles stay first
  articles = [
    ...PAYLOADS.map((p) => ({ id: randomUUID(), title: probeTitle(p.id), content: `${p.text}\n\nProbe ${p.id}.`, category: 'Security', tags: ['xss', p.text.slice(0, 40)], is_published: true, created_at: old, updated_at: old })),
    { id: randomUUID(), title: OMNIBUS, content: PAYLOADS.map((p) => p.text).join('\n\n'), category: 'Security', tags: ['xss'], is_published: true, created_at: old, updated_at: old },
  ];
  await rest('POST', '/rest/v1/kb_articles', SERVICE_KEY, articles);
});

test.afterAll(async () => {
  // The probe articles leave the shared knowledge base for the specs that run after this one.
  await rest('PATCH', `/rest/v1/kb_articles?title=like.*${RUN}*`, SERVICE_KEY, { _deleted: true, is_published: false });
  await customerPage?.context.close();
  await staffPage?.context.close();
});

test('204 payloads in ticket subjects, descriptions, messages and a name run nothing in the customer\'s Support Center', async () => {
  const { page } = customerPage;
  await page.goto('/support');
  await expect(page.getByTestId('ticket-card')).toHaveCount(PAYLOADS.length + 1, { timeout: 30_000 });
  await expectNothingRan(page, 'customer ticket list');
  const threadCard = page.getByTestId('ticket-card').filter({ has: page.getByRole('heading', { name: THREAD }) });
  await threadCard.getByRole('button', { name: 'View Details' }).click();
  const conversation = page.getByRole('dialog', { name: THREAD });
  await expect(conversation.getByTestId('message')).toHaveCount(PAYLOADS.length, { timeout: 20_000 });
  await expectNothingRan(page, 'customer conversation');
  await page.keyboard.press('Escape');
});

test('204 payloads in articles run nothing in the customer\'s article dialogs', async () => {
  test.setTimeout(420_000);
  const { page } = customerPage;
  if (!page.url().endsWith('/support')) await page.goto('/support');
  await page.getByRole('tab', { name: 'Knowledge Base' }).click();
  await expect(page.getByRole('button', { name: `Read More: ${probeTitle(PAYLOADS.length)}` })).toBeVisible({ timeout: 30_000 });
  await expectNothingRan(page, 'customer article list');
  for (const payload of PAYLOADS) {
    await page.getByRole('button', { name: `Read More: ${probeTitle(payload.id)}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: probeTitle(payload.id), exact: true });
    await expect(dialog.getByTestId('article-content')).toContainText(`Probe ${payload.id}.`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  await expectNothingRan(page, 'customer article dialogs');
});

test('the whole corpus runs nothing on the public article page, signed out', async ({ browser }) => {
  const visitor = await hookedPage(browser);
  await visitor.page.goto(`/support/articles/${articles.at(-1)!.id}`);
  await expect(visitor.page.getByRole('heading', { level: 1, name: OMNIBUS })).toBeVisible({ timeout: 20_000 });
  await expectNothingRan(visitor.page, 'public article page');
  await visitor.context.close();
});

test('204 payloads run nothing on the staff dashboard: tickets, internal notes, articles and the editor preview', async () => {
  const desk = staffPage.page;
  await desk.goto('/support/dashboard');
  await expect(desk.locator(`[data-ticket-id="${thread.id}"]`)).toBeVisible({ timeout: 30_000 });
  await expect(desk.locator(`[data-ticket-id="${tickets.at(-1)!.id}"]`)).toBeVisible();
  await expectNothingRan(desk, 'staff ticket list');
  await desk.locator(`[data-ticket-id="${thread.id}"]`).getByRole('button', { name: `Manage ticket ${THREAD}` }).click();
  const managed = desk.getByRole('dialog', { name: THREAD });
  await expect(managed.getByTestId('internal-note')).toHaveCount(PAYLOADS.length, { timeout: 20_000 });
  await expect(managed.getByTestId('message')).toHaveCount(PAYLOADS.length);
  await expectNothingRan(desk, 'staff conversation with internal notes');
  await desk.keyboard.press('Escape');

  await desk.getByRole('tab', { name: 'Knowledge Base' }).click();
  const omnibus = desk.locator(`[data-article-id="${articles.at(-1)!.id}"]`);
  await expect(omnibus).toBeVisible({ timeout: 30_000 });
  await expectNothingRan(desk, 'staff article list');
  await omnibus.getByRole('button', { name: `Edit ${OMNIBUS}` }).click();
  const editor = desk.getByRole('dialog', { name: 'Edit Article' });
  await editor.getByRole('tab', { name: 'Preview' }).click();
  await expect(editor.getByTestId('article-preview')).toContainText('click');
  await expectNothingRan(desk, 'staff editor preview');
});
