import { test as base, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { pageState, watchPage } from './page-state.ts';

export * from '@playwright/test';

const failed = (testInfo: TestInfo) => testInfo.status !== testInfo.expectedStatus;

// Playwright's reporter prints a text attachment in the failure's message, cut at 300 characters.
const PRINTED = 300;

/** Lines joined into pieces that each print in full. */
function pieces(lines: string[]): string[] {
  const out: string[] = [];
  for (const line of lines.map((l) => l.slice(0, PRINTED))) {
    const last = out.at(-1);
    if (last !== undefined && last.length + 1 + line.length <= PRINTED) out[out.length - 1] = `${last}\n${line}`;
    else out.push(line);
  }
  return out;
}

/** A failed test's message ends with what each of its open pages showed and did last. */
async function reportPageStates(testInfo: TestInfo, pages: Page[]): Promise<void> {
  for (const page of pages) {
    for (const [j, body] of pieces((await pageState(page)).split('\n')).entries()) {
      await testInfo.attach(`a page at the end${j ? ` (${j + 1})` : ''}`, { body, contentType: 'text/plain' });
    }
  }
}

const watchContext = (context: BrowserContext) => {
  context.pages().forEach(watchPage);
  context.on('page', watchPage);
  return context;
};

/**
 * Playwright's `test`, plus:
 * - every browser context a test opened with `browser.newContext()` is closed when the test ends
 *   (Playwright closes only the one behind its `page`). A context left open keeps its pages running
 *   for the rest of the worker's specs (replications, timers, a Realtime socket): CPU taken from
 *   later tests, and sockets counted against the stack's per-address Realtime limits;
 * - every page is watched (page-state.ts), and a failed test attaches what each page showed and
 *   did last, so a failure in CI's log says more than "element not found".
 * Specs that keep contexts from one test to the next on purpose (durability, xss) import
 * Playwright's own `test`.
 */
export const test = base.extend<{ closeOpenedContexts: void }>({
  context: async ({ context }, use, testInfo) => {
    await use(watchContext(context));
    if (failed(testInfo)) await reportPageStates(testInfo, context.pages());
  },
  closeOpenedContexts: [
    async ({ browser }, use, testInfo) => {
      const before = new Set(browser.contexts());
      const newContext = browser.newContext;
      browser.newContext = async (...args) => watchContext(await newContext.apply(browser, args));
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      const opened = browser.contexts().filter((context) => !before.has(context));
      if (failed(testInfo)) await reportPageStates(testInfo, opened.flatMap((context) => context.pages()));
      await Promise.all(opened.map((context) => context.close().catch(() => undefined)));
    },
    { auto: true },
  ],
});
