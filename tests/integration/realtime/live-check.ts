/**
 * The health check the fuzz test runs between batches: a well-behaved supabase-js client on a new
 * connection subscribes as a signed-in user and must receive its own insert, made through
 * /rest/v1, within a deadline.
 */
import { randomUUID } from 'node:crypto';
import type { TestStack } from '../support/stack.ts';

export interface LiveResult {
  /** Insert answered (committed) → change received, ms; the change may even come first (0). */
  latency: number;
  /** Whether the server said "Subscribed to PostgreSQL" before we inserted. */
  systemOk: boolean;
}

function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms))]);
}

export async function liveDelivery(t: TestStack, owner: string, table: string, deadlineMs = 1000): Promise<LiveResult> {
  const token = await t.userToken(owner);
  const client = t.client({ accessToken: token });
  // Without this, supabase-js joins before it knows the token and the channel runs as anon.
  await client.realtime.setAuth(token);
  const id = randomUUID();
  let systemOk = false;
  let onSystem: () => void = () => {};
  const system = new Promise<void>((r) => (onSystem = r));
  let onChange: () => void = () => {};
  const change = new Promise<void>((r) => (onChange = r));
  const channel = client
    .channel(`live-${id}`)
    .on('system', {}, (p: { extension?: string; status?: string }) => {
      if (p.extension === 'postgres_changes' && p.status === 'ok') {
        systemOk = true;
        onSystem();
      }
    })
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table }, (p) => {
      if ((p.new as { id?: string }).id === id) onChange();
    });
  try {
    await within(
      new Promise<void>((resolve, reject) =>
        channel.subscribe((status, err) => {
          if (status === 'SUBSCRIBED') resolve();
          else reject(new Error(`subscribe: ${status} ${err?.message ?? ''}`));
        }),
      ),
      5000,
      'SUBSCRIBED',
    );
    await within(system, 2000, '"Subscribed to PostgreSQL"').catch(() => undefined);
    const { error } = await client.from(table).insert({ id, owner });
    if (error) throw new Error(`insert through /rest/v1: ${error.message}`);
    // From the insert's answer, i.e. after its commit: the deadline is Realtime's, not /rest/v1's.
    const committed = performance.now();
    await within(change, deadlineMs, `the change of row ${id} (deadline ${deadlineMs} ms after the commit)`);
    return { latency: performance.now() - committed, systemOk };
  } finally {
    await client.removeAllChannels();
    client.realtime.disconnect();
  }
}
