import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * Playwright's `test`, plus: every browser context a test opened with `browser.newContext()` is
 * closed when the test ends (Playwright closes only the one behind its `page`). A context left open
 * keeps its pages running for the rest of the worker's specs (replications, timers, a Realtime
 * socket): CPU taken from later tests, and sockets counted against the stack's per-address Realtime
 * limits. Specs that keep contexts from one test to the next on purpose (durability, xss) import
 * Playwright's own `test`.
 */
export const test = base.extend<{ closeOpenedContexts: void }>({
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close().catch(() => undefined)),
      );
    },
    { auto: true },
  ],
});
