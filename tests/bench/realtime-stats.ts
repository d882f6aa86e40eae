/**
 * Bookkeeping of the Realtime benchmark: which subscriber got which row when, turned into latency
 * percentiles and an exactly-once account (lost, duplicated, delivered to a non-owner).
 */
export interface Receipts {
  subs: number[];
  ids: number[];
  times: number[];
}

export interface Account {
  latencies: number[];
  lost: number;
  duplicates: number;
  leaked: number;
  lastReceipt: number;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/**
 * `sent` maps each row id of the phase to its send time (parent clock); `offset` converts the
 * fleet's clock to the parent's; `owners[i]` says whether subscriber i may see the rows.
 */
export function account(r: Receipts, sent: Map<number, number>, owners: boolean[], offset: number): Account {
  const seen = new Map<number, number>();
  const latencies: number[] = [];
  let leaked = 0;
  let lastReceipt = 0;
  for (let k = 0; k < r.ids.length; k++) {
    const [sub, id, at] = [r.subs[k]!, r.ids[k]!, r.times[k]! - offset];
    const t0 = sent.get(id);
    if (t0 === undefined) continue; // a row of another phase
    if (!owners[sub]) {
      leaked++;
      continue;
    }
    const key = sub * 10_000_000 + id;
    seen.set(key, (seen.get(key) ?? 0) + 1);
    latencies.push(at - t0);
    lastReceipt = Math.max(lastReceipt, at);
  }
  const expected = sent.size * owners.filter(Boolean).length;
  let duplicates = 0;
  for (const n of seen.values()) duplicates += n - 1;
  latencies.sort((a, b) => a - b);
  return { latencies, lost: expected - seen.size, duplicates, leaked, lastReceipt };
}

export function merge(into: Receipts, more: Receipts): void {
  // A loop, not push(...xs): a spread of 100k arguments overflows the stack.
  for (let k = 0; k < more.ids.length; k++) {
    into.subs.push(more.subs[k]!);
    into.ids.push(more.ids[k]!);
    into.times.push(more.times[k]!);
  }
}
