import { combineLatest, map, type Subscription } from 'rxjs';
import { setPartActive, syncStatus } from '../sync/status.ts';
import type { CollectionReplication } from './replicate.ts';

/**
 * Feeds the header indicator: syncing while any replication pulls or pushes; after a round with
 * no error, up to date as of now; an error (offline, 5xx, no answer by the deadline) is kept until
 * a clean round. A replication that only waits out its backoff before a retry (RxDB counts it as
 * active) is not syncing: with a server that never answers it would say "Syncing…" for ever.
 */
export function wireStatus(replications: CollectionReplication[]): () => void {
  let erredThisRound = false;
  const subscriptions: Subscription[] = replications.map((replication) =>
    replication.error$.subscribe((error) => {
      erredThisRound = true;
      syncStatus.setState({ lastError: error.message });
    }),
  );
  let wasActive = false;
  subscriptions.push(
    combineLatest(
      replications.map((replication) =>
        combineLatest([replication.active$, replication.attempts.state$]).pipe(map(([active, { running, waiting }]) => active && (running > 0 || waiting === 0))),
      ),
    ).subscribe((actives) => {
      const active = actives.some(Boolean);
      setPartActive('replication', active);
      if (wasActive && !active) {
        if (!erredThisRound) syncStatus.setState({ lastSyncedAt: Date.now(), lastError: null });
        erredThisRound = false;
      }
      wasActive = active;
    }),
  );
  syncStatus.setState({ running: true });
  return () => {
    for (const subscription of subscriptions) subscription.unsubscribe();
    setPartActive('replication', false);
    syncStatus.setState({ running: false });
  };
}
