/** Realtime test helpers: a subscribed channel that records what arrives, and waiting for it. */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';

export const CUSTOMER_A = '00000000-0000-4000-8000-000000000001';
export const CUSTOMER_B = '00000000-0000-4000-8000-000000000002';
export const SUPPORT = '00000000-0000-4000-8000-000000000003';

export interface Binding {
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
  schema: string;
  table?: string;
  filter?: string;
}

export interface Recorder {
  channel: RealtimeChannel;
  changes: Record<string, unknown>[];
  system: Record<string, unknown>[];
  statuses: { status: string; error?: Error }[];
  /** Resolves with the first recorded item (now or later) that passes `pred`. */
  waitFor<T>(list: T[], pred: (x: T) => boolean, ms?: number): Promise<T>;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

export async function waitUntil(pred: () => boolean, ms = 5000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/**
 * Joins `topic` with the given postgres_changes bindings and waits until the subscription is
 * live (the "Subscribed to PostgreSQL" system message), or until the join settles when there are
 * no bindings. `expectLive: false` returns as soon as the join settled (error cases).
 */
export async function record(
  client: SupabaseClient,
  topic: string,
  bindings: Binding[],
  options: { expectLive?: boolean; config?: Record<string, unknown> } = {},
): Promise<Recorder> {
  const channel = client.channel(topic, options.config ? { config: options.config } : undefined);
  const r: Recorder = {
    channel,
    changes: [],
    system: [],
    statuses: [],
    async waitFor(list, pred, ms = 5000) {
      let found: (typeof list)[number] | undefined;
      await waitUntil(() => (found = list.find(pred)) !== undefined, ms, 'a realtime message');
      return found!;
    },
  };
  for (const b of bindings) {
    channel.on('postgres_changes' as never, b as never, (payload: Record<string, unknown>) => r.changes.push(payload));
  }
  channel.on('system' as never, {} as never, (payload: Record<string, unknown>) => r.system.push(payload));
  channel.subscribe((status, error) => r.statuses.push({ status, ...(error ? { error } : {}) }));
  await waitUntil(() => r.statuses.length > 0, 8000, `join of ${topic}`);
  if (bindings.length && options.expectLive !== false) {
    await r.waitFor(r.system, (m) => m.extension === 'postgres_changes', 8000);
  }
  return r;
}
