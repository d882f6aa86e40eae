/// <reference lib="webworker" />
import { giveWay } from './give-way.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * Updates wait until the user accepts them ('Reload' in the app posts {type:'SKIP_WAITING'}).
 * Only then does this worker skip waiting and claim every open tab, so a new version never takes
 * over a page silently (e.g. in the middle of checkout). On a first install nothing is claimed:
 * the page that registered the worker keeps running uncontrolled until its next load.
 */
export function registerUpdateHandling(): void {
  let acceptedByUser = false;

  self.addEventListener('message', (event) => {
    const type = (event.data as { type?: unknown } | null)?.type;
    // Sent to the worker in control when the user accepts an update (see give-way.ts).
    if (type === 'GIVE_WAY') giveWay();
    if (type !== 'SKIP_WAITING') return;
    acceptedByUser = true;
    void self.skipWaiting();
  });

  self.addEventListener('activate', (event) => {
    if (acceptedByUser) event.waitUntil(self.clients.claim());
  });
}
