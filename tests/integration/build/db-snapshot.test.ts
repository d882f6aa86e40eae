// The build's database snapshots (src/app/snapshot): a virtual module answers with the seeded
// database's rows, read as anon (so only what the public may read), and an unknown name fails the
// build instead of shipping an empty page.
import { describe, expect, it } from 'vitest';
import { dbSnapshot } from '../../../src/app/snapshot/plugin.ts';

interface FilteredHook {
  filter: { id: RegExp };
  handler: (this: unknown, id: string) => unknown;
}

/** Runs a hook as the bundler does: only for ids its filter lets through. */
function run(hook: unknown, id: string): unknown {
  const { filter, handler } = hook as FilteredHook;
  return filter.id.test(id) ? handler.call({}, id) : undefined;
}

async function loadModule(name: string): Promise<string> {
  const plugin = dbSnapshot();
  const resolved = run(plugin.resolveId, `virtual:db-snapshot/${name}`) as string;
  expect(resolved).toBe(`\0virtual:db-snapshot/${name}`);
  return (await run(plugin.load, resolved)) as string;
}

describe('database snapshot at build time', () => {
  it('serves the published knowledge-base articles of the seed, and only those', async () => {
    const source = await loadModule('kb-articles');
    const rows = JSON.parse(source.replace(/^export default /, '').replace(/;$/, '')) as { id: string; title: string }[];
    expect(rows.length).toBeGreaterThan(3);
    const ids = rows.map((row) => row.id);
    expect(new Set(ids).size).toBe(rows.length);
    expect(ids).toContain('30000000-0000-4000-8000-000000000001');
    // The seed's two drafts are not public: anon's read leaves them out.
    expect(ids).not.toContain('30000000-0000-4000-8000-000000000015');
    expect(ids).not.toContain('30000000-0000-4000-8000-000000000016');
  });

  it('refuses an unknown snapshot name', async () => {
    await expect(loadModule('no-such-snapshot')).rejects.toThrow(/Unknown database snapshot "no-such-snapshot"/);
  });

  it('leaves other module ids alone', () => {
    const plugin = dbSnapshot();
    expect(run(plugin.resolveId, 'virtual:pwa-register')).toBeUndefined();
    expect(run(plugin.load, '/work/src/main.tsx')).toBeUndefined();
  });
});
