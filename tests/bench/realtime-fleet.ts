/**
 * The subscriber side of the Realtime benchmark, in a process of its own (forked by
 * realtime-bench.ts) so hundreds of clients decoding frames do not share the server's event loop.
 * Subscriber 0 is the real supabase-js RealtimeClient; the rest are lean vsn 2.0.0 clients.
 * Talks to the parent over IPC: open → opened, clock → clock, collect → collected, close → closed.
 */
import { RealtimeClient } from '@supabase/realtime-js';
import WebSocket from 'ws';
import { LeanSubscriber, now } from './realtime-lean.ts';

export interface OpenMessage {
  type: 'open';
  httpUrl: string;
  anonKey: string;
  table: string;
  tokens: string[];
  /** Receipts that make a row complete (the owners): the fleet then says `complete`. */
  perRow: number;
}
export type ToFleet = OpenMessage | { type: 'clock' } | { type: 'collect' } | { type: 'close' };
export type FromFleet =
  | { type: 'opened'; ms: number; problems: string[] }
  | { type: 'clock'; t: number }
  | { type: 'complete'; id: number }
  | { type: 'collected'; subs: number[]; ids: number[]; times: number[]; problems: string[] };

const reply = (m: FromFleet) => process.send?.(m);
let receipts = { subs: [] as number[], ids: [] as number[], times: [] as number[] };
let problems: string[] = [];
const closers: (() => Promise<void>)[] = [];
let perRow = Infinity;
const perId = new Map<number, number>();

const record = (sub: number) => (row: Record<string, unknown>, at: number) => {
  const id = Number(row.id);
  receipts.subs.push(sub);
  receipts.ids.push(id);
  receipts.times.push(at);
  const n = (perId.get(id) ?? 0) + 1;
  perId.set(id, n);
  if (n === perRow) reply({ type: 'complete', id });
};

/** Subscriber 0, through supabase-js: what it decodes is what an app would see. */
async function openSupabaseJs(m: OpenMessage): Promise<void> {
  const client = new RealtimeClient(`${m.httpUrl.replace(/^http/, 'ws')}/realtime/v1`, {
    params: { apikey: m.anonKey },
    transport: WebSocket as unknown as typeof globalThis.WebSocket,
  });
  await client.setAuth(m.tokens[0]);
  const onRow = record(0);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('supabase-js: not subscribed within 20 s')), 20_000);
    client
      .channel('bench-0')
      .on('system', {}, (p: { extension?: string; status?: string }) => {
        if (p.extension === 'postgres_changes' && p.status === 'ok') {
          clearTimeout(timer);
          resolve();
        }
      })
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: m.table }, (p) => {
        if (typeof p.new.id !== 'number' || typeof p.new.owner !== 'string') problems.push(`supabase-js decoded ${JSON.stringify(p.new)}`);
        onRow(p.new, now());
      })
      .subscribe((status, err) => {
        if (status !== 'SUBSCRIBED') reject(new Error(`supabase-js: ${status} ${err?.message ?? ''}`));
      });
  });
  closers.push(async () => {
    await client.removeAllChannels();
    client.disconnect();
  });
}

async function open(m: OpenMessage): Promise<void> {
  const started = now();
  perRow = m.perRow;
  await openSupabaseJs(m);
  const wsUrl = `${m.httpUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${m.anonKey}&vsn=2.0.0`;
  // Join in waves: a stampede of 500 handshakes measures the accept queue, not Realtime.
  for (let i = 1; i < m.tokens.length; i += 50) {
    await Promise.all(
      m.tokens.slice(i, i + 50).map(async (token, k) => {
        const sub = new LeanSubscriber({ wsUrl, topic: `realtime:bench-${i + k}`, table: m.table, token, onChange: record(i + k), onProblem: (p) => problems.push(p) });
        closers.push(() => sub.close());
        await sub.open();
      }),
    );
  }
  reply({ type: 'opened', ms: now() - started, problems: problems.splice(0) });
}

process.on('message', (m: ToFleet) => {
  switch (m.type) {
    case 'open':
      open(m).catch((error: Error) => reply({ type: 'opened', ms: 0, problems: [error.message, ...problems.splice(0)] }));
      break;
    case 'clock':
      reply({ type: 'clock', t: now() });
      break;
    case 'collect':
      reply({ type: 'collected', ...receipts, problems: problems.splice(0) });
      receipts = { subs: [], ids: [], times: [] };
      problems = [];
      break;
    case 'close':
      Promise.all(closers.map((c) => c())).finally(() => process.exit(0));
      break;
  }
});
