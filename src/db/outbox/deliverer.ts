import { GUEST, type OutboxEntry, type SyncDatabase, type WriteError } from '../sync/sync-db.ts';
import { withDeviceLock } from './device-lock.ts';
import { callFor } from './kinds.ts';
import { outcomeOf, type Outcome } from './outcome.ts';
import type { OutboxTransport } from './transport.ts';

export const OUTBOX_LOCK = 'garage-outbox';

export interface DelivererOptions {
  db: SyncDatabase;
  transport: OutboxTransport;
  /** The signed-in user whose entries may be sent now (besides guests'), or null. */
  getUserId: () => string | null;
  /** First and longest wait before retrying after a transient failure (doubling in between). */
  backoff?: { firstMs: number; maxMs: number };
  /** Told true while a pass sends, false after. */
  onActive?: (active: boolean) => void;
  /** Told each transient failure, and null after a pass with none. */
  onTransientError?: (error: WriteError | null) => void;
}

const byAge = (a: OutboxEntry, b: OutboxEntry) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Sends this device's queued calls, oldest first, one pass at a time under the device-wide lock
 * (so two tabs never send one entry at once; the idempotency key covers what a lock cannot, an
 * answer lost after the server applied the call). An accepted entry is deleted; a refused one is
 * marked failed and the pass goes on; a transient failure leaves the entry pending, and a pass
 * with any is repeated after a backoff (an immediate `deliverNow()` cuts the wait).
 */
export class OutboxDeliverer {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: DelivererOptions) {}

  /** Starts a pass now (or one more after the running one); resolves when no pass is due. */
  deliverNow(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    clearTimeout(this.timer);
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private async loop(): Promise<void> {
    let retry = false;
    do {
      this.again = false;
      retry = await withDeviceLock(OUTBOX_LOCK, () => this.pass());
    } while (this.again && !this.stopped);
    if (this.stopped) return;
    if (!retry) {
      this.failures = 0;
      return;
    }
    const { firstMs, maxMs } = this.options.backoff ?? { firstMs: 1_000, maxMs: 60_000 };
    const wait = Math.min(maxMs, firstMs * 2 ** this.failures);
    this.failures += 1;
    // Jitter, so the tabs and devices that lost the connection together do not return together.
    this.timer = setTimeout(() => void this.deliverNow(), wait * (0.75 + Math.random() / 2));
  }

  /** One pass over the entries due; true when one should be tried again later. */
  private async pass(): Promise<boolean> {
    const { db, getUserId, onActive, onTransientError } = this.options;
    const userId = getUserId();
    const pending = await db.outbox.where('state').equals('pending').toArray();
    const due = pending.filter((entry) => entry.userId === GUEST || entry.userId === userId).sort(byAge);
    if (due.length === 0) return false;
    onActive?.(true);
    let retry = false;
    try {
      for (const queued of due) {
        if (this.stopped) break;
        // Re-read: another tab (without Web Locks) or the user may have sent, failed or discarded it.
        const entry = await db.outbox.get(queued.id);
        if (entry?.state !== 'pending') continue;
        const outcome = await this.attempt(entry);
        if (outcome === null) retry = true;
        if (outcome?.kind !== 'retry') continue;
        retry = true;
        onTransientError?.(outcome.error);
        if (outcome.offline) break;
      }
    } finally {
      onActive?.(false);
    }
    if (!retry) onTransientError?.(null);
    return retry;
  }

  /** Sends one entry and records the result; null when it was not sent (no session for its user). */
  private async attempt(entry: OutboxEntry): Promise<Outcome | null> {
    const { db, transport } = this.options;
    const call = callFor(entry.kind, entry.args);
    if ('invalid' in call) {
      await db.outbox.update(entry.id, { state: 'failed', error: { code: 'invalid', message: call.invalid } });
      return { kind: 'refused', error: { code: 'invalid', message: call.invalid } };
    }
    let outcome: Outcome;
    try {
      const answer = await transport.call(entry, call.rpc, { ...call.params, p_idempotency_key: entry.id });
      if (answer === null) return null;
      outcome = outcomeOf(answer);
    } catch (error) {
      // supabase-js could not be loaded (offline before its chunks were cached) or the call threw.
      outcome = { kind: 'retry', offline: true, error: { code: 'network', message: error instanceof Error ? error.message : String(error) } };
    }
    const attempts = entry.attempts + 1;
    if (outcome.kind === 'delivered') await db.outbox.delete(entry.id);
    else if (outcome.kind === 'refused') await db.outbox.update(entry.id, { state: 'failed', attempts, error: outcome.error });
    else await db.outbox.update(entry.id, { attempts, error: outcome.error });
    return outcome;
  }
}
