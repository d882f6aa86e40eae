import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MutationObserver, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { syncStatus } from '@/db/sync/status.ts';
import { createQueryClient } from '@/lib/query/client.ts';
import { CACHE_MAX_AGE_MS, STALE_TIME_MS } from '@/lib/query/config.ts';
import { queryPhase } from '@/lib/query/phase.ts';

// The client's rules, driven through TanStack's own observers (what useQuery/useMutation wrap).
let client: QueryClient;
const unsubscribers: (() => void)[] = [];

function observe<T>(queryKey: string[], queryFn: () => Promise<T>) {
  const observer = new QueryObserver(client, { queryKey, queryFn });
  unsubscribers.push(observer.subscribe(() => {}));
  return observer;
}

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse('2026-11-23T12:00:00Z') });
  syncStatus.setState({ online: true });
  client = createQueryClient();
  client.mount(); // as QueryClientProvider does: it then hears the online and focus events
});
afterEach(() => {
  unsubscribers.splice(0).forEach((unsubscribe) => unsubscribe());
  client.unmount();
  client.clear();
  syncStatus.setState({ online: true });
  vi.useRealTimers();
});

describe('the query client for online-only data', () => {
  it('does not retry a failing query: one call, then the error', async () => {
    const queryFn = vi.fn(async () => {
      throw new Error('boom');
    });
    const observer = observe(['report'], queryFn);
    // TanStack's default would retry 3 times over 1 s, 2 s and 4 s.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(observer.getCurrentResult().status).toBe('error');
    expect(observer.getCurrentResult().error?.message).toBe('boom');
  });

  it('does not retry a failing mutation', async () => {
    const mutationFn = vi.fn(async () => {
      throw new Error('refused');
    });
    const observer = new MutationObserver(client, { mutationFn });
    const outcome = observer.mutate().catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await outcome).toBe('refused');
    expect(mutationFn).toHaveBeenCalledTimes(1);
  });

  it('keeps an answer fresh for 5 minutes: a screen opened again within them does not refetch', async () => {
    expect(STALE_TIME_MS).toBe(5 * 60_000);
    let answer = 0;
    const queryFn = vi.fn(async () => ++answer);
    const first = observe(['stats'], queryFn);
    await vi.advanceTimersByTimeAsync(0);
    expect(first.getCurrentResult().data).toBe(1);

    await vi.advanceTimersByTimeAsync(STALE_TIME_MS - 1000);
    expect(first.getCurrentResult().isStale).toBe(false);
    observe(['stats'], queryFn);
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(1001);
    expect(first.getCurrentResult().isStale).toBe(true);
    observe(['stats'], queryFn);
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(first.getCurrentResult().data).toBe(2);
  });

  it('keeps an unused answer in memory as long as the device keeps it (24 h)', async () => {
    const observer = new QueryObserver(client, { queryKey: ['logs'], queryFn: async () => 'rows' });
    const unsubscribe = observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    unsubscribe();
    await vi.advanceTimersByTimeAsync(CACHE_MAX_AGE_MS - 60_000);
    expect(client.getQueryData(['logs'])).toBe('rows');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(client.getQueryData(['logs'])).toBeUndefined();
  });

  it('offline, keeps showing the answer it has and waits instead of failing; refetches when back online', async () => {
    let answer = 0;
    const queryFn = vi.fn(async () => `answer ${++answer}`);
    observe(['inventory'], queryFn);
    await vi.advanceTimersByTimeAsync(STALE_TIME_MS + 1);

    syncStatus.setState({ online: false });
    const reopened = observe(['inventory'], queryFn);
    await vi.advanceTimersByTimeAsync(0);
    const offline = reopened.getCurrentResult();
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(offline).toMatchObject({ status: 'success', fetchStatus: 'paused', data: 'answer 1' });
    expect(queryPhase(offline)).toBe('ready');

    syncStatus.setState({ online: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(reopened.getCurrentResult()).toMatchObject({ status: 'success', fetchStatus: 'idle', data: 'answer 2' });
  });

  it('offline with nothing saved, the query waits: the phase is offline, not loading forever', async () => {
    syncStatus.setState({ online: false });
    const queryFn = vi.fn(async () => 'rows');
    const observer = observe(['financial'], queryFn);
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).not.toHaveBeenCalled();
    expect(queryPhase(observer.getCurrentResult())).toBe('offline');
  });

  it('an online-only change made offline fails at once instead of waiting to apply later', async () => {
    syncStatus.setState({ online: false });
    const mutationFn = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const observer = new MutationObserver(client, { mutationFn });
    const outcome = observer.mutate().catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(0);
    expect(mutationFn).toHaveBeenCalledTimes(1);
    expect(await outcome).toBe('Failed to fetch');
  });

  it('refetches the lists a mutation names in meta.invalidates before the mutation resolves', async () => {
    const rows = ['a'];
    // The list answers after 100 ms, so the test can see whether the mutation waited for it.
    const listFn = vi.fn(() => new Promise<string[]>((resolve) => setTimeout(() => resolve([...rows]), 100)));
    const list = observe(['products', 'list'], listFn);
    const other = vi.fn(async () => 'untouched');
    observe(['orders'], other);
    await vi.advanceTimersByTimeAsync(100);
    expect(list.getCurrentResult().data).toEqual(['a']);

    const add = new MutationObserver(client, {
      mutationFn: async (row: string) => {
        rows.push(row);
      },
      meta: { invalidates: [['products']] },
    });
    let done = false;
    const adding = add.mutate('b').then(() => (done = true));
    await vi.advanceTimersByTimeAsync(50);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(50);
    await adding;
    expect(list.getCurrentResult().data).toEqual(['a', 'b']);
    expect(listFn).toHaveBeenCalledTimes(2);
    expect(other).toHaveBeenCalledTimes(1);
  });

  it('refetches them after a failed change too (it may have applied before the answer was lost)', async () => {
    const listFn = vi.fn(async () => ['a']);
    observe(['products', 'list'], listFn);
    await vi.advanceTimersByTimeAsync(0);
    const change = new MutationObserver(client, {
      mutationFn: async () => {
        throw new Error('lost');
      },
      meta: { invalidates: [['products']] },
    });
    await change.mutate().catch(() => undefined);
    expect(listFn).toHaveBeenCalledTimes(2);
  });
});
