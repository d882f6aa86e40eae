/// <reference lib="webworker" />
import type { WorkboxPlugin } from 'workbox-core';

/**
 * The browser activates an accepted update only once the worker it replaces has no fetch in
 * progress, so one read that never answers (poor signal) held Reload back for good: the worker's
 * own request to the network outlives the page that asked. When the user accepts an update, the
 * page asks the worker in control to give way: the network fetches its strategies have in flight
 * are aborted (a network-first read then answers from its cache, if it has a copy). Later fetches
 * are not affected.
 */
let inFlight = new AbortController();

export const giveWayPlugin: WorkboxPlugin = {
  requestWillFetch: async ({ request }) => new Request(request, { signal: inFlight.signal }),
};

export function giveWay(): void {
  inFlight.abort();
  inFlight = new AbortController();
}
