import { expect, request, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import fc from 'fast-check';
import { DEFAULT_JWT_SECRET, demoKey } from '../../supabase/local/keys.ts';
import { cartItemId } from '../../src/db/collections/cart-items.ts';
import { createUser, signInAs } from './support/auth.ts';
import { hydrated } from './support/hydration.ts';
import { appOrigin } from './support/paths.ts';
import { visitUntilControlled } from './support/service-worker.ts';
import { notePage, pageState, watchPage } from './support/page-state.ts';

// The durability property in the browser: random histories of 2–3 tabs (each its own browser
// context, as separate devices) of one customer changing their cart through the shop's screens,
// while the connection drops (context.setOffline), tabs reload or close straight after a write
// (mid-push) and the tabs race each other. After each history every tab shows the server's cart,
// no write is pending or failed, no addition was counted twice, and no acknowledged write was lost
// (unless the tab recorded that the server replaced it). The Node harness (tests/integration/db/
// durability.test.ts) runs the same property over a thousand histories; this runs the real app.
//
// Each run draws CHROMIUM_DURABILITY_RUNS (default 6) histories from a new seed
// (CHROMIUM_DURABILITY_SEED, drawn in playwright.config.ts; printed with every failure and as each
// test's annotation, and set it to replay a run), then runs every recorded history below: histories
// that once failed. More histories: `CHROMIUM_DURABILITY_RUNS=20 npm run test:e2e:durability`.
// DURABILITY_TRACE=1 prints each history's trace with the time of each step.

const RUNS = Number(process.env.CHROMIUM_DURABILITY_RUNS ?? 6);
const SEED = Number(process.env.CHROMIUM_DURABILITY_SEED ?? 1);

const PRODUCTS = { 2: 'Indoor Unit Standalone', 3: 'Solar Panel Kit', 4: 'Backup Battery Pack' } as const;
type ProductId = keyof typeof PRODUCTS;
const productArb = fc.constantFrom(2, 3, 4) as fc.Arbitrary<ProductId>;
const tabArb = fc.nat({ max: 2 });

type Command =
  | { kind: 'add'; tab: number; product: ProductId; quantity: number }
  /** On the line at `pick` (modulo the lines the tab shows); nothing when its cart is empty. */
  | { kind: 'increase' | 'remove'; tab: number; pick: number }
  | { kind: 'offline' | 'online' | 'reload' | 'closeTab'; tab: number }
  | { kind: 'wait'; ms: number };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('add' as const), tab: tabArb, product: productArb, quantity: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('increase' as const), tab: tabArb, pick: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), tab: tabArb, pick: fc.nat(2) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('offline' as const, 'online' as const), tab: tabArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('reload' as const, 'closeTab' as const), tab: tabArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.constantFrom(0, 300, 1000) }) },
);
const historyArb = fc.record({ tabs: fc.integer({ min: 2, max: 3 }), commands: fc.array(commandArb, { minLength: 4, maxLength: 10 }) });

/** What a tab acknowledged: the line showed `quantity` after its write (or was removed). */
interface Write {
  step: number;
  tab: number;
  product: ProductId;
  /** How many this write added (the server's quantity can never exceed the sum). */
  added: number;
  /** The quantity the tab showed afterwards; undefined when it could not be seen (the line left). */
  quantity?: number;
  removed?: boolean;
}

interface Tab {
  context: BrowserContext;
  page: Page;
  offline: boolean;
}

type Cart = Partial<Record<ProductId, number>>;

const serviceKey = demoKey('service_role', DEFAULT_JWT_SECRET);

/** The user's cart rows as the server holds them, deleted ones too (service role: no RLS). */
async function serverRows(userId: string): Promise<Array<{ product_id: ProductId; quantity: number; _deleted: boolean }>> {
  const api = await request.newContext({ baseURL: appOrigin() });
  const response = await api.get(`/rest/v1/cart_items?user_id=eq.${userId}&select=product_id,quantity,_deleted&order=product_id`, {
    headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  const rows = await response.json();
  await api.dispose();
  return rows;
}

const aliveCart = (rows: Awaited<ReturnType<typeof serverRows>>): Cart => Object.fromEntries(rows.filter((r) => !r._deleted).map((r) => [r.product_id, r.quantity]));

/** The cart page as the user reads it: product → quantity; null while it is still loading. */
function shownCart(page: Page): Promise<Cart | null> {
  return page
    .evaluate((products) => {
      const byName = Object.fromEntries(Object.entries(products).map(([id, name]) => [name, Number(id)]));
      const list = document.querySelector('[aria-label="Cart items"]');
      if (!list) return document.querySelector('h1')?.textContent === 'Your cart is empty' ? {} : null;
      const out: Record<number, number> = {};
      for (const line of list.querySelectorAll(':scope > li')) {
        out[byName[line.getAttribute('aria-label') ?? ''] ?? -1] = Number(line.querySelector('[data-testid="cart-line-quantity"]')?.textContent);
      }
      return out;
    }, PRODUCTS)
    .catch((error: Error) => {
      // The page is being replaced: the app reloads itself once when a chunk could not be fetched
      // (RouteError). Still loading, as a user would see it; the trace keeps a note of it.
      if (!/Execution context was destroyed|navigat/i.test(error.message)) throw error;
      notePage(page, `read during a navigation: ${page.url()}`);
      return null;
    });
}

async function openCart(page: Page): Promise<Cart> {
  if (!page.url().endsWith('/cart')) await page.goto('/cart');
  let cart: Cart | null = null;
  // Its own wait, longer than expect's default: a poll around this one cannot extend it.
  await expect.poll(async () => (cart = await shownCart(page)) !== null, { timeout: 30_000 }).toBe(true);
  return cart ?? {};
}

/** The cart documents this tab's device recorded as replaced by the server (sync center's list). */
function replacedOn(page: Page, userId: string): Promise<string[]> {
  return page.evaluate(async (id) => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'garage-sync')) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('garage-sync');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = await new Promise<Array<{ userId: string; docId: string }>>((resolve) => {
      const get = db.transaction('conflicts').objectStore('conflicts').getAll();
      get.onsuccess = () => resolve(get.result);
    });
    db.close();
    return all.filter((entry) => entry.userId === id).map((entry) => entry.docId);
  }, userId);
}

// The browser contexts (devices) stay open from one history to the next, each signing in as the
// next history's customer: installing the service worker (which lets the shop open offline)
// downloads the whole precache, the slowest part of a history by far. The previous customer's
// databases stay behind under their own names, as on a shared computer.
const devices: Tab[] = [];

async function device(browser: Browser, index: number, user: { email: string; password: string }): Promise<Tab> {
  let tab = devices[index];
  if (!tab) {
    const context = await browser.newContext();
    tab = { context, page: watchPage(await context.newPage()), offline: false };
    await visitUntilControlled(tab.page, '/');
    devices[index] = tab;
  }
  tab.offline = false;
  await tab.context.setOffline(false);
  await signInAs(tab.page, user.email, user.password);
  await tab.page.goto('/cart');
  return tab;
}

test.afterAll(async () => {
  for (const tab of devices.splice(0)) await tab.context.close();
});

/** Runs one command; returns the writes the tab acknowledged and a line for the trace. */
async function run(tabs: Tab[], step: number, command: Command): Promise<{ writes: Write[]; note: string }> {
  if (command.kind === 'wait') {
    await new Promise((r) => setTimeout(r, command.ms));
    return { writes: [], note: `wait ${command.ms}` };
  }
  const t = command.tab % tabs.length;
  const tab = tabs[t]!;
  const at = `tab ${t}${tab.offline ? ' (offline)' : ''}`;
  switch (command.kind) {
    case 'offline':
    case 'online':
      tab.offline = command.kind === 'offline';
      await tab.context.setOffline(tab.offline);
      return { writes: [], note: `${at} ${command.kind}` };
    case 'reload':
      await tab.page.reload();
      return { writes: [], note: `${at} reload` };
    case 'closeTab':
      // The tab goes away whatever it was doing; the device opens the shop again later.
      await tab.page.close();
      tab.page = watchPage(await tab.context.newPage());
      await tab.page.goto('/cart');
      return { writes: [], note: `${at} closed, reopened` };
    case 'add': {
      const name = PRODUCTS[command.product];
      await tab.page.goto(`/products/${command.product}`);
      // The page is prerendered: its form takes input once React has hydrated it.
      const addButton = tab.page.getByRole('button', { name: 'Add to Cart', exact: true }).first();
      await hydrated(addButton);
      const quantity = tab.page.getByLabel('Quantity', { exact: true });
      await quantity.fill(String(command.quantity));
      await expect(quantity).toHaveValue(String(command.quantity));
      await addButton.click();
      await expect(tab.page.locator('.mantine-Notification-root').filter({ hasText: `${command.quantity}x ${name} has been added` })).toBeVisible();
      let shown: number | undefined;
      const waitFrom = Date.now();
      await expect.poll(async () => (shown = (await openCart(tab.page))[command.product]) !== undefined, { timeout: 60_000 }).toBe(true);
      return { writes: [{ step, tab: t, product: command.product, added: command.quantity, quantity: shown }], note: `${at} add ${command.quantity} × ${command.product} → ${shown} (shown after ${Date.now() - waitFrom} ms)` };
    }
    case 'increase':
    case 'remove': {
      const shown = await openCart(tab.page);
      const lines = (Object.keys(shown).map(Number) as ProductId[]).sort();
      const product = lines[command.pick % Math.max(1, lines.length)];
      if (product === undefined) return { writes: [], note: `${at} ${command.kind}: the cart is empty` };
      const before = shown[product];
      const name = PRODUCTS[product];
      const line = tab.page.getByRole('list', { name: 'Cart items' }).getByRole('listitem', { name, exact: true });
      // Another tab's removal may reach this tab between reading the list and the click: the
      // line is then gone and nothing was written here.
      const click = (button: string): Promise<boolean> =>
        line
          .getByRole('button', { name: button })
          .click({ timeout: 10_000 })
          .then(
            () => true,
            async (error: Error) => {
              if ((await line.count()) === 0) return false;
              throw error;
            },
          );
      const gone = { writes: [], note: `${at} ${command.kind} ${product}: removed elsewhere before the click` };
      if (command.kind === 'remove') {
        if (!(await click(`Remove ${name} from cart`))) return gone;
        await expect(line).toHaveCount(0);
        return { writes: [{ step, tab: t, product, added: 0, removed: true }], note: `${at} remove ${product}` };
      }
      if (!(await click(`Increase quantity of ${name}`))) return gone;
      // Another tab's change may land at the same moment: what counts is what this tab then shows.
      let after: number | undefined = before;
      await expect
        .poll(async () => {
          const cart = await shownCart(tab.page);
          if (cart === null) return false; // loading
          after = cart[product];
          return after !== before;
        })
        .toBe(true);
      return { writes: [{ step, tab: t, product, added: 1, ...(after === undefined ? {} : { quantity: after }) }], note: `${at} increase ${product}: ${before} → ${after}` };
    }
  }
}

/**
 * The end of a history judged: lost or duplicated writes against the server's rows. Lines no tab
 * removed must hold at least what each tab last showed (unless that tab recorded that the server
 * replaced its write); a removed line may only be back when a tab added to it after the removal.
 */
function judge(rows: Awaited<ReturnType<typeof serverRows>>, writes: Write[], replaced: Map<number, Set<string>>, userId: string): string[] {
  const out: string[] = [];
  const server = new Map(rows.map((r) => [r.product_id, r]));
  for (const product of [2, 3, 4] as ProductId[]) {
    const ofLine = writes.filter((w) => w.product === product);
    const row = server.get(product);
    if (ofLine.length === 0) {
      if (row) out.push(`product ${product}: on the server, but no tab wrote it (duplicate)`);
      continue;
    }
    const added = ofLine.reduce((sum, w) => sum + w.added, 0);
    const alive = row && !row._deleted;
    if (alive && row.quantity > Math.min(99, added)) out.push(`product ${product}: server quantity ${row.quantity} exceeds the ${added} added in all (an addition counted twice)`);
    const lastRemoval = Math.max(-1, ...ofLine.filter((w) => w.removed).map((w) => w.step));
    if (lastRemoval >= 0) {
      if (alive && !ofLine.some((w) => !w.removed && w.step > lastRemoval)) out.push(`product ${product}: removed at step ${lastRemoval}, but back on the server with nothing added since (removal lost)`);
      continue;
    }
    if (!alive) {
      out.push(`product ${product}: added, never removed, but ${row ? 'deleted' : 'absent'} on the server (lost)`);
      continue;
    }
    const docId = cartItemId(userId, String(product));
    for (const tab of new Set(ofLine.map((w) => w.tab))) {
      const last = ofLine.filter((w) => w.tab === tab && w.quantity !== undefined).at(-1);
      if (last && row.quantity < (last.quantity ?? 0) && !replaced.get(tab)?.has(docId)) {
        out.push(`product ${product}: tab ${tab} showed ${last.quantity} after step ${last.step}; the server has ${row.quantity} and the tab recorded no replacement (lost)`);
      }
    }
  }
  return out;
}

type History = typeof historyArb extends fc.Arbitrary<infer T> ? T : never;

/**
 * Histories that failed once (seed 1986749609, which `npm test` ran until 2026-11-27; tests/README
 * tells each story), kept as they were drawn so that a change to the generator cannot lose them.
 */
const RECORDED: Array<{ name: string; history: History }> = [
  { name: 'seed 1986749609 history 9 (a route chunk aborted by a reload)', history: { tabs: 2, commands: [{ kind: 'increase', tab: 2, pick: 1 }, { kind: 'reload', tab: 0 }, { kind: 'remove', tab: 1, pick: 0 }, { kind: 'closeTab', tab: 0 }, { kind: 'add', tab: 2, product: 4, quantity: 1 }, { kind: 'add', tab: 2, product: 4, quantity: 1 }, { kind: 'wait', ms: 1000 }] } },
  { name: 'seed 1986749609 history 12 (a route chunk aborted by a reload)', history: { tabs: 3, commands: [{ kind: 'increase', tab: 1, pick: 2 }, { kind: 'offline', tab: 1 }, { kind: 'offline', tab: 0 }, { kind: 'online', tab: 0 }, { kind: 'wait', ms: 1000 }, { kind: 'offline', tab: 2 }] } },
  { name: 'seed 1986749609 history 16 (a cart page that showed nothing)', history: { tabs: 2, commands: [{ kind: 'online', tab: 0 }, { kind: 'increase', tab: 2, pick: 2 }, { kind: 'add', tab: 1, product: 2, quantity: 2 }, { kind: 'increase', tab: 0, pick: 2 }, { kind: 'increase', tab: 2, pick: 1 }] } },
  { name: 'seed 1986749609 history 20 (a route chunk aborted by a reload)', history: { tabs: 2, commands: [{ kind: 'increase', tab: 0, pick: 2 }, { kind: 'add', tab: 2, product: 4, quantity: 2 }, { kind: 'add', tab: 1, product: 4, quantity: 1 }, { kind: 'increase', tab: 2, pick: 2 }, { kind: 'increase', tab: 0, pick: 1 }] } },
];

// Titles name no seed, so that one run's tests line up with another's (npm run test:repeat).
const histories = [
  ...fc.sample(historyArb, { numRuns: RUNS, seed: SEED }).map((history, index) => ({ title: `random history ${index + 1} of ${RUNS}`, origin: `seed ${SEED}, history ${index + 1}`, history })),
  ...RECORDED.map(({ name, history }) => ({ title: `recorded: ${name}`, origin: name, history })),
];

test.describe('durability in Chromium', () => {
  for (const { title, origin, history } of histories) {
    test(title, async ({ browser }) => {
      test.setTimeout(180_000);
      test.info().annotations.push({ type: 'history', description: `${origin}: ${history.tabs} tabs, ${history.commands.length} commands` });
      const user = await createUser('Dura');
      const tabs: Tab[] = [];
      const trace: string[] = [];
      const writes: Write[] = [];
      let last = Date.now();
      const lap = () => `${((Date.now() - last) / 1000).toFixed(1)} s`;
      const mark = (what: string) => {
        trace.push(`${what} (${lap()})`);
        last = Date.now();
      };
      const explain = (problem: string) => `${problem}\n${origin}: ${JSON.stringify(history)}\ntrace:\n${trace.join('\n')}`;
      try {
        for (let t = 0; t < history.tabs; t++) tabs.push(await device(browser, t, user));
        mark(`${history.tabs} tabs signed in`);
        for (const [step, command] of history.commands.entries()) {
          const result = await run(tabs, step, command).catch(async (error: Error) => {
            // What the step's tab shows and its last events (navigations, failed requests, console
            // warnings): a step failed in CI once with an Increase that changed nothing for 15 s
            // (seed 2062452348, history 6) and once with the page reloading under an add.
            const t = 'tab' in command ? command.tab % tabs.length : undefined;
            const state = t === undefined ? '' : `\ntab ${t} now: ${await pageState(tabs[t]!.page)}`;
            throw new Error(explain(`step ${step} (${JSON.stringify(command)}) failed: ${error.message}${state}`));
          });
          writes.push(...result.writes);
          mark(`${step}: ${result.note}`);
        }

        // Everyone back online: every tab's sync indicator says Up to date (nothing pending or
        // failed), then every tab shows the server's cart.
        for (const tab of tabs) await tab.context.setOffline(false);
        for (const [t, tab] of tabs.entries()) {
          if (!tab.page.url().endsWith('/cart')) await tab.page.goto('/cart');
          const indicator = tab.page.getByTestId('navbar').getByTestId('sync-indicator');
          await expect(indicator, explain(`tab ${t}: writes still pending or failed`)).toHaveAttribute('data-state', 'synced', { timeout: 30_000 });
        }
        mark('all synced');
        const rows = await serverRows(user.id);
        for (const [t, tab] of tabs.entries()) {
          await expect.poll(() => shownCart(tab.page), { message: explain(`tab ${t} does not show the server's cart ${JSON.stringify(aliveCart(rows))}`), timeout: 20_000 }).toEqual(aliveCart(rows));
        }
        mark('all show the server');
        expect(await serverRows(user.id), explain('the server changed after every tab had settled')).toEqual(rows);

        const replaced = new Map<number, Set<string>>();
        for (const [t, tab] of tabs.entries()) replaced.set(t, new Set(await replacedOn(tab.page, user.id)));
        expect(judge(rows, writes, replaced, user.id), explain(`server rows ${JSON.stringify(rows)}`)).toEqual([]);
      } finally {
        if (process.env.DURABILITY_TRACE) console.info(trace.join('\n'));
      }
    });
  }
});
