import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './support/test.ts';
import { createUser, signInAs } from './support/auth.ts';
import { expectNoBlockingAxeViolations } from './support/axe.ts';
import { articleCounts, createArticle, setPublished } from './support/kb-api.ts';
import { visitUntilControlled } from './support/service-worker.ts';

// The knowledge base without a connection, in the built app with its service worker: a signed-in
// customer searches, reads, counts a view and votes offline, and both reach the server once after
// a reload and the connection's return; a signed-out visitor reads a public article page offline
// once it has been read, and no longer once it has been unpublished and the list synced.

/** The outbox entries stored on the device (kind and state), oldest first. */
const outboxEntries = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Array<{ kind: string; state: string }>>((resolve, reject) => {
        const open = indexedDB.open('garage-sync');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => {
            open.result.close();
            // Stored by a random id: ordered here as they were made.
            const entries = [...(all.result as Array<{ kind: string; state: string; createdAt: number }>)].sort((a, b) => a.createdAt - b.createdAt);
            resolve(entries.map((entry) => ({ kind: entry.kind, state: entry.state })));
          };
        };
      }),
  );

/** The list reads this page made (and their sizes) and what the worker keeps for the article. */
const offlineListState = (page: Page, articleId: string) =>
  page.evaluate(async (id) => {
    const reads = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/rest/v1/kb_articles') && !entry.name.includes(id))
      .map((entry) => `${Math.round(entry.startTime)} ms, ${(entry as PerformanceResourceTiming).transferSize} B`);
    const cache = await caches.open('gg-kb-v1');
    const kept = await Promise.all(
      (await cache.keys()).map(async (request) => `${request.url.slice(-60)}: ${(await (await cache.match(request, { ignoreVary: true }))?.text())?.includes(id) ? 'holds' : 'lacks'} it`),
    );
    return `list reads of this page: ${reads.join('; ') || 'none'}\nkept: ${kept.join('; ')}\nlocation: ${location.href}, controlled: ${Boolean(navigator.serviceWorker.controller)}`;
  }, articleId);

async function openKnowledgeBase(page: Page) {
  await page.getByRole('tab', { name: 'Knowledge Base' }).click();
  await expect(page.getByTestId('article-card').first()).toBeVisible({ timeout: 20_000 });
}

test('offline: search with a typo, open, vote; a reload keeps the view and vote pending; online counts each once', async ({ page, context }) => {
  test.setTimeout(120_000);
  const word = `Zephyr${randomUUID().slice(0, 4)}`;
  const title = `Winter ${word} Door Seals`;
  const id = await createArticle({ title, category: 'Technical Support', content: 'Replace the bottom seal of the door before the first frost to keep the garage dry.' });
  const user = await createUser('Otto');
  await signInAs(page, user.email, user.password);
  await visitUntilControlled(page, '/support');
  await openKnowledgeBase(page);
  await expect(page.getByRole('button', { name: `Read More: ${title}` })).toBeVisible();
  await page.waitForLoadState('networkidle');

  await context.setOffline(true);
  await page.getByRole('searchbox', { name: 'Search for help articles or tickets' }).fill(`seels ${word.toLowerCase()}`);
  await expect(page.getByTestId('article-card')).toHaveCount(1);
  await page.getByRole('button', { name: `Read More: ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByTestId('article-content')).toContainText('Replace the bottom seal');
  await dialog.getByRole('button', { name: 'Yes, this was helpful' }).click();
  await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
  await expect.poll(() => outboxEntries(page)).toEqual([
    { kind: 'kb_view', state: 'pending' },
    { kind: 'kb_vote', state: 'pending' },
  ]);

  await page.reload();
  await openKnowledgeBase(page);
  await page.getByRole('button', { name: `Read More: ${title}` }).click();
  // The queued vote shows as given; reopening counted one more view, queued too.
  await expect(page.getByRole('dialog', { name: title }).getByText('You found this article helpful.')).toBeVisible();
  await expect.poll(async () => (await outboxEntries(page)).length).toBe(3);
  expect(await articleCounts(id)).toMatchObject({ view_count: 0, helpful_votes: 0 });

  await context.setOffline(false);
  await expect.poll(() => outboxEntries(page), { timeout: 20_000 }).toEqual([]);
  // Both queued views were delivered once; the server counts one reader's views once an hour.
  expect(await articleCounts(id)).toMatchObject({ view_count: 1, helpful_votes: 1 });
});

test('a public article page read once opens offline signed out; unpublished and synced, it is no longer served', async ({ page, context }) => {
  test.setTimeout(120_000);
  const word = `Zephyr${randomUUID().slice(0, 4)}`;
  const title = `Public ${word} Remote Pairing`;
  const id = await createArticle({ title, category: 'Getting Started', tags: ['remote'], content: '## Pair a remote\n\nPress **learn** on the motor unit, then the remote button within 30 seconds.' });

  // A fresh, signed-out visitor: the first visit installs the worker, the reload is controlled.
  await visitUntilControlled(page, `/support/articles/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('article-content').getByRole('heading', { name: 'Pair a remote' })).toBeVisible();
  await expectNoBlockingAxeViolations(page, 'public article page');
  // The live list is read once the page is idle, which on a loaded machine can come after the
  // network has gone quiet: wait until the worker has kept a list that holds the article.
  const keptInList = () =>
    page.evaluate(async (articleId) => {
      const cache = await caches.open('gg-kb-v1');
      for (const request of await cache.keys()) {
        if (request.url.includes(articleId)) continue; // the article's own answer
        if ((await (await cache.match(request, { ignoreVary: true }))?.text())?.includes(articleId)) return true;
      }
      return false;
    }, id);
  await expect.poll(keptInList, { timeout: 30_000 }).toBe(true);

  await context.setOffline(true);
  await page.goto(`/support/articles/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('article-content')).toContainText('within 30 seconds');
  // The list of published articles was kept with it.
  await page.locator('main').getByRole('link', { name: 'Knowledge Base' }).click();
  await expect(page.getByRole('link', { name: title }))
    .toBeVisible()
    .catch(async (error: Error) => {
      // Seen once in CI (2026-11-28) and not reproduced since: say what the page read and the
      // worker held, so the next failure names its cause.
      throw new Error(`${error.message}\n${await offlineListState(page, id)}`);
    });
  await expectNoBlockingAxeViolations(page, 'public article list');

  await context.setOffline(false);
  await setPublished(id, false);
  // The next sync: the list, read again online, no longer holds the article…
  await page.goto('/support/articles');
  await expect(page.getByTestId('public-article-card').first()).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
  // (The page shows the build's list first; the live one, read after it, is what the worker checks.)
  const keptCopy = () => page.evaluate(async (articleId) => (await (await caches.open('gg-kb-v1')).keys()).some((request) => request.url.includes(articleId)), id);
  await expect.poll(keptCopy).toBe(false);
  // …so offline its page is no longer served from the cache: as of that sync it is not published.
  await context.setOffline(true);
  await page.goto(`/support/articles/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Article Not Found' })).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
});
