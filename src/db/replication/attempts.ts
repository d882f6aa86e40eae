import { BehaviorSubject } from 'rxjs';
import { DeadlineError } from '@/lib/deadline.ts';

/** Longer than a request normally takes to answer, even on a slow connection's first byte. */
const STUCK_AFTER_MS = 2_000;

interface InFlight {
  /** Since when nothing has been heard of this attempt (its start, or a request settling). */
  since: number;
  restart(): void;
  stall(error: Error): void;
}

/**
 * One collection's replication attempts (each pull or push handler call), so that none can stall
 * the collection and "Sync now" always starts a new one.
 *
 * - Watchdog: every request already has a deadline, so an attempt hears something (a request
 *   settling) at least every two deadlines (the token's wait, then the request). An attempt with
 *   no sign of life for `stallMs` is given up: its requests are aborted and it fails as an
 *   unreachable server does, so RxDB retries it after its backoff. This catches what a deadline
 *   cannot: a fetch that ignores its abort signal, an await that is not a request.
 * - retryNow ("Sync now"): attempts silent for a while are abandoned (their requests aborted)
 *   and started again at once, and a retry backoff in progress ends now. A request abandoned after the server
 *   applied it is harmless: the new insert meets the row (409 on the primary key, which the
 *   plugin reads and merges) and a repeated update finds the row already as it wants it.
 *
 * RxDB itself offers no way to do either: cancel() ends the replication for good (a new one
 * would need every subscription rewired), and pause()/start() leave an awaited request awaited.
 */
export class Attempts {
  #controller = new AbortController();
  readonly #inFlight = new Set<InFlight>();
  readonly #waits = new Set<() => void>();
  #timer: ReturnType<typeof setInterval> | undefined;
  /** Attempts running now, and retry waits in progress (for the sync indicator). */
  readonly state$ = new BehaviorSubject<{ running: number; waiting: number }>({ running: 0, waiting: 0 });

  constructor(private readonly stallMs: number) {}

  /** The signal this collection's requests carry now; aborted when their attempt is given up. */
  readonly signal = (): AbortSignal => this.#controller.signal;

  /** A request of this collection settled: its attempt is alive. */
  readonly settled = (): void => {
    const now = Date.now();
    for (const entry of this.#inFlight) entry.since = now;
  };

  /** Runs one handler call under the watchdog, again from the start when retryNow abandons it. */
  async run<T>(attempt: () => Promise<T>): Promise<T> {
    for (;;) {
      const outcome = await new Promise<{ done: true; value: T } | { done: false }>((resolve, reject) => {
        const entry: InFlight = {
          since: Date.now(),
          restart: () => finish(() => resolve({ done: false })),
          stall: (error) => finish(() => reject(error)),
        };
        const finish = (settle: () => void) => {
          if (!this.#inFlight.delete(entry)) return;
          this.#changed();
          settle();
        };
        this.#inFlight.add(entry);
        this.#changed();
        attempt().then(
          (value) => finish(() => resolve({ done: true, value })),
          (error: unknown) => finish(() => reject(error as Error)),
        );
      });
      if (outcome.done) return outcome.value;
    }
  }

  /** RxDB's wait before a retry, ended early by retryNow. */
  wait(backoff: Promise<void>): Promise<void> {
    return new Promise<void>((resolve) => {
      const wake = () => {
        if (!this.#waits.delete(wake)) return;
        this.#changed();
        resolve();
      };
      this.#waits.add(wake);
      this.#changed();
      void backoff.then(wake);
    });
  }

  /**
   * "Sync now": an attempt silent for `stuckAfterMs` starts again now (one answering normally is
   * left to finish), and no retry waits out its backoff.
   */
  retryNow(stuckAfterMs = STUCK_AFTER_MS): void {
    const stuck = [...this.#inFlight].filter((entry) => Date.now() - entry.since >= stuckAfterMs);
    if (stuck.length > 0) this.#abortRequests();
    // Aborting the requests fails every attempt of the collection: restart those too.
    for (const entry of stuck.length > 0 ? [...this.#inFlight] : []) entry.restart();
    for (const wake of [...this.#waits]) wake();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#abortRequests();
  }

  #abortRequests(): void {
    this.#controller.abort(new DOMException('The attempt was given up', 'AbortError'));
    this.#controller = new AbortController();
  }

  #check(): void {
    const stalled = [...this.#inFlight].filter((entry) => Date.now() - entry.since >= this.stallMs);
    if (stalled.length === 0) return;
    this.#abortRequests();
    for (const entry of stalled) entry.stall(new DeadlineError(this.stallMs));
  }

  #changed(): void {
    this.state$.next({ running: this.#inFlight.size, waiting: this.#waits.size });
    if (this.#inFlight.size > 0 && !this.#timer) this.#timer = setInterval(() => this.#check(), Math.max(10, this.stallMs / 4));
    if (this.#inFlight.size === 0 && this.#timer) {
      clearInterval(this.#timer);
      this.#timer = undefined;
    }
  }
}
