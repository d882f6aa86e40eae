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

describe('the supabase-js parts loadSupabase evaluates ahead', () => {
  it('are pinned in package.json to the versions supabase-js itself depends on', async () => {
    // Upgrading supabase-js alone would install a second copy of each part: the staged imports
    // would then evaluate code the client never uses, and the bundle would carry both.
    const { readFileSync } = await import('node:fs');
    const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as { version: string; dependencies: Record<string, string> };
    const app = read('package.json');
    const supabaseJs = read('node_modules/@supabase/supabase-js/package.json');
    expect(app.dependencies['@supabase/supabase-js']).toBe(supabaseJs.version);
    const parts = Object.keys(supabaseJs.dependencies).filter((name) => name.startsWith('@supabase/'));
    expect(parts.sort()).toEqual(['@supabase/auth-js', '@supabase/functions-js', '@supabase/postgrest-js', '@supabase/realtime-js', '@supabase/storage-js']);
    for (const part of parts) expect(app.dependencies[part], part).toBe(supabaseJs.dependencies[part]);
  });
});
