import { describe, expect, it } from 'vitest';
import { DeadlineError, fetchWithDeadline, withDeadline } from '@/lib/deadline.ts';

// A fetch that answers only when its signal aborts, as a hung connection does.
const hangingFetch: typeof fetch = (_input, init) =>
  new Promise((_, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
  });

describe('fetchWithDeadline', () => {
  it('fails a request that never answers with a DeadlineError (a TypeError) after the deadline', async () => {
    const started = Date.now();
    const error = await fetchWithDeadline(hangingFetch, 50)('http://x.test/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeadlineError);
    expect(error).toBeInstanceOf(TypeError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it("passes the caller's own abort through as it was", async () => {
    const controller = new AbortController();
    const pending = fetchWithDeadline(hangingFetch, 5_000)('http://x.test/', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort(new Error('mine'));
    const error = await pending;
    expect(error).not.toBeInstanceOf(DeadlineError);
    expect((error as Error).message).toBe('mine');
  });

  it('returns an answer given in time', async () => {
    const answer = await fetchWithDeadline(async () => new Response('ok'), 1_000)('http://x.test/');
    expect(await answer.text()).toBe('ok');
  });
});

describe('withDeadline', () => {
  it('rejects a promise that never settles, and resolves one that does', async () => {
    await expect(withDeadline(new Promise(() => {}), 20)).rejects.toBeInstanceOf(DeadlineError);
    await expect(withDeadline(Promise.resolve(7), 1_000)).resolves.toBe(7);
  });
});
