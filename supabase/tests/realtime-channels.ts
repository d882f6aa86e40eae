/** A private (or public) Realtime channel joined through supabase-js, recording what arrives. */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { waitUntil } from '../../tests/integration/realtime/helpers.ts';

export interface Joined {
  client: SupabaseClient;
  channel: RealtimeChannel;
  status: string;
  error?: string;
  broadcasts: Record<string, unknown>[];
  /** `system` messages (a shutdown's error, for instance). */
  system: Record<string, unknown>[];
  presence: () => Record<string, unknown>;
}

export async function join(client: SupabaseClient, topic: string, options: { presence?: string; isPrivate?: boolean } = {}): Promise<Joined> {
  const channel = client.channel(topic, {
    config: { private: options.isPrivate ?? true, broadcast: { ack: true }, ...(options.presence ? { presence: { key: options.presence } } : {}) },
  });
  const j: Joined = { client, channel, status: '', broadcasts: [], system: [], presence: () => channel.presenceState() };
  channel.on('broadcast', { event: 'typing' }, (m) => j.broadcasts.push(m.payload as Record<string, unknown>));
  channel.on('system' as never, {} as never, (m: Record<string, unknown>) => j.system.push(m));
  if (options.presence) channel.on('presence', { event: 'sync' }, () => undefined);
  channel.subscribe((status, error) => {
    j.status ||= status;
    if (error && !j.error) j.error = error.message;
  });
  await waitUntil(() => j.status !== '', 8000, `join of ${topic}`);
  return j;
}

/**
 * Resolves once a marker broadcast sent by `from` after everything before it has reached `to`, over
 * a public topic of their own. The server handles a socket's frames (and a REST broadcast before its
 * answer) in order and writes to each socket in order, so whatever `to` was going to receive from
 * earlier sends has arrived by then: "nothing arrived" is checked against a state, not a pause.
 */
export async function fence(from: SupabaseClient, to: SupabaseClient): Promise<void> {
  const topic = `fence-${crypto.randomUUID()}`;
  const receiver = await join(to, topic, { isPrivate: false });
  const sender = await join(from, topic, { isPrivate: false });
  try {
    const sent = await sender.channel.send({ type: 'broadcast', event: 'typing', payload: { name: 'fence' } });
    if (sent !== 'ok') throw new Error(`the fence was not sent: ${sent}`);
    await waitUntil(() => receiver.broadcasts.length > 0, 5000, 'the fence');
  } finally {
    await to.removeChannel(receiver.channel);
    await from.removeChannel(sender.channel);
  }
}
