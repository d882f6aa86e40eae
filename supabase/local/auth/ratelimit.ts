import { AuthError } from './http.ts';

/**
 * In-memory sliding-window rate limits, per stack instance (like GoTrue's in-process limiters).
 * Counters reset when the stack restarts; that is acceptable for a local development stack.
 */
/** [key, limit, window in seconds] */
export type Rule = readonly [string, number, number];

export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  /** Counts one request for `key`; throws 429 when more than `limit` fall in the last `windowSeconds`. */
  take(key: string, limit: number, windowSeconds: number, errorCode = 'over_request_rate_limit', message = 'Request rate limit reached'): void {
    const now = Date.now();
    const since = now - windowSeconds * 1000;
    const list = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (list.length >= limit) {
      this.hits.set(key, list);
      throw new AuthError(429, errorCode, message);
    }
    list.push(now);
    this.hits.set(key, list);
    if (this.hits.size > 10_000) this.prune(since);
  }

  /**
   * Counts one request against every rule, or against none: false (nothing counted) when any rule
   * is at its limit. Synchronous, so two requests cannot both pass a rule's last slot.
   */
  takeAll(rules: readonly Rule[]): boolean {
    const now = Date.now();
    const lists = rules.map(([key, limit, windowSeconds]) => {
      const list = (this.hits.get(key) ?? []).filter((t) => t > now - windowSeconds * 1000);
      this.hits.set(key, list);
      return { list, full: list.length >= limit };
    });
    if (lists.some((l) => l.full)) return false;
    for (const { list } of lists) list.push(now);
    return true;
  }

  /** Whether `key` has room for one more request (counts nothing). */
  hasRoom(key: string, limit: number, windowSeconds: number): boolean {
    const since = Date.now() - windowSeconds * 1000;
    return (this.hits.get(key) ?? []).filter((t) => t > since).length < limit;
  }

  private prune(since: number): void {
    for (const [k, v] of this.hits) if (!v.some((t) => t > since)) this.hits.delete(k);
  }
}

export const FIVE_MINUTES = 300;
export const ONE_HOUR = 3600;
