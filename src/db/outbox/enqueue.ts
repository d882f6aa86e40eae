import * as v from 'valibot';
import { GUEST, syncDb, type OutboxEntry } from '../sync/sync-db.ts';
import { OUTBOX_KINDS, type OutboxArgs, type OutboxKind, type OutboxKindName } from './kinds.ts';

export interface EnqueueOptions {
  /** The signed-in user's id, or GUEST. Only this user's session (or anyone's, for GUEST) sends it. */
  userId: string;
  /** What it is, for people (the sync center lists it): "Newsletter: ann@example.com". */
  label: string;
}

let lastCreatedAt = 0;

/**
 * Validates and queues a call on this device; resolves once it is stored (it survives a reload
 * from then on). Its id is also the idempotency key the server records, so however often it is
 * sent, it applies once. Throws a ValiError on invalid arguments, and an Error for a kind a
 * guest may not make.
 */
export async function enqueueEntry<K extends OutboxKindName>(kind: K, args: OutboxArgs<K>, options: EnqueueOptions): Promise<OutboxEntry> {
  const def = OUTBOX_KINDS[kind] as OutboxKind<v.GenericSchema>;
  const parsed = v.parse(def.args, args) as Record<string, unknown>;
  if (options.userId === GUEST && !def.guests) throw new Error(`Sign in to do this (${kind})`);
  // Strictly increasing within the tab: two calls in one millisecond keep their order.
  lastCreatedAt = Math.max(Date.now(), lastCreatedAt + 1);
  const entry: OutboxEntry = {
    id: crypto.randomUUID(),
    userId: options.userId,
    kind,
    args: parsed,
    label: options.label,
    createdAt: lastCreatedAt,
    state: 'pending',
    attempts: 0,
  };
  await syncDb().outbox.add(entry);
  return entry;
}
