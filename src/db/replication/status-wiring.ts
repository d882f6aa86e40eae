import { combineLatest, type Subscription } from 'rxjs';
import { syncErrorDetail } from '../sync/problem.ts';
import { setPartActive, syncStatus } from '../sync/status.ts';
import type { CollectionReplication } from './replicate.ts';

/**
 * Feeds the header indicator: syncing while any replication pulls or pushes; an error (5xx, no
 * answer by the deadline) with the time the replication tries again; once every replication is
 * idle, up to date as of now. RxDB retries a failed pull or push inside the same task until it
 * succeeds, so a replication that goes idle has succeeded: that clears the error, even one from
 * earlier in the round (keeping it would show a failure for up to a minute after the retry that
 * fixed it). A replication that only waits out its backoff before a retry (RxDB counts it as
 * active) is not syncing: with a server that never answers it would say "Syncing…" for ever.
 */
export function wireStatus(replications: CollectionReplication[]): () => void {
  const subscriptions: Subscription[] = replications.map((replication) =>
    replication.error$.subscribe((error) => {
      // Offline, every attempt fails: the indicator says "Offline", which is the whole story.
      if (!syncStatus.getState().online) return;
      // The technical detail (the wrapped error, not RxDB's hint and link) for the console; the
      // interface puts it into words (classifySyncError).
      syncStatus.setState({ lastError: syncErrorDetail(error), retryAt: Date.now() + replication.retryTime });
    }),
  );
  // Two questions: is anything syncing now (the header's "Syncing…"; an attempt only waiting out
  // its backoff is not), and has every replication gone idle (RxDB's own activity, which stays on
  // through retries: only a round that succeeded ends it, and that clears the error).
  let wasBusy = false;
  subscriptions.push(
    combineLatest(replications.map((replication) => combineLatest([replication.active$, replication.attempts.state$]))).subscribe((states) => {
      const syncing = states.some(([active, { running, waiting }]) => active && (running > 0 || waiting === 0));
      const busy = states.some(([active]) => active);
      setPartActive('replication', syncing);
      if (wasBusy && !busy) syncStatus.setState({ lastSyncedAt: Date.now(), lastError: null, retryAt: null });
      wasBusy = busy;
    }),
  );
  syncStatus.setState({ running: true });
  return () => {
    for (const subscription of subscriptions) subscription.unsubscribe();
    setPartActive('replication', false);
    // The next session may be another user's: nothing of this one's sync state carries over.
    syncStatus.setState({ running: false, lastError: null, retryAt: null, lastSyncedAt: null });
  };
}
