import { createStore } from 'zustand/vanilla';
import type { LiveById } from '../data/products-remote.ts';

export interface LiveCatalogueState {
  /** Last live answer; null until one arrived (the screens then show the static snapshot). */
  byId: LiveById | null;
  /** Date.now() of the last successful fetch, 0 before. */
  fetchedAt: number;
}

export const liveCatalogueStore = createStore<LiveCatalogueState>()(() => ({ byId: null, fetchedAt: 0 }));

type Fetcher = (signal: AbortSignal) => Promise<LiveById>;

// The data module (query and row schema) loads with the first fetch, after hydration.
const fetchLive: Fetcher = async (signal) => (await import('../data/products-remote.ts')).fetchLiveCatalogue(signal);

let inFlight: { promise: Promise<void>; controller: AbortController } | null = null;
let sequence = 0;

/**
 * Fetches the live values once, shared by every caller while it runs (list, detail, related and
 * purchase panel of one page view ask together). A failure keeps the last values silently: the
 * screens go on with what they show. An answer that arrives after a newer request started is
 * dropped, so an old response never overwrites a newer one.
 */
export function refreshLiveCatalogue(fetcher: Fetcher = fetchLive): Promise<void> {
  if (inFlight) return inFlight.promise;
  const controller = new AbortController();
  const mine = ++sequence;
  const promise = fetcher(controller.signal)
    .then((byId) => {
      if (mine === sequence && !controller.signal.aborted) liveCatalogueStore.setState({ byId, fetchedAt: Date.now() });
    })
    .catch(() => {
      /* offline, server error, malformed row: keep the last values */
    })
    .finally(() => {
      if (inFlight?.controller === controller) inFlight = null;
    });
  inFlight = { promise, controller };
  return promise;
}

/** Cancels a running refresh (its answer is discarded); used by tests and when the store resets. */
export function cancelLiveCatalogueRefresh(): void {
  if (!inFlight) return;
  inFlight.controller.abort();
  inFlight = null;
  sequence++;
}

/** Back to "nothing fetched": for tests. */
export function resetLiveCatalogue(): void {
  cancelLiveCatalogueRefresh();
  liveCatalogueStore.setState({ byId: null, fetchedAt: 0 });
}
