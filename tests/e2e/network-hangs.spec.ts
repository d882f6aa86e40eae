import { expect, request, test, type Page, type Request, type Route } from './support/test.ts';
import { LOCAL_ANON_KEY } from '../../src/lib/env.ts';
import { createUser, DEMO, sessionOf, signInAs } from './support/auth.ts';
import { appOrigin } from './support/paths.ts';
import { visitUntilControlled } from './support/service-worker.ts';

// Requests that never answer, in the built app with its service worker, against the local stack.
// The app gives every request 15 s (REQUEST_DEADLINE_MS) and retries 5 s later, so each test waits
// out one deadline, once. Routes are set on the context: they see requests the service worker
// forwards too.

type Row = Record<string, unknown>;
const DEADLINE_MS = 15_000;
const BACKOFF_MS = 5_000;

async function rest(method: 'GET' | 'POST', path: string, token: string, data?: unknown): Promise<Row[]> {
  const api = await request.newContext({ baseURL: appOrigin() });
  const response = await api.fetch(path, { method, headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${token}`, prefer: 'return=representation' }, data });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  const body = (await response.json()) as Row[];
  await api.dispose();
  return body;
}

/** A new customer with one open ticket, created on the server, signed in on this page. */
async function customerWithTicket(page: Page, subject: string) {
  const user = await createUser('Hana');
  const { session } = await signInAs(page, user.email, user.password);
  const [category] = await rest('GET', '/rest/v1/support_categories?is_active=eq.true&select=id&limit=1', session.access_token);
  const [ticket] = await rest('POST', '/rest/v1/support_tickets', session.access_token, { user_id: user.id, subject, description: 'The door stops half way.', category_id: category!.id });
  return { ...user, token: session.access_token, ticketId: String(ticket!.id) };
}

/** Row writes the device still holds (the sync database the app keeps in IndexedDB). */
const pendingWrites = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('garage-sync');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('pending').objectStore('pending').count();
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
        };
      }),
  );

const isMessages = (url: URL) => url.pathname === '/rest/v1/support_messages';
const isPull = (request: Request, table: string) => request.method() === 'GET' && new URL(request.url()).pathname === `/rest/v1/${table}` && request.url().includes('order=_modified');

test('a message whose POST never gets an answer, and a later one, reach the server once each after the deadline, without a reload', async ({ page }) => {
  test.setTimeout(DEADLINE_MS + BACKOFF_MS + 60_000);
  const subject = 'Hung message';
  const customer = await customerWithTicket(page, subject);
  await visitUntilControlled(page, '/support');
  // The first message's POST reaches the server, which stores it; its answer never comes back.
  let hung = 0;
  await page.context().route(isMessages, async (route: Route) => {
    if (route.request().method() !== 'POST' || hung++ > 0) return route.fallback();
    await route.fetch();
  });

  await page.getByTestId('ticket-card').filter({ hasText: subject }).getByRole('button', { name: 'View Details' }).click();
  const detail = page.getByRole('dialog', { name: subject });
  const box = detail.getByPlaceholder('Type your message...');
  const started = Date.now();
  await box.fill('First, its answer hangs');
  await detail.getByRole('button', { name: 'Send Message' }).click();
  await expect.poll(() => hung).toBe(1);
  await box.fill('Second, written after it');
  await detail.getByRole('button', { name: 'Send Message' }).click();

  const onServer = () => rest('GET', `/rest/v1/support_messages?ticket_id=eq.${customer.ticketId}&select=message&order=created_at`, customer.token);
  await expect.poll(onServer, { timeout: DEADLINE_MS + BACKOFF_MS + 15_000, intervals: [500] }).toEqual([{ message: 'First, its answer hangs' }, { message: 'Second, written after it' }]);
  console.info(`[network-hangs] hung POST: both messages on the server ${Date.now() - started} ms after the first was sent`);
  // Once the device holds nothing more to send, no late retry can add a copy.
  await expect.poll(() => pendingWrites(page), { timeout: 10_000 }).toBe(0);
  expect(await onServer()).toHaveLength(2);
});

test('a pull that never answers: the server change arrives; "Sync now" is usable and starts a new attempt at once; a slow connection still delivers', async ({ page }) => {
  test.setTimeout(DEADLINE_MS + BACKOFF_MS + 75_000);
  const subject = 'Hung pull';
  const customer = await customerWithTicket(page, subject);
  await visitUntilControlled(page, '/sync');
  // From the next load on, the first pull of the ticket messages never gets an answer.
  let hung = 0;
  await page.context().route(isMessages, async (route: Route) => {
    if (!isPull(route.request(), 'support_messages') || hung++ > 0) return route.fallback();
  });
  await page.reload();
  await expect.poll(() => hung).toBe(1);
  const hungAt = Date.now();
  const support = await sessionOf(DEMO.support);
  await rest('POST', '/rest/v1/support_messages', support.session.access_token, { ticket_id: customer.ticketId, user_id: support.session.user.id, message: 'Staff reply during the hang' });

  // Stuck before: "Sync now" stayed disabled with its spinner for as long as the pull hung. Now
  // it is usable by the deadline at the latest; clicked once the pull has hung past what an
  // answer normally takes (2 s), it starts a new pull at once, not after the backoff.
  const syncNow = page.getByRole('button', { name: 'Sync now' });
  await expect(syncNow).toBeEnabled({ timeout: DEADLINE_MS + 10_000 });
  await expect.poll(() => Date.now() - hungAt).toBeGreaterThan(2_500);
  const pulled = page.waitForResponse((response) => isPull(response.request(), 'support_messages') && response.ok(), { timeout: BACKOFF_MS - 1_000 });
  const clicked = Date.now();
  await syncNow.click();
  const body = await (await pulled).text();
  console.info(`[network-hangs] hung pull: Sync now clicked ${clicked - hungAt} ms after the hang began; a new pull answered ${Date.now() - clicked} ms after the click`);
  expect(body).toContain('Staff reply during the hang');
  await expect(syncNow).toBeEnabled();

  // The reply is on the device; then a message sent on a slow connection reaches the server once.
  await page.goto('/support');
  await page.getByTestId('ticket-card').filter({ hasText: subject }).getByRole('button', { name: 'View Details' }).click();
  const detail = page.getByRole('dialog', { name: subject });
  await expect(detail.getByTestId('message').filter({ hasText: 'Staff reply during the hang' })).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 800, downloadThroughput: 20 * 1024, uploadThroughput: 10 * 1024 });
  await detail.getByPlaceholder('Type your message...').fill('Sent on a slow connection');
  await detail.getByRole('button', { name: 'Send Message' }).click();
  const mine = () => rest('GET', `/rest/v1/support_messages?ticket_id=eq.${customer.ticketId}&user_id=eq.${customer.id}&select=message`, customer.token);
  await expect.poll(mine, { timeout: 30_000, intervals: [500] }).toEqual([{ message: 'Sent on a slow connection' }]);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
});
