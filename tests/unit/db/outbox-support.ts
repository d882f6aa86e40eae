import { SyncDatabase, setSyncDb, type OutboxEntry } from '@/db/sync/sync-db.ts';
import type { RpcAnswer } from '@/db/outbox/outcome.ts';
import type { OutboxTransport } from '@/db/outbox/transport.ts';

/** A fresh sync database (own fake-indexeddb name) installed as the device's. */
export function freshSyncDb(): SyncDatabase {
  const db = new SyncDatabase(`garage-sync-test-${crypto.randomUUID()}`);
  setSyncDb(db);
  return db;
}

export interface SentCall {
  entry: OutboxEntry;
  rpc: string;
  params: Record<string, unknown>;
}

export const OK: RpcAnswer = { status: 200, error: null };
export const OFFLINE: RpcAnswer = { status: 0, error: { code: '', message: 'TypeError: fetch failed' } };
export const NOT_FOUND: RpcAnswer = { status: 404, error: { code: 'PT404', message: 'Article not found' } };

/**
 * A scripted server for the state machine: records every call, answers from `answer` (OK by
 * default), optionally after a delay so concurrent deliverers overlap.
 */
export function scriptedTransport(answer: (call: SentCall) => RpcAnswer | null = () => OK, delayMs = 0) {
  const calls: SentCall[] = [];
  const transport: OutboxTransport = {
    async call(entry, rpc, params) {
      const call = { entry, rpc, params };
      calls.push(call);
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return answer(call);
    },
  };
  return { transport, calls };
}

export const until = async (check: () => boolean | Promise<boolean>, timeoutMs = 3000) => {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};
