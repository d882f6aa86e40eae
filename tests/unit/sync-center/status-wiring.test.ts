import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BehaviorSubject, Subject } from 'rxjs';
import { errorToPlainJson, newRxError } from 'rxdb';
import type { CollectionReplication } from '@/db/replication/replicate.ts';
import { wireStatus } from '@/db/replication/status-wiring.ts';
import { syncStatus } from '@/db/sync/status.ts';
import { DeadlineError } from '@/lib/deadline.ts';
import { resetStores } from './fixtures.ts';

/** The parts of a replication the wiring reads: its errors, its activity, its attempts, its retry time. */
function fakeReplication() {
  const error$ = new Subject<unknown>();
  const active$ = new BehaviorSubject(false);
  // No attempt waiting out a backoff: activity passes through as RxDB reports it.
  const attempts = { state$: new BehaviorSubject({ running: 0, waiting: 0 }) };
  return { error$, active$, attempts, retryTime: 5_000 } as unknown as CollectionReplication & { error$: Subject<unknown>; active$: BehaviorSubject<boolean> };
}

// A pull that got no answer in time, as RxDB reports it (postgrest-js's shape inside RC_PULL).
const hungPull = () => newRxError('RC_PULL', { errors: [errorToPlainJson({ message: 'DeadlineError: Failed to fetch: no answer within 15 s', code: '' } as never)], direction: 'pull' });

let stop: () => void;
beforeEach(resetStores);
afterEach(() => {
  stop?.();
  resetStores();
});

describe('wireStatus', () => {
  it('keeps the wrapped error and when the retry comes; the retry that works clears it', () => {
    const replication = fakeReplication();
    stop = wireStatus([replication]);
    replication.active$.next(true);
    const before = Date.now();
    replication.error$.next(hungPull());
    const { lastError, retryAt } = syncStatus.getState();
    expect(lastError).toBe('DeadlineError: Failed to fetch: no answer within 15 s');
    expect(retryAt).toBeGreaterThanOrEqual(before + 5_000);
    // RxDB retries inside the same task: going idle means the retry succeeded.
    replication.active$.next(false);
    expect(syncStatus.getState()).toMatchObject({ lastError: null, retryAt: null });
    expect(syncStatus.getState().lastSyncedAt).toBeGreaterThanOrEqual(before);
  });

  it('an attempt waiting out its backoff is not syncing, and its error stays until a round succeeds', () => {
    const replication = fakeReplication();
    stop = wireStatus([replication]);
    const attempts = (replication as unknown as { attempts: { state$: BehaviorSubject<{ running: number; waiting: number }> } }).attempts;
    replication.active$.next(true);
    attempts.state$.next({ running: 1, waiting: 0 });
    expect(syncStatus.getState().active).toBe(true);
    replication.error$.next(hungPull());
    // RxDB stays active through its retry wait; the header must not say "Syncing…" all along.
    attempts.state$.next({ running: 0, waiting: 1 });
    expect(syncStatus.getState()).toMatchObject({ active: false, lastError: 'DeadlineError: Failed to fetch: no answer within 15 s' });
    expect(syncStatus.getState().lastSyncedAt).toBeNull();
    attempts.state$.next({ running: 1, waiting: 0 });
    attempts.state$.next({ running: 0, waiting: 0 });
    replication.active$.next(false);
    expect(syncStatus.getState()).toMatchObject({ active: false, lastError: null, retryAt: null });
    expect(syncStatus.getState().lastSyncedAt).not.toBeNull();
  });

  it('offline, failures are what "Offline" already says: none is kept', () => {
    const replication = fakeReplication();
    stop = wireStatus([replication]);
    syncStatus.setState({ online: false });
    replication.error$.next(newRxError('RC_PUSH', { errors: [errorToPlainJson(new DeadlineError(15_000))], direction: 'push' }));
    expect(syncStatus.getState().lastError).toBeNull();
  });

  it('a closed session leaves nothing of its sync state for the next user', () => {
    const replication = fakeReplication();
    stop = wireStatus([replication]);
    replication.active$.next(true);
    replication.error$.next(hungPull());
    replication.active$.next(false);
    replication.active$.next(true);
    replication.error$.next(hungPull());
    stop();
    expect(syncStatus.getState()).toMatchObject({ running: false, active: false, lastError: null, retryAt: null, lastSyncedAt: null });
  });
});
