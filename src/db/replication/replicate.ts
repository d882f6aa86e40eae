import type { RxCollection } from 'rxdb';
import { replicateSupabase, type RxSupabaseReplicationState } from 'rxdb/plugins/replication-supabase';
import type { CollectionSpec } from '../collections/index.ts';
import type { Attempts } from './attempts.ts';
import type { RestClient } from './rest.ts';
import { FIRST_PAGE, PullPages } from './pull-pages.ts';
import type { PullQuery } from './staff-window.ts';

/** What the plugin uses of a Supabase client: PostgREST for pull and push, Realtime for live. */
export interface RealtimeLike {
  channel(name: string): unknown;
  removeChannel(channel: unknown): unknown;
}

export interface ReplicateOptions {
  rest: RestClient;
  /** Without it the replication pulls on start and on reSync() only (tests, or no websocket). */
  realtime?: RealtimeLike;
  /** Tabs: only the leader replicates. Simulated devices in one process replicate each. */
  waitForLeadership: boolean;
  batchSize?: number;
  /** Seconds between retries of a failed pull or push (offline, 5xx). */
  retryTime?: number;
  /** False: pull only, even where the table is pushed (see CollectionSpec.staffWrites). */
  push?: boolean;
  /** The watchdog of this collection's attempts (its `rest` reports to it and carries its signal). */
  attempts: Attempts;
  /** Narrows each pull beside its checkpoint (a staff device's window: staff-window.ts). */
  pullFilter?: (query: PullQuery) => PullQuery;
  /** Awaited before each push leaves, with every row it sends (see ledger.ts and sent.ts). */
  beforePush?: (rows: PushRow[]) => Promise<void>;
  /** Awaited before the replication starts (what the first screen needs goes first: session.ts). */
  startAfter?: () => Promise<unknown>;
}

/** A row of a push: the document as sent, and the server's version RxDB last saw (none: new). */
export interface PushRow {
  newDocumentState: Record<string, unknown>;
  assumedMasterState?: Record<string, unknown>;
}

export type CollectionReplication = RxSupabaseReplicationState<Record<string, unknown>> & {
  /** Whether the Realtime subscription is in place: the server said "Subscribed to PostgreSQL". */
  isLive(): boolean;
  /** Pull and push attempts in flight and retry waits (see attempts.ts). */
  attempts: Attempts;
  /** "Sync now": abandons what is in flight, ends any retry wait, and pulls again. */
  retryNow(): void;
};

/**
 * A server row as the device stores it. The server may gain columns before this app version knows
 * them: they are dropped, or the schema (additionalProperties: false) rejects the row.
 */
export function shapeFromServer(spec: CollectionSpec<{ id: string }>, row: Record<string, unknown>): Record<string, unknown> {
  const known = spec.schema.properties as Record<string, unknown>;
  const out: Record<string, unknown> = { _deleted: row._deleted };
  for (const key of Object.keys(row)) if (key in known) out[key] = row[key];
  return spec.fromServer ? { ...spec.fromServer(out), _deleted: out._deleted } : out;
}

// Stands in for a Realtime channel when there is none: the plugin subscribes, nothing arrives.
const silentChannel = {
  on: () => silentChannel,
  subscribe: () => silentChannel,
};

export function replicateCollection(
  collection: RxCollection,
  spec: CollectionSpec<{ id: string }>,
  options: ReplicateOptions,
): CollectionReplication {
  const live = new LiveResync();
  const client = {
    from: (table: string) => options.rest.from(table),
    channel: (name: string) => (options.realtime ? live.watch(options.realtime.channel(name) as Channel) : silentChannel),
    removeChannel: (channel: unknown) => (channel === silentChannel ? undefined : options.realtime?.removeChannel(channel)),
  };
  const replication = replicateSupabase<Record<string, unknown>>({
    // A new identifier starts over from an empty checkpoint: bump the version when a pull must
    // run again from the beginning (a pull modifier that now keeps more).
    replicationIdentifier: `supabase-${spec.name}-v${spec.schema.version}`,
    collection: collection as RxCollection<Record<string, unknown>>,
    // The plugin's type wants a full SupabaseClient; it uses only these three methods.
    client: client as never,
    tableName: spec.name,
    // Always live: pushes follow local writes as they happen. Without Realtime the channel is
    // silent and server changes arrive on reSync() only.
    live: true,
    waitForLeadership: options.waitForLeadership,
    retryTime: (options.retryTime ?? 5) * 1000,
    pull: {
      batchSize: options.batchSize ?? FIRST_PAGE,
      modifier: (row) => shapeFromServer(spec, row) as never,
      // Called as each pull request is built, before the plugin adds its checkpoint
      // (`_modified > m or (_modified = m and id > i)`). The same bound as a plain range, which
      // that `or` implies, lets Postgres start its walk of the (_modified, id) index at the
      // checkpoint; without it, each batch of a filtered pull (RLS, a staff window) walked the
      // index from its start, past every row pulled before: 100k tickets, halfway through a
      // staff window's first sync, 22.5 ms a batch (53,800 rows read and dropped), 3.6 ms with it.
      queryBuilder: ({ query, lastPulledCheckpoint }) => {
        live.pullStarted();
        const filtered = options.pullFilter ? (options.pullFilter(query as unknown as PullQuery) as unknown as typeof query) : query;
        const from = (lastPulledCheckpoint as { modified?: string } | undefined)?.modified;
        return from ? filtered.gte('_modified', from) : filtered;
      },
    },
    ...(spec.push && options.push !== false
      ? {
          push: {
            batchSize: 20,
            modifier: (doc: Record<string, unknown>) => (spec.toServer ? spec.toServer(doc) : doc) as never,
          },
        }
      : {}),
  });
  startInItsOwnTask(replication, options.startAfter);
  watchAttempts(replication, collection, options.attempts, options.beforePush);
  const attached = live.attach(replication);
  return Object.assign(attached, {
    attempts: options.attempts,
    retryNow() {
      options.attempts.retryNow();
      attached.reSync();
    },
  });
}

/**
 * Every pull and push handler call runs under the collection's watchdog, and RxDB's wait before
 * a retry (its only use of collection.promiseWait once the collection exists) can be cut short by
 * "Sync now". The handlers are the plugin's own; only their calls are wrapped (and a push's
 * rows handed to `beforePush` first).
 */
function watchAttempts(
  replication: RxSupabaseReplicationState<Record<string, unknown>>,
  collection: RxCollection,
  attempts: Attempts,
  beforePush: ReplicateOptions['beforePush'],
): void {
  const { pull, push } = replication;
  if (pull) {
    const handler = pull.handler.bind(pull);
    const pages = new PullPages();
    pull.handler = (checkpoint, batchSize) => attempts.run(() => pages.pull(batchSize, (size) => handler(checkpoint, size)));
  }
  if (push) {
    const handler = push.handler.bind(push);
    push.handler = (rows) =>
      attempts.run(async () => {
        await beforePush?.(rows as PushRow[]);
        return handler(rows);
      });
  }
  const wait = collection.promiseWait.bind(collection);
  collection.promiseWait = (ms: number) => attempts.wait(wait(ms));
  replication.onCancel.push(() => attempts.stop());
}

let nextSlot: Promise<void> = Promise.resolve();

/**
 * Starting a replication (its Realtime channel and join, its first queries) is a few ms of work,
 * and RxDB starts all of them in the same task once the tab is the leader: one long task that
 * holds up input and rendering while the page opens. Here each start is called in a task of its
 * own. Only the calls are spaced, not chained: a start that never finishes (its database closed
 * under it) holds up no other replication, in this session or the next one in this tab.
 * (RxDB calls start() after a promise, so this replaces it in time.) A start with `after` waits
 * for it past its slot, so it holds up no other start either.
 */
function startInItsOwnTask(replication: RxSupabaseReplicationState<Record<string, unknown>>, after?: () => Promise<unknown>): void {
  const start = replication.start.bind(replication);
  replication.start = () => {
    const slot = nextSlot.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
    nextSlot = slot;
    return slot.then(() => after?.().catch(() => undefined)).then(() => (replication.isStopped() ? undefined : start()));
  };
}

type Channel = {
  on(type: string, filter: object, callback: (payload: { extension?: string; status?: string }) => void): Channel;
  subscribe(callback?: (status: string, error?: Error) => void, ...rest: unknown[]): unknown;
};

/**
 * When a replication resyncs, instead of when the plugin does.
 *
 * The plugin pulls again when its channel reports SUBSCRIBED. That status comes with the join's
 * reply, before the server has set up the subscription (Realtime says "Subscribed to PostgreSQL"
 * once it has): a row committed after that pull read and before the subscription was in place
 * would arrive with the next focus or the 60 s interval only. So the pull follows the system
 * message instead, and SUBSCRIBED is not passed on.
 *
 * During the first sync, a RESYNC only repeats what that sync does anyway (it pulls until the
 * server has nothing newer), and it makes RxDB's upstream scan every document pulled so far for
 * local changes again, a push batch (20) at a time with a query the Dexie storage cannot bound by
 * its index: with 10,000 rows, 20–30 s in which no local write is pushed (the sync bench caught
 * it). So until the first sync is done, reSync() does nothing, and the subscription going live
 * asks for one pull after it only when no pull request of that sync was made after it.
 */
class LiveResync {
  #synced = false;
  /** The subscription went live after the last pull request was made: one more pull is owed. */
  #owed = false;
  #live = false;
  #reSync = () => {};

  watch(channel: Channel): Channel {
    channel.on('system', {}, (payload) => {
      if (payload?.extension !== 'postgres_changes') return;
      this.#live = payload.status === 'ok';
      if (!this.#live) return;
      if (this.#synced) this.#reSync();
      else this.#owed = true;
    });
    const subscribe = channel.subscribe.bind(channel);
    channel.subscribe = (callback, ...rest) =>
      subscribe((status, error) => {
        // A (re)join, a close or an error: live again only on the next system message.
        this.#live = false;
        if (status !== 'SUBSCRIBED') callback?.(status, error);
      }, ...rest);
    return channel;
  }

  pullStarted(): undefined {
    this.#owed = false;
    return undefined;
  }

  attach(replication: RxSupabaseReplicationState<Record<string, unknown>>): RxSupabaseReplicationState<Record<string, unknown>> & { isLive(): boolean } {
    const reSync = replication.reSync.bind(replication);
    this.#reSync = reSync;
    const done = () => {
      this.#synced = true;
      if (this.#owed) reSync();
    };
    void replication.awaitInitialReplication().then(done, done);
    replication.reSync = () => {
      if (this.#synced) reSync();
    };
    return Object.assign(replication, { isLive: () => this.#live });
  }
}
