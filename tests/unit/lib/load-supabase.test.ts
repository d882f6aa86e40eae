import { describe, expect, it, vi } from 'vitest';

// The client module is replaced: its first evaluation fails as a chunk request does offline.
const attempts = vi.hoisted(() => ({ n: 0 }));
vi.mock('@/lib/supabase.ts', () => {
  attempts.n += 1;
  if (attempts.n === 1) throw new TypeError('Failed to fetch dynamically imported module');
  return { supabase: { marker: 'the client' } };
});

describe('loadSupabase', () => {
  it('shares one load between callers and tries again after a failed load', async () => {
    const { loadSupabase } = await import('@/lib/load-supabase.ts');
    const first = loadSupabase();
    expect(loadSupabase()).toBe(first);
    await expect(first).rejects.toThrow();
    const client = await loadSupabase();
    expect(client).toEqual({ marker: 'the client' });
    expect(await loadSupabase()).toBe(client);
  });
});
