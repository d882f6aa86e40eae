import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import Dexie from 'dexie';
import { syncStatus } from '@/db/sync/status.ts';
import { QUERY_CACHE_DB_NAME, type SavedQueryCache } from '@/lib/query/cache-db.ts';
import { clearQueryCache } from '@/lib/query/clear.ts';
import { userQueryClient } from '@/lib/query/client.ts';
import { QUERY_CACHE_VERSION } from '@/lib/query/config.ts';
import { queryPhase } from '@/lib/query/phase.ts';
import { totpFactorsQuery } from '@/features/auth/data/mfa-queries.ts';
import { QueryProvider } from '@/lib/query/QueryProvider.tsx';

// The saved caches as a second reader sees them (another connection to the same database).
const reader = new Dexie(QUERY_CACHE_DB_NAME);
reader.version(1).stores({ caches: 'userId' });
const saved = () => reader.table<SavedQueryCache, string>('caches').toArray();
const savedFor = async (userId: string) => (await reader.table<SavedQueryCache, string>('caches').get(userId))?.value;

/** A screen of online-only data: the answer, or the phase it is in. */
function Report({ fetchReport }: { fetchReport: () => Promise<string> }) {
  const query = useQuery({ queryKey: ['report'], queryFn: fetchReport });
  return <p data-testid="report">{query.data ?? queryPhase(query)}</p>;
}

const report = () => screen.getByTestId('report').textContent;

function openScreen(userId: string, fetchReport: () => Promise<string>) {
  return render(
    <QueryProvider userId={userId}>
      <Report fetchReport={fetchReport} />
    </QueryProvider>,
  );
}

/** Opens user-a's screen online and waits until its answer is saved on the device. */
async function saveAnswerOfUserA() {
  const view = openScreen('user-a', async () => 'answer for a');
  await waitFor(() => expect(report()).toBe('answer for a'));
  await waitFor(async () => expect(await savedFor('user-a')).toContain('answer for a'), { timeout: 3000 });
  return view;
}

beforeEach(async () => {
  syncStatus.setState({ online: true });
  await clearQueryCache();
});
afterEach(() => syncStatus.setState({ online: true }));
afterAll(() => reader.close());

describe('the query cache saved on the device, per user', () => {
  it('a new client restores the last answer for the same user, and never for another user', async () => {
    (await saveAnswerOfUserA()).unmount();
    expect((await saved()).map((row) => row.userId)).toEqual(['user-a']);
    syncStatus.setState({ online: false });

    // Another user on this device: a client of their own, and nothing of user-a's.
    const fetchB = vi.fn(async () => 'answer for b');
    const other = openScreen('user-b', fetchB);
    await waitFor(() => expect(report()).toBe('offline'));
    expect(fetchB).not.toHaveBeenCalled();
    other.unmount();

    // user-a again, offline: a new client, restored from the device.
    const fetchA = vi.fn(async () => 'fresh answer for a');
    openScreen('user-a', fetchA);
    await waitFor(() => expect(report()).toBe('answer for a'));
    expect(fetchA).not.toHaveBeenCalled();
  });

  it('discards a cache saved under another version instead of showing it', async () => {
    (await saveAnswerOfUserA()).unmount();
    const row = (await saved())[0]!;
    const stale = { ...(JSON.parse(row.value) as object), buster: `${QUERY_CACHE_VERSION}-old` };
    await reader.table('caches').put({ ...row, value: JSON.stringify(stale) });
    openScreen('user-b', async () => 'b').unmount(); // the next user-a screen gets a new client

    syncStatus.setState({ online: false });
    openScreen('user-a', async () => 'never');
    await waitFor(() => expect(report()).toBe('offline'));
    await waitFor(async () => expect(await savedFor('user-a')).toBeUndefined());
  });

  it('clearQueryCache removes the saved answers and empties the client in memory', async () => {
    const view = await saveAnswerOfUserA();
    const client = userQueryClient('user-a');
    expect(client.getQueryData(['report'])).toBe('answer for a');

    await clearQueryCache();
    expect(await saved()).toEqual([]);
    expect(client.getQueryCache().getAll()).toEqual([]);
    view.unmount();

    syncStatus.setState({ online: false });
    openScreen('user-a', async () => 'never');
    await waitFor(() => expect(report()).toBe('offline'));
  });

  it('a save already scheduled when the cache is cleared does not write the answers back', async () => {
    const view = await saveAnswerOfUserA();
    // A change right after a save waits for the persister's 1 s throttle: it is still to come
    // when sign-out clears the cache.
    userQueryClient('user-a').setQueryData(['report'], 'changed before sign-out');
    await clearQueryCache();
    expect(await saved()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await saved()).toEqual([]);
    view.unmount();
  });
  it('never saves the two-factor list: it is read from the server each time', async () => {
    function Factors() {
      const query = useQuery({ ...totpFactorsQuery, queryFn: async () => [{ id: 'factor-1', status: 'unverified' }] as never });
      return <p data-testid="factors">{query.data ? 'factors shown' : queryPhase(query)}</p>;
    }
    render(
      <QueryProvider userId="user-a">
        <Factors />
        <Report fetchReport={async () => 'answer for a'} />
      </QueryProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('factors').textContent).toBe('factors shown'));
    await waitFor(async () => expect(await savedFor('user-a')).toContain('answer for a'), { timeout: 3000 });
    expect(await savedFor('user-a')).not.toContain('totp-factors');
    expect(totpFactorsQuery.staleTime).toBe(0);
  });
});
