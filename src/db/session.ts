import { removeRxDatabase, type RxCollection, type RxStorage } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { COLLECTIONS, COLLECTION_NAMES, type CollectionName, type CollectionSpec } from './collections/index.ts';
import { createAppDatabase, userDatabaseName, type AppDatabase } from './database.ts';
import { REQUEST_DEADLINE_MS, withDeadline } from '@/lib/deadline.ts';
import { Attempts } from './replication/attempts.ts';
import { echoPushed } from './replication/echo.ts';
import { createLeaderRelay } from './replication/leader-relay.ts';
import { notePushing, noteRefused, noteSettled, recordLocalWrites, settlePending } from './replication/ledger.ts';
import { mergeConflictHandler } from './replication/merge.ts';
import { noteSending, sentStates } from './replication/sent.ts';
import { createPushGuard } from './replication/push-guard.ts';
import { reconcileVisibility } from './replication/reconcile.ts';
import { replicateCollection, type CollectionReplication, type RealtimeLike } from './replication/replicate.ts';
import { createRestClient, type RestClient } from './replication/rest.ts';
import { wireStatus } from './replication/status-wiring.ts';
import { startTriggers } from './replication/triggers.ts';
import { registerSyncActions } from './sync/controller.ts';
import { purgeUserSyncData, syncDb, type PendingWrite, type SyncDatabase } from './sync/sync-db.ts';
import { emitFromServer } from './replication/emit.ts';
import { keepTicket, keptTickets } from './replication/kept-tickets.ts';
import { STAFF_WINDOW_DAYS, evictOutsideWindow, watchArrivals, windowPullFilter, type StaffWindow } from './replication/staff-window.ts';

export interface UserDataOptions {
  userId: string;
  /** Project URL and anon key (VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY). */
  url: string;
  anonKey: string;
  getAccessToken(): Promise<string | null>;
  /** supabase-js's client (its Realtime); without it, changes arrive on reSync() only. */
  realtime?: RealtimeLike & { realtime: { setAuth(token?: string | null): Promise<void> } };
  storage?: RxStorage<unknown, unknown>;
  /** Database name; one per user by default. */
  name?: string;
  collections?: readonly CollectionName[];
  /** Browser tabs: true (one leader replicates). Simulated devices in one process: false. */
  multiInstance?: boolean;
  sync?: SyncDatabase;
  fetch?: typeof fetch;
  /** Seconds between retries of a failed pull or push. */
  retryTime?: number;
  /**
   * How long one request (and the wait for its token) may take before it counts as "server
   * unreachable" (REQUEST_DEADLINE_MS); an attempt silent for twice that is given up. Tests use less.
   */
  requestTimeoutMs?: number;
  /**
   * The user's role: a customer's device pushes no staff-only table (CollectionSpec.staffWrites);
   * a staff device holds a window of the help desk's tickets (staff-window.ts).
   */
  role?: 'customer' | 'support' | 'admin';
  /** Days of ticket activity a staff device holds (STAFF_WINDOW_DAYS by default). */
  staffWindowDays?: number;
  /** Register the sync center's actions and the window triggers (the app does; tests need not). */
  attach?: boolean;
}

export interface UserData {
  db: AppDatabase;
  userId: string;
  replications: Map<CollectionName, CollectionReplication>;
  /** Pull and push every collection; resolves when in sync or after `timeoutMs` (offline). */
  syncNow(timeoutMs?: number): Promise<void>;
  /** Removes rows the user may no longer read (see reconcile.ts). */
  reconcile(): Promise<void>;
  retryWrite(entry: PendingWrite): Promise<void>;
  discardWrite(entry: PendingWrite): Promise<void>;
  /**
   * Brings a ticket from the server onto this device with its messages, as the server's rows, and
   * keeps it there for KEEP_DAYS though it is outside a staff device's window (the online search of
   * older tickets). Resolves once the ticket is in the local database.
   */
  openTicket(ticketId: string): Promise<void>;
  /** Stops replicating and closes the database (its data stays). */
  close(): Promise<void>;
}

/**
 * How long opening waits for the token Realtime joins with: with a stored session it is there at
 * once (or after a quick refresh); a server that cannot be reached must not hold the user's data
 * on the device behind it, so past this the channels join as they can and get the token later.
 */
const REALTIME_TOKEN_WAIT_MS = 2_000;

const spec = (name: CollectionName) => COLLECTIONS[name] as unknown as CollectionSpec<{ id: string }>;

/** Longest a staff device's messages wait for the tickets' first sync before they start anyway. */
export const QUEUE_FIRST_MS = 5_000;

/**
 * A staff device's first screen is the ticket queue: the messages (as many rows, each larger) start
 * once the tickets are in, so the two do not share the browser's storage while the queue loads
 * (issue 29). Capped, so a tickets' sync that cannot finish (offline, an error) holds them up for
 * QUEUE_FIRST_MS at most: the messages' own pushes wait no longer than that.
 */
function firstSyncOf(replication: CollectionReplication | undefined): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([replication?.awaitInitialReplication(), new Promise((resolve) => (timer = setTimeout(resolve, QUEUE_FIRST_MS)))]).finally(() => clearTimeout(timer));
}

export async function openUserData(options: UserDataOptions): Promise<UserData> {
  const { userId } = options;
  const sync = options.sync ?? syncDb();
  const names = options.collections ?? COLLECTION_NAMES;

  const db = await createAppDatabase({
    name: options.name ?? userDatabaseName(userId),
    ...(options.storage ? { storage: options.storage } : {}),
    collections: names,
    multiInstance: options.multiInstance ?? true,
    conflictHandler: (name) =>
      mergeConflictHandler(
        spec(name),
        (replaced) => {
          void sync.conflicts.add({ userId, collection: name, at: Date.now(), ...replaced });
        },
        (docId) => sentStates(sync, name, docId),
      ) as never,
  });

  const guardedFetch = createPushGuard({
    ...(options.fetch ? { fetch: options.fetch } : {}),
    onRefused: async (refused) => {
      if (!names.includes(refused.table as CollectionName)) return;
      const owner = spec(refused.table as CollectionName);
      await noteRefused(sync, { ...refused, userId, collection: owner.name, label: owner.label(refused.doc as never) });
    },
  });
  // Deadlines and retries of the data layer, in one place:
  // - each REST request waits at most `timeoutMs` (15 s) for its token, then as long for its
  //   answer; past it, it fails as an unreachable server does (rest.ts);
  // - a failed pull or push is retried by RxDB after `retryTime` (5 s), for ever, so after a hang
  //   ends, queued writes and server changes arrive within deadline + retryTime, without a reload;
  // - an attempt with no sign of life for 2 × timeoutMs is given up and retried (attempts.ts);
  // - "Sync now" restarts attempts silent for 2 s, ends any retry wait, and pulls every collection;
  // - the echo, reconcile, Retry and Discard use the same deadline and are asked again later.
  const timeoutMs = options.requestTimeoutMs ?? REQUEST_DEADLINE_MS;
  const restFor = (fetch: typeof globalThis.fetch, attempts?: Attempts): RestClient =>
    createRestClient({
      url: options.url,
      anonKey: options.anonKey,
      getAccessToken: options.getAccessToken,
      fetch,
      timeoutMs,
      ...(attempts ? { signal: attempts.signal, onSettled: attempts.settled } : {}),
    });
  // Without a plain client for retries, a retried write that is refused again would be recorded
  // by the guard as a new refusal and reported as a success here.
  const plainRest: RestClient = restFor(options.fetch ?? ((i, init) => fetch(i, init)));

  if (options.realtime) {
    // realtime-js joins with no token when subscribed right after the client loads a session
    // (RLS-filtered changes then never arrive); set it before the first channel joins. Without a
    // token in time (offline, a refresh pending) the channels join as they can, and supabase-js
    // hands Realtime the token once the refresh succeeds.
    const token = await withDeadline(options.getAccessToken(), Math.min(timeoutMs, REALTIME_TOKEN_WAIT_MS)).catch(() => null);
    if (token) await options.realtime.realtime.setAuth(token);
  }

  const staffWindow: StaffWindow | undefined =
    options.role === 'support' || options.role === 'admin' ? { userId, days: options.staffWindowDays ?? STAFF_WINDOW_DAYS } : undefined;
  const replications = new Map<CollectionName, CollectionReplication>();
  const cleanups: (() => void)[] = [];
  for (const name of names) {
    const collection = db[name] as RxCollection;
    recordLocalWrites(collection, spec(name), sync, userId);
    // Each collection has its own client, so its watchdog hears and aborts only its own requests.
    const attempts = new Attempts(2 * timeoutMs);
    const pullFilter = staffWindow && windowPullFilter(name, staffWindow);
    const replication = replicateCollection(collection, spec(name), {
      ...(pullFilter ? { pullFilter } : {}),
      rest: restFor(guardedFetch, attempts),
      attempts,
      ...(options.realtime ? { realtime: options.realtime } : {}),
      waitForLeadership: options.multiInstance ?? true,
      push: !(options.role === 'customer' && spec(name).staffWrites),
      beforePush: async (rows) => {
        await notePushing(sync, userId, spec(name), rows);
        // Inserts have no earlier server state to mistake for a rival's (sent.ts).
        await noteSending(sync, userId, name, rows.filter((row) => row.assumedMasterState).map((row) => row.newDocumentState));
      },
      ...(staffWindow && name === 'support_messages' ? { startAfter: () => firstSyncOf(replications.get('support_tickets')) } : {}),
      ...(options.retryTime !== undefined ? { retryTime: options.retryTime } : {}),
    });
    replications.set(name, replication);
    const echo = echoPushed(spec(name), replication, plainRest);
    const settle = () => void settlePending(sync, spec(name), replication, echo, userId).catch(() => undefined);
    const subscription = replication.sent$.subscribe(settle);
    const idle = replication.active$.subscribe((active) => {
      if (!active) settle();
    });
    cleanups.push(() => {
      subscription.unsubscribe();
      idle.unsubscribe();
      echo.stop();
    });
  }
  cleanups.push(wireStatus([...replications.values()]));

  const windowSets = staffWindow && replications.has('support_tickets') ? windowCollections(db, replications) : undefined;
  const arrivals = windowSets?.messages ? watchArrivals({ tickets: windowSets.tickets, messages: windowSets.messages }, plainRest) : undefined;
  if (arrivals) cleanups.push(arrivals.stop);

  const reconcile = async () => {
    const entries = await sync.pending.where('userId').equals(userId).toArray();
    const skipOf = (name: CollectionName) => new Set(entries.filter((entry) => entry.collection === name).map((entry) => entry.docId));
    if (windowSets && staffWindow) {
      const skip = { tickets: skipOf('support_tickets'), messages: skipOf('support_messages') };
      const evicted = await evictOutsideWindow(windowSets, staffWindow, skip, keptTickets(userId)).catch(() => []);
      arrivals?.forget(evicted);
    }
    for (const [name, replication] of replications) {
      await reconcileVisibility(db[name] as RxCollection, spec(name), replication, plainRest, skipOf(name)).catch(() => 0);
    }
  };

  const data: UserData = {
    db,
    userId,
    replications,
    // "Sync now" always does something: whatever is in flight (perhaps hung) is abandoned and
    // sent again at once, a retry waiting out its backoff goes now, and every collection pulls.
    async syncNow(timeoutMs = REQUEST_DEADLINE_MS) {
      const all = [...replications.values()];
      for (const replication of all) replication.retryNow();
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        Promise.all(all.map((replication) => replication.awaitInSync())),
        new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
      ]);
      clearTimeout(timer);
    },
    reconcile,
    retryWrite: (entry) => retryWrite(entry, { db, rest: plainRest, sync, replications }),
    discardWrite: (entry) => discardWrite(entry, { db, rest: plainRest, sync, replications }),
    async openTicket(ticketId) {
      await openTicket(ticketId, { db, rest: plainRest, sync, replications });
      keepTicket(userId, ticketId);
    },
    async close() {
      for (const cleanup of cleanups.splice(0)) cleanup();
      await Promise.all([...replications.values()].map((replication) => replication.cancel()));
      await db.close();
    },
  };

  if (options.attach) {
    // A database opened without multiInstance (tests) has no leader election: it is its own leader.
    const isLeader = () => (typeof db.isLeader === 'function' ? db.isLeader() : true);
    const relay = createLeaderRelay(`garage-sync-${userId}`, isLeader, { syncNow: () => data.syncNow(), discardWrite: data.discardWrite, openTicket: data.openTicket });
    data.openTicket = relay.actions.openTicket;
    cleanups.push(
      relay.close,
      registerSyncActions({ syncNow: relay.actions.syncNow, retryWrite: data.retryWrite, discardWrite: relay.actions.discardWrite }),
      startTriggers({ resync: () => replications.forEach((r) => r.reSync()), reconcile: () => void reconcile() }),
    );
    // Opening the session is the next sync for rows that left the user's view while the app was
    // closed (an article unpublished, a category switched off): the pull never reports them. Only
    // the leader's replications run, so only the leader reaches this (the others wait forever).
    void Promise.all([...replications.values()].map((replication) => replication.awaitInitialReplication()))
      .then(reconcile)
      .catch(() => undefined);
  }
  return data;
}

function windowCollections(db: AppDatabase, replications: Map<CollectionName, CollectionReplication>) {
  const pair = (name: CollectionName) => ({ collection: db[name] as RxCollection, replication: replications.get(name)! });
  return { tickets: pair('support_tickets'), ...(replications.has('support_messages') ? { messages: pair('support_messages') } : {}) };
}

interface ActionContext {
  db: AppDatabase;
  rest: RestClient;
  sync: SyncDatabase;
  replications: Map<CollectionName, CollectionReplication>;
}

async function localDoc(ctx: ActionContext, entry: PendingWrite): Promise<Record<string, unknown> | null> {
  const collection = ctx.db[entry.collection as CollectionName] as RxCollection | undefined;
  const doc = await collection?.findOne(entry.docId).exec();
  return doc ? (doc.toMutableJSON() as Record<string, unknown>) : null;
}

/** Sends the document as it is now on this device; on success the entry goes and a pull follows. */
async function retryWrite(entry: PendingWrite, ctx: ActionContext): Promise<void> {
  const owner = spec(entry.collection as CollectionName);
  const current = (await localDoc(ctx, entry)) ?? entry.doc;
  if (!current) {
    await noteSettled(ctx.sync, entry);
    return;
  }
  const row = owner.toServer ? owner.toServer(current) : current;
  // An update whose row is gone (removed elsewhere) is sent again as the row it was; a row that
  // exists is updated, never upserted (some tables let users update but not insert).
  let { error } = entry.op === 'insert' ? await ctx.rest.from(owner.name).insert(row) : await ctx.rest.from(owner.name).update(row).eq('id', entry.docId).select('id').single();
  if (error?.code === 'PGRST116') ({ error } = await ctx.rest.from(owner.name).insert(row));
  if (error?.code === '23505' && entry.op === 'insert') ({ error } = await ctx.rest.from(owner.name).update(row).eq('id', entry.docId).select('id').single());
  if (error) {
    await ctx.sync.pending.update(entry.key, { error: { code: error.code || 'network', message: error.message }, updatedAt: Date.now() });
    return;
  }
  await noteSettled(ctx.sync, entry, row);
  ctx.replications.get(entry.collection as CollectionName)?.reSync();
}

/** Puts the server's version back on this device (or removes a document the server never had). */
async function discardWrite(entry: PendingWrite, ctx: ActionContext): Promise<void> {
  const name = entry.collection as CollectionName;
  const replication = ctx.replications.get(name);
  const { data, error } = await ctx.rest.from(spec(name).name).select('*').eq('id', entry.docId).maybeSingle();
  if (error) throw error;
  const local = await localDoc(ctx, entry);
  const serverDoc = data ? { ...(data as Record<string, unknown>), _deleted: Boolean((data as { _deleted?: boolean })._deleted) } : null;
  const restored = serverDoc ?? (local ? { ...local, _deleted: true } : null);
  if (restored && replication) {
    delete (restored as { _modified?: unknown })._modified;
    emitFromServer(replication, [restored]);
  }
  const dropped = local ?? entry.doc;
  const owner = spec(name);
  await noteSettled(ctx.sync, entry, dropped ? (owner.toServer?.(dropped) ?? dropped) : undefined);
}

/** A ticket and its messages from the server, handed to the replications as pulled rows. */
async function openTicket(ticketId: string, ctx: ActionContext): Promise<void> {
  const tickets = ctx.replications.get('support_tickets');
  const messages = ctx.replications.get('support_messages');
  const collection = ctx.db.support_tickets;
  if (!tickets || !collection) throw new Error('The data on this device is not open yet');
  const [ticket, thread] = await Promise.all([
    ctx.rest.from('support_tickets').select('*').eq('id', ticketId).maybeSingle(),
    ctx.rest.from('support_messages').select('*').eq('ticket_id', ticketId),
  ]);
  if (ticket.error || thread.error) throw new Error((ticket.error ?? thread.error)!.message);
  if (!ticket.data) throw new Error('This ticket is no longer on the server');
  const asPulled = (row: Record<string, unknown>) => ({ ...row, _deleted: Boolean(row._deleted) });
  if (!emitFromServer(tickets, [asPulled(ticket.data as Record<string, unknown>)])) throw new Error('This device is still loading its tickets; try again in a moment');
  if (messages) emitFromServer(messages, (thread.data as Record<string, unknown>[]).map(asPulled));
  // The hand-over is written asynchronously: resolve once the ticket can be read here.
  const end = Date.now() + REQUEST_DEADLINE_MS;
  while (!(await collection.findOne(ticketId).exec())) {
    if (Date.now() > end) throw new Error('The ticket could not be stored on this device');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Sign-out: the user's database and sync records leave the device, open or not. */
export async function removeUserData(userId: string, options: { storage?: RxStorage<unknown, unknown>; sync?: SyncDatabase; name?: string; stored?: boolean } = {}): Promise<void> {
  // RxDB's removal opens the database's internal store to list its collections, which creates the
  // store when none is there: `stored: false` (the caller knows none is) skips it.
  if (options.stored !== false) await removeRxDatabase(options.name ?? userDatabaseName(userId), options.storage ?? getRxStorageDexie(), true);
  await purgeUserSyncData(options.sync ?? syncDb(), userId);
}
