/**
 * The benchmark's page: the product's data layer (openUserData: RxDB over Dexie over this
 * browser's IndexedDB, supabase-js with Realtime) and a few functions on `window` that
 * tests/bench/sync-bench.ts calls through Playwright. Times are the machine clock in ms
 * (performance.timeOrigin + now()), so two pages' times can be compared.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { awaitRxStorageReplicationIdle, awaitRxStorageReplicationInSync } from 'rxdb';
import { combineLatest, filter, firstValueFrom, Subject } from 'rxjs';
import type { CollectionName } from '@/db/collections/index.ts';
import { openUserData, type UserData } from '@/db/session.ts';
import { benchPull } from './replicate-batch.ts';

export interface OpenOptions {
  url: string;
  anonKey: string;
  userId: string;
  token: string;
  /** Documents the devices collection must hold before the sync counts as done (0: not opened). */
  expectDevices: number;
  batchSize?: number;
  /** A staff user's device (the ticket window) with these collections (staff-window-bench.ts). */
  role?: 'support' | 'admin';
  collections?: CollectionName[];
}

export interface OpenTimes {
  /** openUserData resolved: database, collections and replications created. */
  openMs: number;
  /** This tab is the leader (only the leader replicates). */
  leaderMs: number;
  /** The devices replication had received expectDevices documents from the server. */
  pulledMs: number;
  /** Every replication finished its initial pull and has nothing left to push or pull (the header says up to date). */
  syncedMs: number;
  /** Per collection: when its initial replication ended (ms). */
  collections: Record<string, number>;
  /** RxDB's awaitInSync() resolved for every replication (after totalMs; see open()). */
  awaitInSyncMs: number;
  /** The devices collection holds expectDevices documents. */
  totalMs: number;
  devices: number;
}

const clock = () => performance.timeOrigin + performance.now();

let data: UserData | undefined;
let client: SupabaseClient | undefined;
let watcher: { unsubscribe(): void }[] = [];
const seenAt = new Map<string, number>();
/** For the A → B breakdown: when this page's replication pushed / received each device name. */
const sentAt = new Map<string, number>();
const receivedAt = new Map<string, number>();
const firstAt = (map: Map<string, number>, name: unknown) => {
  if (typeof name === 'string' && !map.has(name)) map.set(name, clock());
};

/** Resolves when `promise` settles or after `ms`, whichever is first (the count below decides). */
async function withTimeout(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

async function open(options: OpenOptions): Promise<OpenTimes> {
  if (options.batchSize) benchPull.batchSize = options.batchSize;
  const start = performance.now();
  client = createClient(options.url, options.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${options.token}` } },
  });
  data = await openUserData({
    userId: options.userId,
    url: options.url,
    anonKey: options.anonKey,
    getAccessToken: async () => options.token,
    realtime: client,
    ...(options.role ? { role: options.role } : {}),
    ...(options.collections ? { collections: options.collections } : {}),
  });
  const openMs = performance.now() - start;
  // A failed pull or push waits retryTime (5 s) before it is tried again: printed by the bench.
  for (const [name, replication] of data.replications) {
    replication.error$.subscribe((error) => console.error(`[replication] ${name} at ${(performance.now() - start).toFixed(0)} ms: ${error.message} ${JSON.stringify(error.parameters).slice(0, 400)}`));
  }
  let received = 0;
  let pulledMs = NaN;
  const pulled = (data.replications.get('devices')?.received$ ?? new Subject()).subscribe(() => {
    if (++received === options.expectDevices) pulledMs = performance.now() - start;
  });
  await data.db.waitForLeadership();
  const leaderMs = performance.now() - start;
  // The initial sync as a session runs it: each replication's first pull to the end, then nothing
  // in flight, which is when the header's indicator says "up to date" (status-wiring.ts: no
  // replication active). Not syncNow(): a manual "sync now" starts one more pull round in every
  // collection. Not RxDB's awaitInSync() either: it waits twice for the database's idle queue,
  // which lets one waiter through per few timer ticks, so ten collections' waits queue up for
  // ~200 ms after the work is done (recorded below as awaitInSyncMs, for comparison).
  const collections: Record<string, number> = {};
  const since = () => Math.round(performance.now() - start);
  const all = [...data.replications];
  const upToDate = async () => {
    await Promise.all(all.map(async ([name, replication]) => {
      await replication.awaitInitialReplication();
      collections[name] = since();
    }));
    await allIdle();
  };
  await withTimeout(upToDate(), 120_000);
  const syncedMs = performance.now() - start;
  const devices = data.db.devices;
  let count = devices ? await devices.count().exec() : 0;
  // The wait gives up after its timeout, and a replication that got fewer rows than it asked
  // for (the server's max_rows below the batch size) counts itself done: the count is what says
  // the pull is complete. A short grace for rows still being stored.
  while (devices && count < options.expectDevices && performance.now() - start < syncedMs + 10_000) {
    await new Promise((r) => setTimeout(r, 10));
    count = await devices.count().exec();
  }
  const totalMs = performance.now() - start;
  await withTimeout(Promise.all(all.map(([, replication]) => replication.awaitInSync())), 120_000);
  const awaitInSyncMs = performance.now() - start;
  pulled.unsubscribe();
  return { openMs, leaderMs, pulledMs, syncedMs, collections, totalMs, awaitInSyncMs, devices: count };
}

/** Nothing queued to pull, push or store in any replication, and the checkpoints written (a reload would not pull again). */
async function allIdle(): Promise<void> {
  const all = [...data!.replications.values()];
  for (;;) {
    await Promise.all(all.map((replication) => awaitRxStorageReplicationIdle(replication.internalReplicationState!)));
    await Promise.all(all.map((replication) => awaitRxStorageReplicationInSync(replication.internalReplicationState!)));
    const active = await Promise.all(all.map((replication) => firstValueFrom(replication.active$)));
    if (!active.some(Boolean)) return;
    await firstValueFrom(combineLatest(all.map((replication) => replication.active$)).pipe(filter((a) => !a.some(Boolean))));
  }
}

export interface ResyncTimes {
  /** From asking every replication to resync (as a focus or the 60 s interval does) until all are idle again. */
  resyncMs: number;
  /** A device renamed here as the resync starts: until the devices replication has pushed it. */
  writePushedMs: number;
}

/** The first resync after open(): its time, and how long a local write made at its start waits to be pushed. */
async function resync(): Promise<ResyncTimes> {
  const devices = data!.db.devices!;
  const replication = data!.replications.get('devices')!;
  const doc = await devices.findOne().exec();
  if (!doc) throw new Error('no device to rename');
  const name = `Renamed during the resync ${Date.now()}`;
  const start = performance.now();
  const pushed = firstValueFrom(replication.sent$.pipe(filter((sent) => sent.name === name))).then(() => performance.now() - start);
  for (const each of data!.replications.values()) each.reSync();
  await doc.incrementalPatch({ name, updated_at: new Date().toISOString() });
  const writePushedMs = await pushed;
  await allIdle();
  return { resyncMs: performance.now() - start, writePushedMs };
}

/**
 * Records when this page's query on one device first shows each name, and when its devices
 * replication pushed or received each name of that device.
 */
function watch(id: string): void {
  const replication = data!.replications.get('devices')!;
  watcher.forEach((w) => w.unsubscribe());
  watcher = [
    data!.db.devices!.findOne(id).$.subscribe((doc) => firstAt(seenAt, doc?.name)),
    replication.sent$.subscribe((doc) => {
      if (doc.id === id) firstAt(sentAt, doc.name);
    }),
    replication.received$.subscribe((doc) => {
      if (doc.id === id) firstAt(receivedAt, doc.name);
    }),
  ];
}

/** When this page's replication pushed and received `name` (null if it did not). */
function replicated(name: string): { sent: number | null; received: number | null } {
  return { sent: sentAt.get(name) ?? null, received: receivedAt.get(name) ?? null };
}

/** When the watched device first showed `name` here, waiting up to timeoutMs; null if never. */
async function seen(name: string, timeoutMs: number): Promise<number | null> {
  const end = performance.now() + timeoutMs;
  while (!seenAt.has(name) && performance.now() < end) await new Promise((r) => setTimeout(r, 2));
  return seenAt.get(name) ?? null;
}

/** Renames a device on this page, as a screen would; returns when the write was made. */
async function rename(id: string, name: string): Promise<number> {
  const doc = await data!.db.devices!.findOne(id).exec();
  if (!doc) throw new Error(`device ${id} is not on this page`);
  const at = clock();
  await doc.incrementalPatch({ name, updated_at: new Date().toISOString() });
  return at;
}

/** Documents stored in a collection of this page. */
async function countOf(name: CollectionName): Promise<number> {
  return (await data!.db[name]?.count().exec()) ?? 0;
}

/** When a document first shows in a collection here (the machine clock), waiting up to timeoutMs; null if never. */
async function arrival(name: CollectionName, id: string, timeoutMs: number): Promise<number | null> {
  const collection = data!.db[name]!;
  const end = performance.now() + timeoutMs;
  while (performance.now() < end) {
    if (await collection.findOne(id).exec()) return clock();
    await new Promise((r) => setTimeout(r, 5));
  }
  return null;
}

async function close(): Promise<void> {
  watcher.forEach((w) => w.unsubscribe());
  await data?.close();
  client?.realtime.disconnect();
  data = undefined;
}

/** Where each replication is (RxDB's internal state, read without touching it), for a stalled run. */
function state(): unknown {
  type Internal = { firstSyncDone: Record<'down' | 'up', { getValue(): boolean }>; events: { active: Record<'down' | 'up', { getValue(): boolean }> }; stats: unknown };
  const idle = (data?.db as unknown as { idleQueue: { _qC: number; _iC: Set<unknown> } } | undefined)?.idleQueue;
  return {
    idleQueue: idle ? { locks: idle._qC, waiting: idle._iC.size } : null,
    replications: [...(data?.replications ?? [])].map(([name, r]) => {
      const s = (r as unknown as { internalReplicationState?: Internal }).internalReplicationState;
      return s ? { name, first: [s.firstSyncDone.down.getValue(), s.firstSyncDone.up.getValue()], active: [s.events.active.down.getValue(), s.events.active.up.getValue()], stats: s.stats } : { name, started: false };
    }),
  };
}

Object.assign(window, { bench: { open, resync, watch, seen, rename, replicated, close, state, countOf, arrival } });
