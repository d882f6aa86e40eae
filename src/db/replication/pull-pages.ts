/**
 * How many rows the next pull request asks for. A first sync of thousands of rows needs fewer
 * round trips in larger pages (10,000 devices over a 100 ms link: 2.4 s instead of 5.8 s with
 * pages of 200), but every page must download within its request's deadline (15 s) on the link
 * the device has. So a collection's pages start at the plugin's batch size and double while
 * full pages answer quickly, up to the API's `max_rows`; a slow page halves the next, and a failed
 * one starts again from the first size.
 *
 * RxDB ends a pull round at a page shorter than its batch size, never at a longer one, so a page
 * larger than the batch size it asked for is read in full. A server whose `max_rows` is lower
 * than the page answers `max_rows` rows, which RxDB still takes as a full page.
 */

/** The plugin's batch size: the first page of every pull round and the smallest page. */
export const FIRST_PAGE = 200;
/** The API's max_rows (config.toml; also hosted Supabase's default). */
export const LARGEST_PAGE = 1_000;
/** A full page that answered within this doubles the next: twice the rows stay far inside 15 s. */
export const FAST_PAGE_MS = 1_000;
/** A page slower than this halves the next. */
export const SLOW_PAGE_MS = 4_000;

export class PullPages {
  #size = FIRST_PAGE;

  /** Runs one pull request for a page of the current size (at least `batchSize`), and learns from it. */
  async pull<T>(batchSize: number, request: (size: number) => Promise<{ documents: readonly unknown[] } & T>, now: () => number = () => performance.now()): Promise<{ documents: readonly unknown[] } & T> {
    const size = Math.max(batchSize, this.#size);
    const start = now();
    try {
      const result = await request(size);
      this.#answered(size, result.documents.length, now() - start);
      return result;
    } catch (error) {
      this.#size = FIRST_PAGE;
      throw error;
    }
  }

  #answered(size: number, rows: number, ms: number): void {
    if (ms > SLOW_PAGE_MS) this.#size = Math.max(FIRST_PAGE, Math.floor(size / 2));
    // A short page is the end of the round and says nothing about the link's capacity.
    else if (rows >= size && ms <= FAST_PAGE_MS) this.#size = Math.min(LARGEST_PAGE, size * 2);
  }
}
