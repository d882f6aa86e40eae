/**
 * The parent's handle on a forked subscriber fleet (realtime-fleet.ts): open N subscriptions,
 * estimate the clock offset between the two processes, collect receipts until a count is reached.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FromFleet, ToFleet } from './realtime-fleet.ts';
import { now } from './realtime-lean.ts';
import { merge, type Receipts } from './realtime-stats.ts';

const FLEET = fileURLToPath(new URL('./realtime-fleet.ts', import.meta.url));

export class Fleet {
  private readonly child: ChildProcess;
  private waiting: ((m: FromFleet) => void) | undefined;
  private completed = new Set<number>();
  private onComplete: ((id: number) => void) | undefined;
  readonly problems: string[] = [];

  constructor() {
    this.child = fork(FLEET, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (m: FromFleet) => {
      if (m.type !== 'complete') return this.waiting?.(m);
      this.completed.add(m.id);
      this.onComplete?.(m.id);
    });
  }

  private ask<T extends FromFleet['type']>(m: ToFleet, type: T, timeoutMs = 120_000): Promise<Extract<FromFleet, { type: T }>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`fleet: no ${type} within ${timeoutMs} ms`)), timeoutMs);
      this.waiting = (r) => {
        if (r.type !== type) return;
        clearTimeout(timer);
        this.waiting = undefined;
        resolve(r as Extract<FromFleet, { type: T }>);
      };
      this.child.send(m);
    });
  }

  /** Opens one subscription per token; subscriber 0 goes through supabase-js. Returns ms taken. */
  async open(httpUrl: string, anonKey: string, table: string, tokens: string[], perRow: number): Promise<number> {
    const r = await this.ask({ type: 'open', httpUrl, anonKey, table, tokens, perRow }, 'opened');
    if (r.problems.length) throw new Error(`fleet could not subscribe: ${r.problems.slice(0, 5).join('; ')}`);
    return r.ms;
  }

  /** Resolves true once every owner has row `id`, false after `timeoutMs`. */
  complete(id: number, timeoutMs: number): Promise<boolean> {
    if (this.completed.has(id)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.onComplete = undefined;
        resolve(false);
      }, timeoutMs);
      this.onComplete = (done) => {
        if (done !== id) return;
        clearTimeout(timer);
        this.onComplete = undefined;
        resolve(true);
      };
    });
  }

  /** Fleet clock minus ours, from the ping with the shortest round trip. */
  async clockOffset(): Promise<number> {
    let best = { rtt: Infinity, offset: 0 };
    for (let i = 0; i < 20; i++) {
      const t1 = now();
      const { t } = await this.ask({ type: 'clock' }, 'clock');
      const t2 = now();
      if (t2 - t1 < best.rtt) best = { rtt: t2 - t1, offset: t - (t1 + t2) / 2 };
    }
    return best.offset;
  }

  /** Receipts until `expected` have arrived (plus 300 ms for duplicates) or `timeoutMs` passed. */
  async collect(expected: number, timeoutMs: number): Promise<Receipts> {
    const all: Receipts = { subs: [], ids: [], times: [] };
    const end = now() + timeoutMs;
    for (;;) {
      const r = await this.ask({ type: 'collect' }, 'collected');
      merge(all, r);
      this.problems.push(...r.problems);
      if (now() > end) return all;
      if (all.ids.length >= expected) {
        // A moment more, so a late duplicate is counted rather than missed.
        await new Promise((res) => setTimeout(res, 300));
        const late = await this.ask({ type: 'collect' }, 'collected');
        merge(all, late);
        this.problems.push(...late.problems);
        return all;
      }
      await new Promise((res) => setTimeout(res, 100));
    }
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.send({ type: 'close' });
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (this.child.exitCode === null) this.child.kill();
  }
}
