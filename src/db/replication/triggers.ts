/**
 * When to pull again besides Realtime, which misses what happens while the socket is down: on
 * reconnect, when the app comes back to the foreground, and on an interval as a safety net.
 */
export interface TriggerOptions {
  resync(): void;
  /** The slower check for rows that left the user's view (see reconcile.ts). */
  reconcile(): void;
  intervalMs?: number;
  reconcileEveryMs?: number;
}

export function startTriggers(options: TriggerOptions): () => void {
  if (typeof window === 'undefined') return () => {};
  let lastReconcile = 0;
  const reconcileEvery = options.reconcileEveryMs ?? 5 * 60_000;
  const run = () => {
    options.resync();
    if (Date.now() - lastReconcile >= reconcileEvery) {
      lastReconcile = Date.now();
      options.reconcile();
    }
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') run();
  };
  window.addEventListener('online', run);
  window.addEventListener('focus', run);
  document.addEventListener('visibilitychange', onVisible);
  const timer = setInterval(run, options.intervalMs ?? 60_000);
  return () => {
    window.removeEventListener('online', run);
    window.removeEventListener('focus', run);
    document.removeEventListener('visibilitychange', onVisible);
    clearInterval(timer);
  };
}
