import { expect, type Locator, type Page } from '@playwright/test';

/** Whether React has hydrated (or rendered) the first element matching the selector. */
export function isHydrated(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((css) => Object.keys(document.querySelector(css) ?? {}).some((key) => key.startsWith('__reactFiber')), selector);
}

/**
 * Waits until React owns this element of a prerendered page. The HTML shows it before any script
 * runs; a click before hydration reaches no handler and is lost, as a first tap on a slow phone is
 * (a busy machine once let the shell spec open the menu before the page had hydrated).
 */
export async function hydrated(locator: Locator): Promise<void> {
  await expect
    .poll(() =>
      locator
        .evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber')))
        // The page replacing itself: the app reloads once when its entry or a chunk could not be
        // fetched (index.html, RouteError). Not hydrated yet; the poll waits for the new page.
        .catch((error: Error) => {
          if (/Execution context was destroyed|navigat/i.test(error.message)) return false;
          throw error;
        }),
    )
    .toBe(true);
}
