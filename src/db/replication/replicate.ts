import type { RxCollection } from 'rxdb';
import { replicateSupabase, type RxSupabaseReplicationState } from 'rxdb/plugins/replication-supabase';
import type { CollectionSpec } from '../collections/index.ts';
import type { RestClient } from './rest.ts';

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
}

export type CollectionReplication = RxSupabaseReplicationState<Record<string, unknown>>;

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
  let synced = () => false;
  const client = {
    from: (table: string) => options.rest.from(table),
    channel: (name: string) => (options.realtime ? dropSubscribedDuringFirstSync(options.realtime.channel(name) as Subscribable, () => synced()) : silentChannel),
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
      batchSize: options.batchSize ?? 200,
      modifier: (row) => shapeFromServer(spec, row) as never,
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
  synced = dropResyncsDuringFirstSync(replication);
  return replication;
}

/**
 * A RESYNC while the first sync is still running only repeats what that sync does anyway (its
 * pull runs until the server has nothing newer), and it makes RxDB's upstream scan every document
 * pulled so far for local changes again, a push batch (20) at a time with a query the Dexie
 * storage cannot bound by its index: with 10,000 rows, 20–30 s in which no local write is pushed
 * (the sync bench caught it when a channel's SUBSCRIBED arrived late in the pull). So until the
 * first sync is done, a RESYNC (reSync(), or the channel's SUBSCRIBED) is dropped. Nothing is
 * missed: a change committed after the sync's last page arrives through the channel, subscribed by
 * then or resyncing on its later SUBSCRIBED, and the interval resync stays as the safety net. A
 * pull that fails meanwhile is retried by RxDB itself (at once on 'online').
 */
function dropResyncsDuringFirstSync(replication: CollectionReplication): () => boolean {
  let synced = false;
  const done = () => {
    synced = true;
  };
  void replication.awaitInitialReplication().then(done, done);
  const reSync = replication.reSync.bind(replication);
  replication.reSync = () => {
    if (synced) reSync();
  };
  return () => synced;
}

type Subscribable = { subscribe(callback?: (status: string, error?: Error) => void, ...rest: unknown[]): unknown };

/** The plugin resyncs on the channel's SUBSCRIBED: during the first sync, that status is not passed on. */
function dropSubscribedDuringFirstSync<T extends Subscribable>(channel: T, synced: () => boolean): T {
  const subscribe = channel.subscribe.bind(channel);
  channel.subscribe = (callback, ...rest) =>
    subscribe(callback && ((status, error) => (status !== 'SUBSCRIBED' || synced() ? callback(status, error) : undefined)), ...rest);
  return channel;
}
