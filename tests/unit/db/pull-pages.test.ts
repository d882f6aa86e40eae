import { describe, expect, it } from 'vitest';
import { FAST_PAGE_MS, FIRST_PAGE, LARGEST_PAGE, PullPages, SLOW_PAGE_MS } from '@/db/replication/pull-pages.ts';

// A pull page grows while full pages answer fast, shrinks when one is slow, and starts over
// after a failure, so a page always downloads well inside its request's deadline.

/** Pulls one page that answers `rows` rows (at most the size asked) after `ms`; returns the size asked. */
async function page(pages: PullPages, ms: number, rows = Infinity, batchSize = FIRST_PAGE): Promise<number> {
  let asked = 0;
  let clock = 0;
  await pages.pull(
    batchSize,
    async (size) => {
      asked = size;
      clock += ms;
      return { documents: new Array(Math.min(size, rows)).fill({}), checkpoint: null };
    },
    () => clock,
  );
  return asked;
}

describe('pull pages', () => {
  it('double while full pages answer fast, up to the largest page', async () => {
    const pages = new PullPages();
    const sizes = [];
    for (let i = 0; i < 6; i++) sizes.push(await page(pages, 30));
    expect(sizes).toEqual([FIRST_PAGE, 400, 800, LARGEST_PAGE, LARGEST_PAGE, LARGEST_PAGE]);
  });

  it('do not grow on a page that took longer than a fast one, or on the short page that ends a round', async () => {
    const pages = new PullPages();
    expect(await page(pages, FAST_PAGE_MS + 1)).toBe(FIRST_PAGE);
    expect(await page(pages, 10, FIRST_PAGE - 1)).toBe(FIRST_PAGE);
    expect(await page(pages, 10)).toBe(FIRST_PAGE);
    expect(await page(pages, 10)).toBe(400);
  });

  it('halve after a slow page, never below the first size', async () => {
    const pages = new PullPages();
    for (let i = 0; i < 4; i++) await page(pages, 10);
    expect(await page(pages, SLOW_PAGE_MS + 1)).toBe(LARGEST_PAGE);
    expect(await page(pages, SLOW_PAGE_MS + 1)).toBe(500);
    expect(await page(pages, SLOW_PAGE_MS + 1)).toBe(250);
    expect(await page(pages, SLOW_PAGE_MS + 1)).toBe(FIRST_PAGE);
    expect(await page(pages, 10)).toBe(FIRST_PAGE);
  });

  it('start again from the first size after a failed page, and pass the failure on', async () => {
    const pages = new PullPages();
    for (let i = 0; i < 3; i++) await page(pages, 10);
    expect(await page(pages, 10)).toBe(LARGEST_PAGE);
    await expect(pages.pull(FIRST_PAGE, () => Promise.reject(new Error('deadline')))).rejects.toThrow('deadline');
    expect(await page(pages, 10)).toBe(FIRST_PAGE);
  });

  it('never ask for fewer rows than the batch size RxDB asked for', async () => {
    const pages = new PullPages();
    expect(await page(pages, 10, Infinity, 300)).toBe(300);
  });
});
