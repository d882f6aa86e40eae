import { randomUUID } from 'node:crypto';
import { expect, request, test, type Browser, type Page } from './support/test.ts';
import { LOCAL_ANON_KEY } from '../../src/lib/env.ts';
import { DEFAULT_JWT_SECRET, demoKey } from '../../supabase/local/keys.ts';
import { DEMO, signInAs } from './support/auth.ts';
import { expectNoBlockingAxeViolations } from './support/axe.ts';
import { appOrigin } from './support/paths.ts';
import { visitUntilControlled } from './support/service-worker.ts';
import { XSS_HOOK, XSS_RESULT, xssPayloads } from './support/xss-payloads.ts';

// Content Management (/admin/cms) in the built app against the seeded local stack, and the public
// legal and solution pages it writes (CMS pages by slug: prerendered from the build's database,
// then replaced by the live published row after hydration).

const SERVICE = demoKey('service_role', DEFAULT_JWT_SECRET);
const RUN = randomUUID().slice(0, 8);
const PRIVACY_ID = '40000000-0000-4000-8000-000000000001';
const WORKSHOPS_ID = '40000000-0000-4000-8000-000000000006';

type Row = Record<string, unknown>;

// Exact field labels ('Title' is also in 'Meta Title', 'Content' in 'Content Type'); required ones end in ' *'.
const TITLE = /^Title( \*)?$/;
const CONTENT = /^Content( \*)?$/;

/** /rest/v1 as a user (their token) or the service role; returns the status and the rows. */
async function rest(token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, data?: unknown): Promise<{ status: number; rows: Row[] }> {
  const api = await request.newContext({ baseURL: appOrigin() });
  const response = await api.fetch(`/rest/v1/${path}`, {
    method,
    headers: { apikey: token === SERVICE ? SERVICE : LOCAL_ANON_KEY, authorization: `Bearer ${token}`, prefer: 'return=representation' },
    ...(data === undefined ? {} : { data }),
  });
  const text = await response.text();
  const result = { status: response.status(), rows: (text ? JSON.parse(text) : []) as Row[] };
  await api.dispose();
  return result;
}

const rowsOf = async (token: string, path: string) => {
  const { status, rows } = await rest(token, 'GET', path);
  expect(status).toBe(200);
  return rows;
};

const toast = (page: Page, title: string, message: string) => page.locator('.mantine-Notification-root').filter({ hasText: title }).filter({ hasText: message });

/** Closes every toast, so the next expected one cannot be confused with an earlier one still shown. */
async function dismissToasts(page: Page) {
  // Always the first one left: a toast closing by itself re-numbers the rest, and a click on a
  // position that no longer exists would wait for the test's whole timeout.
  const toasts = page.locator('.mantine-Notification-root');
  await expect(async () => {
    const close = toasts.first().locator('.mantine-Notification-closeButton');
    if ((await close.count()) > 0) await close.click({ timeout: 1_000 }).catch(() => undefined);
    await expect(toasts).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}
const row = (page: Page, title: string) => page.getByTestId('content-row').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function openCms(page: Page, who: keyof typeof DEMO): Promise<string> {
  const { session } = await signInAs(page, DEMO[who]);
  await page.goto('/admin/cms');
  await expect(page.getByRole('heading', { level: 1, name: 'Content Management' })).toBeVisible({ timeout: 30_000 });
  return session.access_token;
}

async function chooseStatus(page: Page, title: string, status: string) {
  await row(page, title).getByRole('combobox', { name: `Status of ${title}` }).click();
  await page.getByRole('option', { name: status, exact: true }).click();
}

test('admin: stat cards and library as stored; Create Content with the slug rule, preview and nulls; status, view, edit, delete and every toast', async ({ page }) => {
  test.setTimeout(300_000);
  const token = await openCms(page, 'admin');
  const stored = await rowsOf(token, 'cms_content?select=id,status');
  const count = (status: string) => String(stored.filter((r) => r.status === status).length);
  await expect(page.getByTestId('stat-total-value')).toHaveText(String(stored.length));
  await expect(page.getByTestId('stat-published-value')).toHaveText(count('published'));
  await expect(page.getByTestId('stat-drafts-value')).toHaveText(count('draft'));
  await expect(page.getByTestId('stat-archived-value')).toHaveText(count('archived'));
  await expect(page.getByTestId('content-row')).toHaveCount(stored.length);
  await expect(row(page, 'Privacy Policy')).toContainText('/privacy');
  await expect(page.getByTestId('data-age')).toBeVisible();
  await expectNoBlockingAxeViolations(page, 'Content Management as admin');

  // Create: the slug follows the title; Markdown previews live; tags split; empty fields → null.
  await page.getByRole('button', { name: 'Create Content' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Content' });
  const title = `E2E Launch Notes ${RUN}`;
  await dialog.getByLabel(TITLE).fill('Hello  World!!');
  await expect(dialog.getByLabel('Slug')).toHaveValue('hello-world');
  await dialog.getByLabel(TITLE).fill(title);
  await expect(dialog.getByLabel('Slug')).toHaveValue(`e2e-launch-notes-${RUN}`);
  await expect(dialog.getByText('160 characters max (0 typed)')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Content Type' }).click();
  await page.getByRole('option', { name: 'Blog Post', exact: true }).click();
  await expect(dialog.getByText('Nothing to preview yet.')).toBeVisible();
  await dialog.getByLabel(CONTENT).fill(`## What is new ${RUN}\n\n- **Faster** codes\n- Fewer taps`);
  const preview = dialog.getByTestId('content-preview');
  await expect(preview.getByRole('heading', { level: 2, name: `What is new ${RUN}` })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('Faster');
  await dialog.getByLabel('Tags').fill(' news ,  e2e ,, news');
  await dialog.getByLabel('Meta Description').fill('Short.');
  await expect(dialog.getByText('160 characters max (6 typed)')).toBeVisible();
  await expectNoBlockingAxeViolations(page, 'Create Content dialog', '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Create Content' }).click();
  await expect(toast(page, 'Success', 'Content created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, title)).toBeVisible();
  await expect(page.getByTestId('stat-total-value')).toHaveText(String(stored.length + 1));
  const [created] = await rowsOf(token, `cms_content?slug=eq.e2e-launch-notes-${RUN}&select=*`);
  expect(created).toMatchObject({
    title, content_type: 'blog_post', status: 'draft', published_at: null, tags: ['news', 'e2e'],
    excerpt: null, featured_image_url: null, meta_title: null, meta_description: 'Short.',
  });
  const id = created!.id as string;

  // The same slug again: refused, the dialog stays open with what was typed.
  await page.getByRole('button', { name: 'Create Content' }).click();
  await dialog.getByLabel(TITLE).fill(title);
  await dialog.getByLabel(CONTENT).fill('Duplicate');
  await dialog.getByRole('button', { name: 'Create Content' }).click();
  await expect(toast(page, 'Error', 'Failed to create content')).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(CONTENT)).toHaveValue('Duplicate');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Status: published sets published_at; archiving keeps it.
  await chooseStatus(page, title, 'Published');
  await expect(toast(page, 'Success', 'Content updated successfully')).toBeVisible();
  await expect.poll(async () => (await rowsOf(token, `cms_content?id=eq.${id}&select=status,published_at`))[0]).toMatchObject({ status: 'published' });
  const [published] = await rowsOf(token, `cms_content?id=eq.${id}&select=published_at`);
  expect(published!.published_at).not.toBeNull();
  await chooseStatus(page, title, 'Archived');
  await expect.poll(async () => (await rowsOf(token, `cms_content?id=eq.${id}&select=status`))[0]!.status).toBe('archived');
  expect((await rowsOf(token, `cms_content?id=eq.${id}&select=published_at`))[0]!.published_at).toBe(published!.published_at);

  // View: the rendered Markdown and the details.
  await row(page, title).getByRole('button', { name: `View ${title}` }).click();
  const view = page.getByRole('dialog', { name: title });
  await expect(view.getByTestId('content-view-body').getByRole('heading', { level: 2, name: `What is new ${RUN}` })).toBeVisible();
  await expect(view).toContainText(`/e2e-launch-notes-${RUN}`);
  await expect(view).toContainText('news');
  await expectNoBlockingAxeViolations(page, 'View content dialog', '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(view).toBeHidden();

  // Edit: the form holds the item; renaming moves a slug that followed the title.
  await row(page, title).getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Content' });
  await expect(edit.getByLabel(TITLE)).toHaveValue(title);
  await expect(edit.getByLabel('Tags')).toHaveValue('news, e2e');
  const renamed = `${title} Updated`;
  await edit.getByLabel(TITLE).fill(renamed);
  await expect(edit.getByLabel('Slug')).toHaveValue(`e2e-launch-notes-${RUN}-updated`);
  await edit.getByLabel('Excerpt').fill('A short summary');
  await expectNoBlockingAxeViolations(page, 'Edit Content dialog', '[role="dialog"]');
  await dismissToasts(page);
  await edit.getByRole('button', { name: 'Update Content' }).click();
  await expect(toast(page, 'Success', 'Content updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(row(page, renamed)).toContainText('A short summary');
  expect((await rowsOf(token, `cms_content?id=eq.${id}&select=slug,excerpt`))[0]).toEqual({ slug: `e2e-launch-notes-${RUN}-updated`, excerpt: 'A short summary' });

  // Failures: the server cannot be reached for a change or a delete.
  await page.route('**/rest/v1/cms_content?**', (route) => (['PATCH', 'DELETE'].includes(route.request().method()) ? route.abort() : route.fallback()));
  await chooseStatus(page, renamed, 'Draft');
  await expect(toast(page, 'Error', 'Failed to update content')).toBeVisible();
  await row(page, renamed).getByRole('button', { name: `Edit ${renamed}` }).click();
  await edit.getByLabel('Excerpt').fill('Lost');
  await edit.getByRole('button', { name: 'Update Content' }).click();
  await expect(toast(page, 'Error', 'Failed to update content').last()).toBeVisible();
  await expect(edit).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await row(page, renamed).getByRole('button', { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Content' });
  await expect(confirm).toContainText(`Are you sure you want to delete "${renamed}"?`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Error', 'Failed to delete content')).toBeVisible();
  await expect(confirm).toBeVisible();
  await page.unroute('**/rest/v1/cms_content?**');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Success', 'Content deleted successfully')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(row(page, renamed)).toHaveCount(0);
  await expect(page.getByTestId('stat-total-value')).toHaveText(String(stored.length));
  expect(await rowsOf(token, `cms_content?id=eq.${id}&select=id`)).toEqual([]);
});

async function freshAdminPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, DEMO.admin);
  return { context, page };
}

test("admin: a failed read says 'Failed to fetch CMS content' with Retry; an empty library has its empty state", async ({ browser }) => {
  test.setTimeout(150_000);
  // Fresh contexts: no saved answer on the device.
  const failing = await freshAdminPage(browser);
  await failing.page.route('**/rest/v1/cms_content?**', (route) => route.abort());
  await failing.page.goto('/admin/cms');
  await expect(toast(failing.page, 'Error', 'Failed to fetch CMS content')).toBeVisible({ timeout: 30_000 });
  await expect(failing.page.getByRole('alert', { name: 'Failed to fetch CMS content' })).toBeVisible();
  await failing.page.unroute('**/rest/v1/cms_content?**');
  await failing.page.getByRole('button', { name: 'Retry' }).click();
  await expect(failing.page.getByTestId('content-row').first()).toBeVisible();
  await failing.context.close();

  const empty = await freshAdminPage(browser);
  await empty.page.route('**/rest/v1/cms_content?**', (route) => (route.request().method() === 'GET' ? route.fulfill({ json: [] }) : route.fallback()));
  await empty.page.goto('/admin/cms');
  await expect(empty.page.getByRole('heading', { name: 'No Content Found' })).toBeVisible({ timeout: 30_000 });
  await expect(empty.page.getByTestId('stat-total-value')).toHaveText('0');
  await expectNoBlockingAxeViolations(empty.page, 'Content Management, empty');
  await empty.page.getByRole('button', { name: 'Create Your First Content' }).click();
  await expect(empty.page.getByRole('dialog', { name: 'Create Content' })).toBeVisible();
  await empty.context.close();
});

test('support: opens Content, creates and edits, sees no Delete, and the database refuses their delete', async ({ page }) => {
  test.setTimeout(180_000);
  const token = await openCms(page, 'support');
  await expect(page.getByRole('banner').getByRole('heading', { name: 'Support Dashboard' })).toBeVisible();
  await expect(page.getByTestId('access-denied')).toHaveCount(0);
  await expect(page.getByTestId('content-row').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await expectNoBlockingAxeViolations(page, 'Content Management as support');

  const title = `Support Draft ${RUN}`;
  await page.getByRole('button', { name: 'Create Content' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Content' });
  await dialog.getByLabel(TITLE).fill(title);
  await dialog.getByLabel(CONTENT).fill('Written by support.');
  await dialog.getByRole('button', { name: 'Create Content' }).click();
  await expect(toast(page, 'Success', 'Content created successfully')).toBeVisible();
  await chooseStatus(page, title, 'Published');
  await expect(toast(page, 'Success', 'Content updated successfully')).toBeVisible();
  await expect(row(page, title).getByRole('button', { name: `Delete ${title}` })).toHaveCount(0);

  const [created] = await rowsOf(token, `cms_content?slug=eq.support-draft-${RUN}&select=id,status`);
  expect(created!.status).toBe('published');
  // RLS: support's delete removes nothing; the admin's removes the row.
  const refused = await rest(token, 'DELETE', `cms_content?id=eq.${created!.id}`);
  expect(refused.rows).toEqual([]);
  expect(await rowsOf(token, `cms_content?id=eq.${created!.id}&select=id`)).toHaveLength(1);
  expect((await rest(SERVICE, 'DELETE', `cms_content?id=eq.${created!.id}`)).rows).toHaveLength(1);
});

test('a customer is sent to their dashboard from Content Management', async ({ page }) => {
  await signInAs(page, DEMO.customer);
  await page.goto('/admin/cms');
  await expect(page).toHaveURL('/dashboard');
});

test('a CMS edit of /privacy reaches the public page; unpublished, the page is not found', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const [original] = await rowsOf(SERVICE, `cms_content?id=eq.${PRIVACY_ID}&select=content,status`);
  const added = `Edited in the CMS ${RUN}.`;
  try {
    await openCms(page, 'admin');
    await row(page, 'Privacy Policy').getByRole('button', { name: 'Edit Privacy Policy' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Content' });
    await expect(edit.getByLabel('Slug')).toHaveValue('privacy');
    await edit.getByLabel(CONTENT).fill(`${original!.content as string}\n\n## Latest change\n\n${added}`);
    await expect(edit.getByTestId('content-preview')).toContainText(added);
    await edit.getByRole('button', { name: 'Update Content' }).click();
    await expect(toast(page, 'Success', 'Content updated successfully')).toBeVisible();

    // A visitor: the prerendered page, then the live version; after a reload too.
    const visitor = await browser.newContext();
    const reader = await visitor.newPage();
    await reader.goto('/privacy');
    await expect(reader.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(reader.getByTestId('cms-page-content')).toContainText(added, { timeout: 20_000 });
    await expect(reader.getByRole('heading', { level: 2, name: 'Latest change' })).toBeVisible();
    await reader.reload();
    await expect(reader.getByTestId('cms-page-content')).toContainText(added, { timeout: 20_000 });

    // Unpublished: the live answer has no page, the prerendered copy gives way to "not found".
    await rest(SERVICE, 'PATCH', `cms_content?id=eq.${PRIVACY_ID}`, { status: 'draft' });
    await reader.reload();
    await expect(reader.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible({ timeout: 20_000 });
    await expect(reader.getByTestId('cms-page-content')).toHaveCount(0);
    await visitor.close();
  } finally {
    await rest(SERVICE, 'PATCH', `cms_content?id=eq.${PRIVACY_ID}`, { content: original!.content, status: original!.status });
  }
});

test('the XSS corpus stored as CMS content runs nothing on the public page, in the view and in the preview', async ({ browser }) => {
  test.setTimeout(180_000);
  const corpus = xssPayloads().map((p) => p.text).join('\n\n');
  const [original] = await rowsOf(SERVICE, `cms_content?id=eq.${WORKSHOPS_ID}&select=content`);
  const expectNothingRan = async (page: Page, where: string) => {
    await page.waitForTimeout(300);
    expect(await page.evaluate(XSS_RESULT), where).toEqual({ runs: [], violations: [], injected: 0, handlers: 0, scriptUrls: 0 });
  };
  try {
    expect((await rest(SERVICE, 'PATCH', `cms_content?id=eq.${WORKSHOPS_ID}`, { content: `${corpus}\n\n## Corpus end ${RUN}` })).status).toBe(200);

    const visitor = await browser.newContext();
    await visitor.addInitScript(XSS_HOOK);
    const reader = await visitor.newPage();
    await reader.goto('/solutions/workshops');
    await expect(reader.getByRole('heading', { level: 2, name: `Corpus end ${RUN}` })).toBeVisible({ timeout: 20_000 });
    await expectNothingRan(reader, 'public CMS page');
    await visitor.close();

    const staff = await browser.newContext();
    await staff.addInitScript(XSS_HOOK);
    const desk = await staff.newPage();
    await openCms(desk, 'admin');
    await row(desk, 'GarageGuard for Workshops').getByRole('button', { name: 'View GarageGuard for Workshops' }).click();
    await expect(desk.getByTestId('content-view-body').getByRole('heading', { name: `Corpus end ${RUN}` })).toBeVisible();
    await expectNothingRan(desk, 'admin view dialog');
    await desk.keyboard.press('Escape');
    await row(desk, 'GarageGuard for Workshops').getByRole('button', { name: 'Edit GarageGuard for Workshops' }).click();
    await expect(desk.getByTestId('content-preview').getByRole('heading', { name: `Corpus end ${RUN}` })).toBeVisible();
    await expectNothingRan(desk, 'admin editor preview');
    await staff.close();
  } finally {
    await rest(SERVICE, 'PATCH', `cms_content?id=eq.${WORKSHOPS_ID}`, { content: original!.content });
  }
});

test('offline, Content Management opens with its last answer and its age, and a public CMS page with its last live version', async ({ page, context }) => {
  test.setTimeout(180_000);
  const [original] = await rowsOf(SERVICE, `cms_content?id=eq.${PRIVACY_ID}&select=content`);
  const marker = `Kept for offline reading ${RUN}.`;
  try {
    await rest(SERVICE, 'PATCH', `cms_content?id=eq.${PRIVACY_ID}`, { content: `${original!.content as string}\n\n${marker}` });
    await signInAs(page, DEMO.admin);
    await visitUntilControlled(page, '/admin/cms');
    await expect(row(page, 'Privacy Policy')).toBeVisible({ timeout: 30_000 });
    const total = await page.getByTestId('stat-total-value').textContent();
    // The page's live read, answered by the network and kept by the service worker.
    await page.goto('/privacy');
    await expect(page.getByTestId('cms-page-content')).toContainText(marker, { timeout: 20_000 });
    await expect.poll(() => page.evaluate(async () => (await (await caches.open('gg-cms-pages-v1')).keys()).length)).toBeGreaterThan(0);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByTestId('cms-page-content')).toContainText(marker, { timeout: 20_000 });
    await page.goto('/admin/cms');
    await expect(page.getByTestId('stat-total-value')).toHaveText(total!, { timeout: 30_000 });
    await expect(row(page, 'Privacy Policy')).toBeVisible();
    await expect(page.getByTestId('data-age')).toContainText('Offline — showing saved data');
  } finally {
    await context.setOffline(false);
    await rest(SERVICE, 'PATCH', `cms_content?id=eq.${PRIVACY_ID}`, { content: original!.content });
  }
});
