// Access Logs shows the loaded events a page at a time: hundreds of rows in one list are slow to
// render and impossible to scan.

/** Events per page of the list. */
export const LOGS_PER_PAGE = 25;

export interface LogPage {
  /** 1-based, within 1..pages. */
  page: number;
  pages: number;
  /** Index of the page's first event, and one past its last. */
  start: number;
  end: number;
  total: number;
}

/** The page `requested` of `total` events (clamped: a shorter list after a refresh keeps a real page). */
export function logPage(total: number, requested: number, perPage = LOGS_PER_PAGE): LogPage {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(Math.max(1, Math.trunc(requested) || 1), pages);
  const start = (page - 1) * perPage;
  return { page, pages, start, end: Math.min(start + perPage, total), total };
}

/** "Showing 1–25 of 116"; "Showing 1 of 1". */
export function showingText({ start, end, total }: LogPage): string {
  const range = end - start === 1 ? `${start + 1}` : `${start + 1}–${end}`;
  return `Showing ${range} of ${total.toLocaleString('en-US')}`;
}
