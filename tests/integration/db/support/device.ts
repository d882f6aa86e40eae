/**
 * A simulated device of one user for data-layer tests: its own IndexedDB (fake-indexeddb, one
 * factory per device, so devices share nothing but the server), its own sync bookkeeping
 * database, a network switch (offline → every request fails like a dropped connection) and,
 * optionally, a supabase-js client for Realtime.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll } from 'vitest';
import WebSocket from 'ws';
import type { CollectionName } from '@/db/collections/index.ts';
import { openUserData, type UserData } from '@/db/session.ts';
import { SyncDatabase } from '@/db/sync/sync-db.ts';
import { startTestStack, type Engine, type TestStack } from '../../support/stack.ts';
import { dexieStorage } from '@/db/database.ts';

export interface SimDevice {
  data: UserData;
  sync: SyncDatabase;
  online: boolean;
  /** Requests made while offline (refused) and in total. */
  requests: { total: number; refused: number };
  /**
   * The next this-many requests reach the server and are applied, but their answers are lost
   * (the connection drops on the way back), as when a page reloads or the signal goes mid-push.
   */
  loseAnswers: number;
  /**
   * Holds a request before it is sent, or its answer (the server has applied it), until the
   * promise returned settles, or until the request's signal aborts (its deadline), as a real
   * fetch does; with `ignoreAbort`, a fetch that ignores its signal.
   */
  holdRequest?: (url: string, init?: RequestInit) => Promise<void> | undefined;
  holdAnswer?: (url: string, init?: RequestInit) => Promise<void> | undefined;
  ignoreAbort: boolean;
  /**
   * The next requests hang, one per entry: 'request' never reaches the server, 'answer' is
   * applied by the server and its answer never arrives. Either way only the deadline ends them.
   */
  hangs: ('request' | 'answer')[];
  /** The access token the device has now; null while its session is not refreshed (expired). */
  token: string | null;
  /** A fresh access token from the server, as a refresh brings. */
  renewToken(): Promise<void>;
  client?: SupabaseClient;
  /** A staff device's window in days, read at each (re)open: a test lets time pass with it. */
  staffWindowDays?: number;
  /** Closes the database (keeping its IndexedDB) and opens it again, as a page reload does. */
  reload(): Promise<void>;
  close(): Promise<void>;
}

export interface SimDeviceOptions {
  userId: string;
  collections: readonly CollectionName[];
  live?: boolean;
  name?: string;
  role?: 'customer' | 'support' | 'admin';
  /** Set before the database opens, so it sees the first sync's requests too. */
  holdRequest?: SimDevice['holdRequest'];
  /** Each request's deadline (the app's is 15 s). */
  requestTimeoutMs?: number;
  /** Seconds between retries (0.2 unless set). */
  retryTime?: number;
}

const never = new Promise<void>(() => {});

/** Resolves as `held` does, or rejects as an aborted fetch does when `signal` aborts first. */
function heldUnlessAborted(held: Promise<void>, signal: AbortSignal | null | undefined): Promise<void> {
  if (!signal) return held;
  return new Promise<void>((resolve, reject) => {
    const abort = () => reject(signal.reason instanceof Error ? signal.reason : new DOMException('This operation was aborted', 'AbortError'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    held.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

let counter = 0;

export async function simDevice(t: TestStack, options: SimDeviceOptions): Promise<SimDevice> {
  const indexedDB = new IDBFactory();
  const storage = dexieStorage({ indexedDB, IDBKeyRange });
  // Taken before any await: devices opened together must not share a name (RxDB's
  // closeDuplicates would close one device's database when the other opens).
  const id = ++counter;
  const sync = new SyncDatabase(`sync-${id}`, { indexedDB, IDBKeyRange });
  const name = options.name ?? `device-${id}-${Date.now()}`;
  const token = await t.userToken(options.userId);
  const device: SimDevice = {
    data: undefined as unknown as UserData,
    sync,
    online: true,
    requests: { total: 0, refused: 0 },
    loseAnswers: 0,
    ignoreAbort: false,
    hangs: [],
    token,
    ...(options.holdRequest ? { holdRequest: options.holdRequest } : {}),
    async renewToken() {
      device.token = await t.userToken(options.userId);
    },
    async reload() {
      await device.data.close();
      device.data = await open();
    },
    async close() {
      await device.data.close();
      device.client?.realtime.disconnect();
      sync.close();
    },
  };
  const netFetch: typeof fetch = async (input, init) => {
    device.requests.total += 1;
    if (!device.online) {
      device.requests.refused += 1;
      throw new TypeError('fetch failed (device offline)');
    }
    const url = input instanceof Request ? input.url : String(input);
    const hold = (held: Promise<void> | undefined) => (held && !device.ignoreAbort ? heldUnlessAborted(held, init?.signal) : held);
    const hang = device.hangs.shift();
    if (hang === 'request') await hold(never);
    await hold(device.holdRequest?.(url, init));
    const response = await fetch(input, init);
    if (hang === 'answer') await hold(never);
    await hold(device.holdAnswer?.(url, init));
    if (device.loseAnswers > 0) {
      device.loseAnswers -= 1;
      await response.arrayBuffer().catch(() => undefined);
      throw new TypeError('fetch failed (answer lost)');
    }
    return response;
  };
  if (options.live) {
    device.client = createClient(t.url, t.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      global: { headers: { Authorization: `Bearer ${token}` } },
    });
  }
  const open = () =>
    openUserData({
      userId: options.userId,
      url: t.url,
      anonKey: t.anonKey,
      getAccessToken: async () => device.token,
      storage,
      name,
      collections: options.collections,
      multiInstance: false,
      sync,
      fetch: netFetch,
      retryTime: options.retryTime ?? 0.2,
      ...(options.requestTimeoutMs ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
      ...(options.role ? { role: options.role } : {}),
      ...(device.staffWindowDays ? { staffWindowDays: device.staffWindowDays } : {}),
      ...(device.client ? { realtime: device.client } : {}),
    });
  device.data = await open();
  return device;
}

/**
 * One stack for a describe block, and its devices: `device()` opens one that has synced once;
 * every device a test opened is closed after it (RxDB allows 13 open collections per process).
 */
export function deviceSuite(engine: Engine) {
  const open: SimDevice[] = [];
  const suite = {
    t: undefined as unknown as TestStack,
    async device(userId: string, collections: SimDeviceOptions['collections'], live = false, role?: SimDeviceOptions['role']): Promise<SimDevice> {
      const d = await simDevice(suite.t, { userId, collections, live, ...(role ? { role } : {}) });
      open.push(d);
      await d.data.syncNow();
      return d;
    },
  };
  beforeAll(async () => {
    suite.t = await startTestStack({ engine });
  });
  afterAll(async () => {
    await suite.t.close();
  });
  afterEach(async () => {
    for (const device of open.splice(0)) await device.close();
  });
  return suite;
}

export async function waitUntil(what: string, cond: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!(await cond())) {
    if (performance.now() > end) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const CUSTOMER = '00000000-0000-4000-8000-000000000001';
export const CUSTOMER_2 = '00000000-0000-4000-8000-000000000002';
export const SUPPORT = '00000000-0000-4000-8000-000000000003';
export const ADMIN = '00000000-0000-4000-8000-000000000004';
