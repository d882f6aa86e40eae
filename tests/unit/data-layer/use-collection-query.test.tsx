/**
 * useCollectionQuery: loading only until the local database first answers (while it opens, too),
 * then live with every write; an answer never outlives its query or its user's database.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { MangoQuery } from 'rxdb';
import type { Order } from '@/db/collections/index.ts';
import { useCollectionQuery } from '@/db/react.tsx';
import { noteSyncedOnce } from '@/db/sync/synced-once.ts';
import { syncStatus } from '@/db/sync/status.ts';
import { userDataStore } from '@/db/user-data-store.ts';
import { order, publish, resetUserData, userDatabase } from './support.ts';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const newestFirst: MangoQuery<Order> = { sort: [{ created_at: 'desc' }, { id: 'desc' }] };

afterEach(() => {
  resetUserData();
  syncStatus.setState({ lastSyncedAt: null });
  localStorage.clear();
});

describe('useCollectionQuery', () => {
  it('is loading while the database opens, then answers locally (empty is an answer)', async () => {
    userDataStore.setState({ userId: A, status: 'opening', data: null, error: null, retry: null });
    const { result } = renderHook(() => useCollectionQuery('orders', newestFirst));
    expect(result.current).toEqual({ docs: [], loading: true, error: null, synced: false });
    publish(await userDatabase(A));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.docs).toEqual([]);
  });

  it('is not loading and empty while signed out', () => {
    const { result } = renderHook(() => useCollectionQuery('orders'));
    expect(result.current).toEqual({ docs: [], loading: false, error: null, synced: false });
  });

  it('follows writes live, in the query order, as plain data', async () => {
    const data = await userDatabase(A);
    const older = order(A, { created_at: '2026-10-01T00:00:00.000Z' });
    await data.db.orders!.insert(older);
    publish(data);
    const { result } = renderHook(() => useCollectionQuery('orders', newestFirst));
    await waitFor(() => expect(result.current.docs.map((d) => d.id)).toEqual([older.id]));
    expect(result.current.docs[0]).toEqual(older);

    const newer = order(A, { created_at: '2026-11-01T00:00:00.000Z' });
    await act(async () => void (await data.db.orders!.insert(newer)));
    await waitFor(() => expect(result.current.docs.map((d) => d.id)).toEqual([newer.id, older.id]));
    await act(async () => void (await data.db.orders!.findOne(older.id).patch({ status: 'shipped' })));
    await waitFor(() => expect(result.current.docs[1]?.status).toBe('shipped'));
    await act(async () => void (await data.db.orders!.findOne(newer.id).remove()));
    await waitFor(() => expect(result.current.docs.map((d) => d.id)).toEqual([older.id]));
  });

  it('an inline query object is kept across renders (no reload); a new selector shows only its own answer', async () => {
    const data = await userDatabase(A);
    const shipped = order(A, { status: 'shipped' });
    const processing = order(A, { status: 'processing' });
    await data.db.orders!.bulkInsert([shipped, processing]);
    publish(data);
    let renders = 0;
    const { result, rerender } = renderHook(({ status }) => {
      renders += 1;
      return useCollectionQuery('orders', { selector: { status } });
    }, { initialProps: { status: 'shipped' as Order['status'] } });
    await waitFor(() => expect(result.current.docs.map((d) => d.id)).toEqual([shipped.id]));
    const settled = renders;
    rerender({ status: 'shipped' });
    expect(renders).toBe(settled + 1);
    expect(result.current.loading).toBe(false);

    rerender({ status: 'processing' });
    // Until the new query answers, the old documents are not passed off as its answer.
    expect(result.current.docs.every((d) => d.status === 'processing')).toBe(true);
    await waitFor(() => expect(result.current.docs.map((d) => d.id)).toEqual([processing.id]));
  });

  it("another user's database replaces the first one's answer, and sign-out empties it", async () => {
    const a = await userDatabase(A);
    await a.db.orders!.insert(order(A));
    publish(a);
    const { result } = renderHook(() => useCollectionQuery('orders'));
    await waitFor(() => expect(result.current.docs).toHaveLength(1));

    act(() => userDataStore.setState({ userId: B, status: 'opening', data: null, error: null, retry: null }));
    expect(result.current).toEqual({ docs: [], loading: true, error: null, synced: false });
    const b = await userDatabase(B);
    const theirs = order(B);
    await b.db.orders!.insert(theirs);
    publish(b);
    await waitFor(() => expect(result.current.docs.map((d) => d.user_id)).toEqual([B]));

    act(() => resetUserData());
    expect(result.current).toEqual({ docs: [], loading: false, error: null, synced: false });
  });

  it('reports a database that could not be opened', () => {
    const failure = new Error('IndexedDB is not available');
    userDataStore.setState({ userId: A, status: 'failed', data: null, error: failure, retry: () => {} });
    const { result } = renderHook(() => useCollectionQuery('orders'));
    expect(result.current).toEqual({ docs: [], loading: false, error: failure, synced: false });
  });

  // The overview showed a returning customer the new customer's checklist for a moment: the sync's
  // "done" reached the screen before the answers its writes had caused (RxDB recomputes them
  // later, React renders them later still). The flag travels with the answer instead.
  it('marks an answer synced only once it holds what the first sync wrote, on a device that had never synced', async () => {
    const data = await userDatabase(A);
    publish(data);
    const seen: { count: number; synced: boolean }[] = [];
    const { result } = renderHook(() => {
      const answer = useCollectionQuery('orders');
      seen.push({ count: answer.docs.length, synced: answer.synced });
      return answer;
    });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.synced).toBe(false);

    // A first sync: the pull writes its batches, and the replication goes idle the moment the last
    // write is done (as status-wiring notes it), before any query has been recomputed.
    const pulled = Array.from({ length: 40 }, (_, i) => order(A, { created_at: new Date(Date.UTC(2026, 9, 1, 0, i)).toISOString() }));
    await act(async () => {
      for (let i = 0; i < pulled.length; i += 10) await data.db.orders!.bulkInsert(pulled.slice(i, i + 10));
      noteSyncedOnce(A);
      syncStatus.setState({ lastSyncedAt: Date.now() });
    });
    await waitFor(() => expect(result.current.synced).toBe(true));
    expect(result.current.docs).toHaveLength(40);
    expect(seen.filter((render) => render.synced && render.count < 40)).toEqual([]);
  });

  it('answers synced from the first answer on a device that synced before, and an empty answer then means none', async () => {
    noteSyncedOnce(A);
    publish(await userDatabase(A));
    const { result } = renderHook(() => useCollectionQuery('orders'));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current).toEqual({ docs: [], loading: false, error: null, synced: true });
  });
});
