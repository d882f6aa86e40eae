import { registerSyncActions } from '../sync/controller.ts';
import { setPartActive, syncStatus } from '../sync/status.ts';
import { noteEnqueued } from '../sync/stored.ts';
import { syncDb, type OutboxEntry } from '../sync/sync-db.ts';
import { loadSupabase } from '@/lib/load-supabase.ts';
import { readSupabaseEnv } from '@/lib/env.ts';
import { OutboxDeliverer } from './deliverer.ts';
import { enqueueEntry, type EnqueueOptions } from './enqueue.ts';
import type { OutboxArgs, OutboxKindName } from './kinds.ts';
import { createRpcTransport, sessionTokenFor, type OutboxTransport } from './transport.ts';

export { GUEST } from '../sync/sync-db.ts';
export type { OutboxKindName, OutboxArgs } from './kinds.ts';

export interface StartOutboxOptions {
  /** The signed-in user (null when nobody is): their entries and guests' are sent. */
  getUserId: () => string | null;
  /** Defaults to the app's Supabase client (tests pass their own). */
  transport?: OutboxTransport;
}

let running: { deliverer: OutboxDeliverer; stop: () => void } | undefined;

const browserTransport = () =>
  createRpcTransport({ client: loadSupabase, anonKey: readSupabaseEnv().anonKey, tokenFor: sessionTokenFor });

/**
 * Starts delivering this device's outbox: now (leftovers of earlier visits), after each enqueue,
 * when the connection returns, when the window regains focus, on the sync center's "sync now",
 * and after a backoff while calls fail for a reason that may pass. Registers Retry and Discard.
 */
export function startOutbox(options: StartOutboxOptions): () => void {
  stopOutbox();
  const db = syncDb();
  let ownError: string | null = null;
  const deliverer = new OutboxDeliverer({
    db,
    transport: options.transport ?? browserTransport(),
    getUserId: options.getUserId,
    onActive: (active) => setPartActive('outbox', active),
    onTransientError: (error) => {
      // Clear only the error this part set: the replication reports its own.
      if (error) syncStatus.setState({ lastError: (ownError = error.message) });
      else if (ownError && syncStatus.getState().lastError === ownError) syncStatus.setState({ lastError: (ownError = null) });
    },
  });
  const kick = () => void deliverer.deliverNow();
  const unregister = registerSyncActions({
    syncNow: () => deliverer.deliverNow(),
    async retryOutbox(entry: OutboxEntry) {
      await db.outbox.where('id').equals(entry.id).modify((stored) => {
        if (stored.state !== 'failed') return;
        stored.state = 'pending';
        delete stored.error;
      });
      await deliverer.deliverNow();
    },
    async discardOutbox(entry: OutboxEntry) {
      await db.outbox.delete(entry.id);
    },
  });
  if (typeof window !== 'undefined') {
    window.addEventListener('online', kick);
    window.addEventListener('focus', kick);
  }
  const stop = () => {
    deliverer.stop();
    unregister();
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', kick);
      window.removeEventListener('focus', kick);
    }
  };
  running = { deliverer, stop };
  kick();
  return stopOutbox;
}

export function stopOutbox(): void {
  running?.stop();
  running = undefined;
}

/** Sends what is due now (e.g. after a sign-in); does nothing before startOutbox. */
export function deliverOutbox(): Promise<void> {
  return running?.deliverer.deliverNow() ?? Promise.resolve();
}

/**
 * Queues a call (see enqueueEntry) and, when the outbox runs in this tab, sends it at once. Works
 * offline: the entry waits on the device.
 */
export async function enqueue<K extends OutboxKindName>(kind: K, args: OutboxArgs<K>, options: EnqueueOptions): Promise<OutboxEntry> {
  const entry = await enqueueEntry(kind, args, options);
  // A tab that had nothing to send has not started the outbox: this starts it (app/outbox.ts).
  if (running) void deliverOutbox();
  else noteEnqueued();
  return entry;
}
