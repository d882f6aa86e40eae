import { randomUUID } from 'node:crypto';
import { expect, request, test, type Page } from './support/test.ts';
import { DEFAULT_JWT_SECRET, demoKey } from '../../supabase/local/keys.ts';
import { appOrigin } from './support/paths.ts';
import { controllerScript, visitUntilControlled } from './support/service-worker.ts';

// The footer's Subscribe through the device outbox in the built app: accepted offline, stored
// once when the connection returns; and with two tabs open, each queued call is sent by one tab
// only (Web Locks), not once per tab.

const SUBSCRIBE_RPC = '/rest/v1/rpc/subscribe_newsletter';

/** The subscriptions stored for an address (service-role REST: the public cannot read them). */
async function subscriptionsOf(email: string): Promise<Array<{ email: string; source: string }>> {
  const serviceKey = demoKey('service_role', DEFAULT_JWT_SECRET);
  const api = await request.newContext({ baseURL: appOrigin() });
  const response = await api.get(`/rest/v1/newsletter_subscriptions?email=eq.${encodeURIComponent(email)}&select=email,source`, {
    headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` },
  });
  const rows = await response.json();
  await api.dispose();
  return rows;
}

/**
 * Waits until the page has loaded what it loads lazily (the footer among them), so that going
 * offline next cuts only the server calls. A device that never queued anything has not started
 * the outbox: neither its code nor its database is loaded until the first call is queued.
 */
async function pageSettled(page: Page) {
  await expect(page.getByTestId('site-footer').getByLabel('Email address')).toBeVisible();
  await page.waitForLoadState('networkidle');
}

const outboxLoaded = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource').some((r) => /\/assets\/outbox-[^/]*\.js$/.test(r.name)));
const syncDatabaseExists = (page: Page) => page.evaluate(async () => (await indexedDB.databases()).some((db) => db.name === 'garage-sync'));

/** The outbox entries stored on the device. */
const outboxEntries = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Array<{ state: string; args: { email: string } }>>((resolve, reject) => {
        const open = indexedDB.open('garage-sync');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => {
            open.result.close();
            resolve(all.result);
          };
        };
      }),
  );

async function subscribeInFooter(page: Page, email: string) {
  const footer = page.getByTestId('site-footer');
  await footer.getByLabel('Email address').fill(email);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText(`Thanks! GarageGuard news will go to ${email}.`)).toBeVisible();
}

test('footer Subscribe offline is accepted, kept over a reload, then stored once when back online', async ({ page, context }) => {
  const email = `outbox-${randomUUID().slice(0, 8)}@example.com`;
  const answered: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith(SUBSCRIBE_RPC)) answered.push(response.status());
  });
  // As an installed app is used: the service worker serves the app's code offline.
  await visitUntilControlled(page, '/privacy');
  await pageSettled(page);
  expect(await outboxLoaded(page)).toBe(false);
  expect(await syncDatabaseExists(page)).toBe(false);

  await context.setOffline(true);
  await subscribeInFooter(page, email);
  await expect.poll(async () => (await outboxEntries(page)).map((e) => [e.state, e.args.email])).toEqual([['pending', email]]);
  expect(await subscriptionsOf(email)).toEqual([]);

  // The next visit finds the queue and starts the outbox without anything queued in it.
  await page.reload();
  await expect(page.getByTestId('site-footer').getByLabel('Email address')).toBeVisible();
  await expect.poll(() => outboxLoaded(page)).toBe(true);

  await context.setOffline(false);
  await expect.poll(() => outboxEntries(page)).toEqual([]);
  expect(await subscriptionsOf(email)).toEqual([{ email, source: 'footer' }]);
  expect(answered).toEqual([200]);
});

test('two open tabs: each queued subscription is sent by one tab, once', async ({ context }) => {
  const [tabA, tabB] = [await context.newPage(), await context.newPage()];
  const sent: string[] = [];
  context.on('response', (response) => {
    if (response.url().endsWith(SUBSCRIBE_RPC)) sent.push(JSON.parse(response.request().postData() ?? '{}').p_email);
  });
  // Controlled by the service worker, so the outbox's code loads offline on the first Subscribe.
  await visitUntilControlled(tabA, '/privacy');
  await tabB.goto('/terms');
  await expect.poll(() => controllerScript(tabB)).toMatch(/\/sw\.js$/);
  await pageSettled(tabA);
  await pageSettled(tabB);

  await context.setOffline(true);
  const emails = [0, 1, 2].map((i) => `tabs-${i}-${randomUUID().slice(0, 8)}@example.com`);
  await subscribeInFooter(tabA, emails[0]!);
  await subscribeInFooter(tabB, emails[1]!);
  await subscribeInFooter(tabA, emails[2]!);
  await expect.poll(async () => (await outboxEntries(tabA)).length).toBe(3);

  // Both tabs see `online` and start delivering at the same moment.
  await context.setOffline(false);
  await expect.poll(() => outboxEntries(tabB)).toEqual([]);
  for (const email of emails) expect(await subscriptionsOf(email)).toEqual([{ email, source: 'footer' }]);
  expect(sent.sort()).toEqual([...emails].sort());
});

test('a queue left by a tab that closed is sent by another open tab when the connection returns', async ({ context }) => {
  const [tabA, tabB] = [await context.newPage(), await context.newPage()];
  await visitUntilControlled(tabA, '/privacy');
  await tabB.goto('/terms');
  await expect.poll(() => controllerScript(tabB)).toMatch(/\/sw\.js$/);
  await pageSettled(tabA);
  await pageSettled(tabB);
  // Nothing queued on this device yet: tab B has not started the outbox.
  expect(await outboxLoaded(tabB)).toBe(false);

  await context.setOffline(true);
  const email = `left-${randomUUID().slice(0, 8)}@example.com`;
  await subscribeInFooter(tabA, email);
  await expect.poll(async () => (await outboxEntries(tabA)).length).toBe(1);
  await tabA.close();

  await context.setOffline(false);
  await expect.poll(() => outboxEntries(tabB)).toEqual([]);
  expect(await subscriptionsOf(email)).toEqual([{ email, source: 'footer' }]);
});

test('a Subscribe whose answer never comes is sent again after the deadline and stored once', async ({ page }) => {
  test.setTimeout(90_000);
  const email = `outbox-${randomUUID().slice(0, 8)}@example.com`;
  let calls = 0;
  await page.route(`**${SUBSCRIBE_RPC}`, async (route) => {
    calls += 1;
    // The first call reaches the server and is applied, but its answer is lost on the way back:
    // the connection hangs without failing, as on poor signal.
    if (calls === 1) return void (await route.fetch());
    await route.continue();
  });
  await page.goto('/privacy');
  await pageSettled(page);
  await subscribeInFooter(page, email);
  await expect.poll(() => subscriptionsOf(email)).toEqual([{ email, source: 'footer' }]);
  // The call's deadline ends the wait; the retry (same idempotency key) settles the entry, once.
  await expect.poll(() => outboxEntries(page), { timeout: 45_000 }).toEqual([]);
  expect(calls).toBe(2);
  expect(await subscriptionsOf(email)).toEqual([{ email, source: 'footer' }]);
});
