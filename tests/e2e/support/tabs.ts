import { expect, type Locator } from '@playwright/test';

/**
 * The tabs of `tablist` sit in one row (the same top, give or take a pixel), the list scrolls
 * sideways when they do not fit instead of wrapping, and the page itself does not scroll sideways.
 */
export async function expectTabsInOneRow(tablist: Locator): Promise<void> {
  const geometry = await tablist.evaluate((list) => ({
    tops: [...list.querySelectorAll('[role=tab]')].map((tab) => Math.round(tab.getBoundingClientRect().top)),
    listHeight: list.getBoundingClientRect().height,
    tabHeight: Math.max(...[...list.querySelectorAll('[role=tab]')].map((tab) => tab.getBoundingClientRect().height)),
    pageWidth: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(geometry.tops.length, 'tabs').toBeGreaterThan(1);
  expect(Math.max(...geometry.tops) - Math.min(...geometry.tops), `tab tops ${geometry.tops.join(', ')}`).toBeLessThanOrEqual(1);
  // One row high: a wrapped list is two tabs high.
  expect(geometry.listHeight).toBeLessThan(geometry.tabHeight * 1.5);
  expect(geometry.pageWidth, 'page width').toBeLessThanOrEqual(geometry.viewport + 1);
}
