/**
 * Realtime's quotas (limits.ts `RealtimeQuotas`) as counters: open connections per address and
 * for the project, and token buckets for joins, broadcasts and presence events. A bucket refills
 * at the quota's rate and holds at most one second of it, so a client may burst up to its quota
 * and then keeps to it on average (hosted Realtime averages over a minute; this answers sooner,
 * which is what keeps one address from starving the others); an address over its rate cools down. A per-address check runs first and
 * a refused attempt takes nothing from the project, so a flood from one address cannot use up
 * what other users need.
 */
import type { RealtimeQuotas } from './limits.ts';

class Bucket {
  #tokens: number;
  #at = performance.now();
  constructor(readonly rate: number) {
    this.#tokens = rate;
  }
  #refill(): void {
    const now = performance.now();
    this.#tokens = Math.min(this.rate, this.#tokens + ((now - this.#at) / 1000) * this.rate);
    this.#at = now;
  }
  /** True (and one token taken) when a token is there. */
  take(): boolean {
    this.#refill();
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
  get empty(): boolean {
    this.#refill();
    return this.#tokens < 1;
  }
  get full(): boolean {
    this.#refill();
    return this.#tokens >= this.rate;
  }
}

/** Buckets per address; full ones (idle addresses) are forgotten when the map grows. */
class PerAddress {
  readonly #buckets = new Map<string, Bucket>();
  constructor(readonly rate: number) {}
  get(ip: string): Bucket {
    let b = this.#buckets.get(ip);
    if (!b) {
      if (this.#buckets.size >= 10_000) for (const [k, v] of this.#buckets) if (v.full) this.#buckets.delete(k);
      this.#buckets.set(ip, (b = new Bucket(this.rate)));
    }
    return b;
  }
}

/**
 * An address that went over its rate stays refused for a second (`COOL_DOWN_MS`), as hosted
 * Realtime's averaged counter stays triggered for a while: otherwise a client that reconnects at
 * once gets one more join per token that trickles back, each on a fresh socket.
 */
const COOL_DOWN_MS = 1000;

class Limited {
  readonly project: Bucket;
  readonly perIp: PerAddress;
  readonly #cooling = new Map<string, number>();
  constructor(project: number, perIp: number) {
    this.project = new Bucket(project);
    this.perIp = new PerAddress(Math.min(perIp, project));
  }
  #cool(ip: string): boolean {
    const until = this.#cooling.get(ip);
    if (until === undefined) return false;
    if (performance.now() < until) return true;
    this.#cooling.delete(ip);
    return false;
  }
  take(ip: string): boolean {
    if (this.#cool(ip)) return false;
    if (!this.perIp.get(ip).take()) {
      if (this.#cooling.size >= 10_000) this.#cooling.clear();
      this.#cooling.set(ip, performance.now() + COOL_DOWN_MS);
      return false;
    }
    return this.project.take();
  }
  exhausted(ip: string): boolean {
    return this.#cool(ip) || this.perIp.get(ip).empty || this.project.empty;
  }
}

export type ConnectRefusal = 'too_many_connections' | 'too_many_joins';

export class Quota {
  readonly #open = new Map<string, number>();
  #total = 0;
  readonly #joins: Limited;
  readonly #events: Limited;
  readonly #presence: Limited;

  constructor(readonly quotas: RealtimeQuotas) {
    this.#joins = new Limited(quotas.maxJoinsPerSecond, quotas.maxJoinsPerSecondPerIp);
    this.#events = new Limited(quotas.maxEventsPerSecond, quotas.maxEventsPerSecondPerIp);
    this.#presence = new Limited(quotas.maxPresenceEventsPerSecond, quotas.maxPresenceEventsPerSecondPerIp);
  }

  /** Counts a new connection, or says why hosted Realtime would refuse it (429). */
  connect(ip: string): ConnectRefusal | null {
    const mine = this.#open.get(ip) ?? 0;
    const perIp = Math.min(this.quotas.maxConcurrentUsersPerIp, this.quotas.maxConcurrentUsers);
    if (this.#total >= this.quotas.maxConcurrentUsers || mine >= perIp) return 'too_many_connections';
    if (this.#joins.exhausted(ip)) return 'too_many_joins';
    this.#open.set(ip, mine + 1);
    this.#total++;
    return null;
  }

  disconnect(ip: string): void {
    const mine = this.#open.get(ip) ?? 0;
    if (mine <= 0) return;
    if (mine === 1) this.#open.delete(ip);
    else this.#open.set(ip, mine - 1);
    this.#total--;
  }

  join(ip: string): boolean {
    return this.#joins.take(ip);
  }

  /** A broadcast sent by a client (socket or REST) from `ip`. */
  event(ip: string): boolean {
    return this.#events.take(ip);
  }

  presence(ip: string): boolean {
    return this.#presence.take(ip);
  }
}
