import type { RxConflictHandler, WithDeleted } from 'rxdb';
import { deepEqual } from 'rxdb/plugins/utils';
import type { CollectionSpec } from '../collections/index.ts';

/** What the server's version replaced of this device's write (only fields both sides changed). */
export interface Replaced {
  docId: string;
  label: string;
  mine: Record<string, unknown>;
  theirs: Record<string, unknown>;
}

// Set by the server on every write; a difference there is never the user's change.
const SERVER_OWNED = new Set(['created_at', 'updated_at']);

/**
 * The server wins, field by field: a conflict arises when this device pushed a change based on
 * an older version of the row (`assumedMasterState`) and the server's row (`realMasterState`) has
 * moved on. Fields only this device changed keep its values (and are pushed again); fields only
 * the server changed take the server's; a field both changed to different values takes the
 * server's and is reported, so the user sees what was replaced. A repeated insert (its answer was
 * lost) resolves to the server's row with nothing reported.
 *
 * The server's row may have moved on by this device's own earlier push, whose answer was lost (a
 * page closed, the signal went): RxDB then still holds the version before it as the base. A field
 * whose server value is one this device sent (`sent`, see sent.ts) counts as unchanged by others,
 * so the user's later change of it applies rather than losing to their own earlier one; fields
 * another device changed on top of that push are weighed as usual.
 */
export function mergeConflictHandler<T extends { id: string }>(
  spec: CollectionSpec<T>,
  onReplaced: (replaced: Replaced) => void,
  sent: (docId: string) => Promise<Record<string, unknown>[]> = async () => [],
): RxConflictHandler<T> {
  return {
    isEqual: (a, b) => deepEqual(a, b),
    resolve: async (input) => {
      const [mine, base, theirs] = [asDocument(spec, input.newDocumentState)!, asDocument(spec, input.assumedMasterState), asDocument(spec, input.realMasterState)!];
      // A row this device created again over a deletion it had pulled (a cart line added after a
      // removal) is an insert as well, when the collection knows how inserts meet: the server's
      // row may be that very insert, landed with its answer lost (a reload straight after the
      // write), and the three-way merge would take it for another device's change and drop the
      // additions made here since.
      const recreated = base?._deleted === true && !mine._deleted && spec.mergeInserts !== undefined;
      if (!base || recreated) {
        const merged = spec.mergeInserts?.(mine as T, theirs as T, Boolean(theirs._deleted));
        if (merged) return withDeleted(merged, false);
        return repeatedInsert(spec, mine, theirs, onReplaced);
      }
      const sentStates = (await sent(theirs.id)).map((state) => asDocument(spec, state as WithDeleted<T>) as Record<string, unknown>);
      const merged: Record<string, unknown> = { ...theirs };
      const replacedMine: Record<string, unknown> = {};
      const replacedTheirs: Record<string, unknown> = {};
      for (const key of new Set([...Object.keys(mine), ...Object.keys(theirs)])) {
        const ours = (mine as Record<string, unknown>)[key];
        const server = (theirs as Record<string, unknown>)[key];
        const ownValue = sentStates.some((state) => deepEqual(state[key] ?? null, server ?? null));
        const baseValue = ownValue ? server : (base as Record<string, unknown>)[key];
        const weChanged = !deepEqual(ours ?? null, baseValue ?? null);
        if (!weChanged || SERVER_OWNED.has(key)) continue;
        const theyChanged = !deepEqual(server ?? null, baseValue ?? null);
        if (!theyChanged) merged[key] = ours;
        else if (!deepEqual(ours ?? null, server ?? null)) {
          replacedMine[key] = ours;
          replacedTheirs[key] = server;
        }
      }
      if (Object.keys(replacedMine).length > 0) {
        onReplaced({ docId: theirs.id, label: spec.label(theirs as Partial<T>), mine: replacedMine, theirs: replacedTheirs });
      }
      return merged as WithDeleted<T>;
    },
  };
}

/**
 * An insert met a row with its id and there is no base: this device's own insert reached the
 * server but the answer was lost (or the page closed first), and the device may have edited the
 * document since. While no one has changed the row after that insert (the server stamps
 * updated_at = created_at on insert), those edits are this device's alone and apply on top;
 * otherwise the server wins and what it replaced is reported, except a deletion, which stands.
 */
function repeatedInsert<T extends { id: string }>(spec: CollectionSpec<T>, mine: WithDeleted<T>, theirs: WithDeleted<T>, onReplaced: (replaced: Replaced) => void): WithDeleted<T> {
  if (theirs._deleted) return theirs;
  // The insert was alive, so a deletion here is this device's own change since, which no one else
  // made: it stands, as in the three-way merge (where a deletion wins over edits made elsewhere).
  if (mine._deleted) return { ...theirs, _deleted: true };
  const server = theirs as Record<string, unknown>;
  const untouched = typeof server.updated_at === 'string' && Date.parse(server.updated_at) === Date.parse(String(server.created_at));
  const merged: Record<string, unknown> = { ...theirs };
  const replacedMine: Record<string, unknown> = {};
  const replacedTheirs: Record<string, unknown> = {};
  for (const [key, ours] of Object.entries(mine)) {
    if (SERVER_OWNED.has(key) || deepEqual(ours ?? null, server[key] ?? null)) continue;
    if (untouched) merged[key] = ours;
    else {
      replacedMine[key] = ours;
      replacedTheirs[key] = server[key];
    }
  }
  if (Object.keys(replacedMine).length > 0) onReplaced({ docId: theirs.id, label: spec.label(theirs as Partial<T>), mine: replacedMine, theirs: replacedTheirs });
  return merged as WithDeleted<T>;
}

/**
 * RxDB's replication applies the push modifier to the pushed row in place, so a conflict brings
 * this device's states in the server's shape (a text[] as a Postgres literal) and the server's in
 * the device's: shape all three as documents (`fromServer` takes either) before comparing.
 */
function asDocument<T extends { id: string }>(spec: CollectionSpec<T>, doc: WithDeleted<T> | undefined): WithDeleted<T> | undefined {
  if (!doc || !spec.fromServer) return doc;
  return { ...spec.fromServer(doc as Record<string, unknown>), _deleted: doc._deleted } as WithDeleted<T>;
}

function withDeleted<T>(doc: T, deleted: boolean): WithDeleted<T> {
  return { ...doc, _deleted: deleted } as WithDeleted<T>;
}
