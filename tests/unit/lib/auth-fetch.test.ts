import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthFetch, onRefreshRefused } from '@/lib/auth-fetch.ts';

const REFRESH = 'http://x.test/auth/v1/token?grant_type=refresh_token';
const answer = (status: number) => vi.fn(async () => new Response('{}', { status }));

afterEach(() => vi.restoreAllMocks());

describe('the fetch supabase-js calls with', () => {
  it('holds a refresh asked for offline until the connection returns, then sends it', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const base = answer(200);
    const pending = createAuthFetch(base)(REFRESH, { method: 'POST' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(base).not.toHaveBeenCalled();
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect((await pending).status).toBe(200);
    expect(base).toHaveBeenCalledTimes(1);
  });

  it('sends other calls offline at once (they fail as they would), each with a deadline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const base = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => new Response(String(init?.signal instanceof AbortSignal)));
    const response = await createAuthFetch(base)('http://x.test/rest/v1/devices');
    expect(await response.text()).toBe('true');
  });

  it('turns a 500 or 429 to a refresh into a network failure, which keeps the session', async () => {
    for (const status of [500, 429, 503]) {
      await expect(createAuthFetch(answer(status))(REFRESH, { method: 'POST' })).rejects.toBeInstanceOf(TypeError);
    }
  });

  it('tells its listeners when the server refuses a refresh for good, and hands the answer on', async () => {
    const heard = vi.fn();
    const stop = onRefreshRefused(heard);
    const response = await createAuthFetch(answer(400))(REFRESH, { method: 'POST' });
    expect(response.status).toBe(400);
    expect(heard).toHaveBeenCalledWith(400);
    await createAuthFetch(answer(400))('http://x.test/auth/v1/token?grant_type=password', { method: 'POST' });
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
  });
});
