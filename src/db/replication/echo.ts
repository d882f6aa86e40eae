import { getAssumedMasterState, writeDocToDocState } from 'rxdb';
import { deepEqual } from 'rxdb/plugins/utils';
import { filter, firstValueFrom } from 'rxjs';
import type { CollectionSpec } from '../collections/index.ts';
import { emitFromServer } from './emit.ts';
import { shapeFromServer, type CollectionReplication } from './replicate.ts';
import type { RestClient } from './rest.ts';

const DELAY_MS = 50;
const CHUNK = 100;
const RETRY_MS = 500;
const MAX_ROUNDS = 20;
const APPLY_WAIT_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Echo {
  /**
   * Resolves true once this device holds the server's version of each of these documents (or has
   * changed it since, so a later push brings it back), false when that could not be checked
   * (offline, refused, stopped): the caller keeps its record and asks again later.
   */
  confirm(ids: string[]): Promise<boolean>;
  stop(): void;
}

type Row = Record<string, unknown> & { id: string };

/**
 * Reads back what was pushed and hands it to the replication as a server change. A pull (or a
 * Realtime event) that arrives while a push of the same document is in flight is not applied (the
 * document has unpushed changes then), and its checkpoint moves past the row; the push then
 * records this device's own copy as the server's. Without this read the server's own values (its
 * timestamps, anything a trigger set) would not reach the device until the row changed again.
 *
 * Handing a row over is not enough on its own: RxDB drops a handed-over change queued before a
 * pull that starts after it, and a change pulled between the read and the hand-over would be
 * overwritten by the older read. So each round reads the rows again and compares them with the
 * device's copies, until they match. The sync center's pending entries are removed only after
 * this (see settlePending), so a page closed before the read still has it done on the next load.
 */
export function echoPushed(spec: CollectionSpec<{ id: string }>, replication: CollectionReplication, rest: RestClient): Echo {
  const waiting = new Map<string, ((ok: boolean) => void)[]>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  /** What this device last pushed of each document (RxDB's assumed master state), by id. */
  const pushed = async (ids: string[]): Promise<Awaited<ReturnType<typeof getAssumedMasterState<Record<string, unknown>>>>> => {
    const internal = replication.internalReplicationState;
    return internal ? getAssumedMasterState(internal, ids) : {};
  };

  /**
   * The rows the device still holds an older copy of: pushed, unchanged since, not the server's.
   * `before` is what had been pushed when the rows were read: a document pushed again since (a
   * removal right after an add) is left to that push's own echo, as this read is older than it.
   */
  const behind = async (rows: Row[], before: Awaited<ReturnType<typeof pushed>>): Promise<Row[]> => {
    const internal = replication.internalReplicationState;
    if (!internal || rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [assumed, forkDocs] = await Promise.all([pushed(ids), internal.input.forkInstance.findDocumentsById(ids, true)]);
    const forkById = new Map(forkDocs.map((doc) => [String((doc as unknown as Row).id), doc]));
    return rows.filter((row) => {
      const master = assumed[row.id];
      const fork = forkById.get(row.id);
      if (!master || !fork) return false;
      if (!deepEqual(master.docData, before[row.id]?.docData)) return false;
      const state = writeDocToDocState(fork, internal.hasAttachments, !!internal.input.keepMeta) as Record<string, unknown>;
      // Changed on this device since its last push: that push is still to come, and echoes again.
      if (!internal.input.conflictHandler.isEqual(master.docData, state as never, 'echo')) return false;
      return !deepEqual(state, shapeFromServer(spec, row));
    });
  };

  /**
   * RxDB holds server changes back while a push runs and queues them after the pull modifier has
   * run (asynchronously); then they are stored in the pull queue's order. Bounded, as a push may
   * wait for the network.
   */
  const handedOverApplied = async () => {
    const internal = replication.internalReplicationState;
    if (!internal) return;
    await Promise.race([firstValueFrom(internal.events.active.up.pipe(filter((active) => !active))), sleep(APPLY_WAIT_MS)]);
    await sleep(0);
    await internal.streamQueue.down;
  };

  const echo = async (ids: string[]): Promise<boolean> => {
    let handedOver = false;
    for (let round = 0; round < MAX_ROUNDS && !stopped; round++) {
      const before = await pushed(ids);
      const { data, error } = await rest.from(spec.name).select('*').in('id', ids);
      // Offline again or refused: the caller asks again after its next sync.
      if (error || !data) return false;
      const rows = (data as Row[]).map(({ _modified: _ignored, ...row }) => ({ ...row, _deleted: Boolean(row._deleted) }) as Row);
      const stale = await behind(rows, before);
      if (stale.length === 0) return true;
      // Before the first pull has stored its checkpoint nothing can be handed over: wait for it.
      if (emitFromServer(replication, stale)) {
        handedOver = true;
        await handedOverApplied();
      } else {
        await sleep(RETRY_MS);
      }
    }
    // Rows handed over every round and never taken: asking again on each sync would loop, so the
    // caller stops here; the pull brings them when they next change.
    return handedOver && !stopped;
  };

  const flush = async () => {
    timer = undefined;
    const batch = new Map(waiting);
    waiting.clear();
    const ids = [...batch.keys()];
    for (let start = 0; start < ids.length; start += CHUNK) {
      const chunk = ids.slice(start, start + CHUNK);
      const ok = await echo(chunk).catch(() => false);
      for (const id of chunk) for (const resolve of batch.get(id) ?? []) resolve(ok);
    }
  };

  const confirm = (ids: string[]): Promise<boolean> => {
    if (stopped) return Promise.resolve(false);
    if (ids.length === 0) return Promise.resolve(true);
    const results = ids.map(
      (id) =>
        new Promise<boolean>((resolve) => {
          waiting.set(id, [...(waiting.get(id) ?? []), resolve]);
        }),
    );
    timer ??= setTimeout(() => void flush(), DELAY_MS);
    return Promise.all(results).then((all) => all.every(Boolean));
  };

  const subscription = replication.sent$.subscribe((doc) => void confirm([String((doc as unknown as Row).id)]));
  return {
    confirm,
    stop() {
      stopped = true;
      subscription.unsubscribe();
      if (timer) clearTimeout(timer);
      for (const resolvers of waiting.values()) for (const resolve of resolvers) resolve(false);
      waiting.clear();
    },
  };
}
