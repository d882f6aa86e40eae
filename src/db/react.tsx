import { startTransition, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { MangoQuery, RxCollection, RxDocument } from 'rxdb';
import type { CollectionName } from './collections/index.ts';
import type { AppCollections, AppDatabase } from './database.ts';
import type { UserData } from './session.ts';
import { syncedOnce, useSyncedOnce } from './sync/synced-once.ts';
import { userDataStore, type UserDataState } from './user-data-store.ts';

/**
 * React access to the signed-in user's data on this device. Screens read RxDB through these
 * hooks only: they answer from the local database (never waiting for the network, so they work
 * offline) and stay live as replication or another tab changes the rows.
 */
export { userDataStore, type UserDataState };

export type DocOf<N extends CollectionName> = NonNullable<AppCollections[N]> extends RxCollection<infer D> ? D : never;

export interface CollectionQueryResult<D> {
  /** The matching documents as plain data, in the query's order. */
  docs: D[];
  /** True until the local database has answered once (while it opens, too). */
  loading: boolean;
  /** The database could not be opened, or the query failed. */
  error: unknown;
  /**
   * The documents reflect a finished sync of the user's data on this device (this visit or an
   * earlier one); until then an empty answer may mean "not here yet" rather than "none".
   */
  synced: boolean;
}

// A prerendered page (the dashboard's shell) is rendered with no data layer and shows it opening.
// Hydration must render the same, so it sees the layer as opening unless it is open or opening
// already; an open layer renders the same loading state too, since no query has answered yet.
// Rendering from the current state there (not zustand's initial state, as `useStore` does) spares
// every screen a full synchronous re-render right after hydration.
const OPENING: UserDataState = { userId: null, status: 'opening', data: null, error: null, retry: null };
const hydrationState = (): UserDataState => {
  const state = userDataStore.getState();
  return state.status === 'opening' || state.status === 'ready' ? state : OPENING;
};

function useDataStore<T>(selector: (state: UserDataState) => T): T {
  return useSyncExternalStore(userDataStore.subscribe, () => selector(userDataStore.getState()), () => selector(hydrationState()));
}

/** The running data layer (null while signed out or still opening). */
export function useUserData(): UserData | null {
  return useDataStore((state) => state.data);
}

/** Whose data the layer holds (or is opening): the signed-in user, null when signed out. */
export function useDataOwner(): string | null {
  return useDataStore((state) => state.userId);
}

export function useAppDatabase(): AppDatabase | null {
  return useDataStore((state) => state.data?.db ?? null);
}

export function useUserDataStatus(): Pick<UserDataState, 'status' | 'error' | 'retry'> {
  return useDataStore(useShallow((state) => ({ status: state.status, error: state.error, retry: state.retry })));
}

interface QueryBase {
  db: AppDatabase | null;
  status: UserDataState['status'];
  error: unknown;
}

const queryBase = (state: UserDataState): QueryBase => ({ db: state.data?.db ?? null, status: state.status, error: state.error });
const sameBase = (a: QueryBase, b: QueryBase) => a.db === b.db && a.status === b.status && a.error === b.error;

/**
 * The data layer's state as the query hooks see it. A database that opens re-renders every query
 * of the page, so that update is a transition (rendered in slices), not the synchronous render of
 * the whole page that a store subscription's update always is. A database that goes away (sign-out,
 * another user) is not: screens stop showing its rows at once.
 */
function useQueryBase(): QueryBase {
  const [base, setBase] = useState(() => queryBase(hydrationState()));
  useEffect(() => {
    const follow = (state: UserDataState) => {
      const next = queryBase(state);
      const update = () => setBase((current) => (sameBase(current, next) ? current : next));
      if (next.db) startTransition(update);
      else update();
    };
    follow(userDataStore.getState());
    return userDataStore.subscribe(follow);
  }, []);
  return base;
}

interface Answer<D> {
  source: unknown;
  docs: D[];
  error: unknown;
  synced: boolean;
}

/**
 * A live Mango query on one collection. The query is a plain object compared by its JSON, so a
 * caller may build it inline on every render: a new RxDB query (and subscription) is made only
 * when its content changes or another user's database opens.
 */
export function useCollectionQuery<N extends CollectionName>(name: N, query: MangoQuery<DocOf<N>> = {}): CollectionQueryResult<DocOf<N>> {
  const { db, status, error: openError } = useQueryBase();
  const owner = useDataOwner();
  const ownerSynced = useSyncedOnce(owner);
  const collection = (db?.[name] ?? null) as RxCollection<DocOf<N>> | null;
  const key = JSON.stringify(query);
  const rxQuery = useMemo(() => (collection ? collection.find(JSON.parse(key) as MangoQuery<DocOf<N>>) : null), [collection, key]);
  const [answer, setAnswer] = useState<Answer<DocOf<N>> | null>(null);
  // Whether this query's answers reflect a finished sync: from the start when the device had synced
  // already, else from the answer read after the sync finished (below), never from a flag read
  // beside an answer that may still be on its way.
  const settled = useRef(false);

  useEffect(() => {
    if (!rxQuery) return;
    settled.current = syncedOnce(owner);
    // Answers render as transitions: React renders them in slices between other work (a first
    // sync brings many answers in a row, and each re-renders its screen), never as one long task
    // that would hold up a click or keystroke.
    const subscription = rxQuery.$.subscribe({
      next: (found: RxDocument<DocOf<N>>[]) => {
        const docs = found.map((doc) => doc.toJSON() as DocOf<N>);
        const synced = settled.current;
        startTransition(() => setAnswer({ source: rxQuery, docs, error: null, synced }));
      },
      error: (error: unknown) => startTransition(() => setAnswer({ source: rxQuery, docs: [], error, synced: settled.current })),
    });
    return () => subscription.unsubscribe();
  }, [rxQuery, owner]);

  useEffect(() => {
    if (!rxQuery || !ownerSynced || settled.current) return;
    // The sync has just finished. RxDB reads a query in order, and hands each changed answer to the
    // subscription above before the next read starts; so once this read is done, the subscription
    // has had every answer the sync's writes caused, and the latest one is marked as reflecting it.
    let current = true;
    rxQuery.exec().then(
      () => {
        if (!current) return;
        settled.current = true;
        startTransition(() => setAnswer((latest) => (latest?.source === rxQuery ? { ...latest, synced: true } : latest)));
      },
      () => {
        /* the subscription reports a failing query */
      },
    );
    return () => {
      current = false;
    };
  }, [rxQuery, ownerSynced]);

  // An answer belongs to the query that produced it: after a change of query (or of user) the old
  // documents are not shown as the new query's.
  const current = rxQuery !== null && answer?.source === rxQuery ? answer : null;
  if (status === 'failed') return { docs: [], loading: false, error: openError ?? new Error('The data on this device could not be opened'), synced: false };
  return {
    docs: current?.docs ?? [],
    loading: status === 'opening' || (rxQuery !== null && current === null),
    error: current?.error ?? null,
    synced: current?.synced ?? false,
  };
}
