// @vitest-environment node
// The import boundaries are lint rules: these checks lint files that break them (as text, with a
// path inside the layer they claim to be in) and expect the errors, so a config change that lets
// them through fails here.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundaryZones, featureNames } from '../../../eslint.config.ts';

const root = new URL('../../../', import.meta.url).pathname;
// The project's config; no-cycle is off here only because it walks every import of the probed
// file's graph (slow), and it has its own check below.
const eslint = new ESLint({ cwd: root, overrideConfig: { rules: { 'import-x/no-cycle': 'off' } } });

async function ruleIds(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const BOUNDARY = 'import-x/no-restricted-paths';

describe('import boundaries', { timeout: 60_000 }, () => {
  it('refuses a feature importing another feature, by alias or relative path', async () => {
    expect(await ruleIds('src/features/cart/probe.ts', "export { listProducts } from '@/features/catalogue';\n")).toContain(BOUNDARY);
    expect(await ruleIds('src/features/cart/components/probe.ts', "export { useMyOrders } from '../../orders/use-my-orders.ts';\n")).toContain(BOUNDARY);
  });

  it('lets a feature import itself and the shared layers', async () => {
    const code = "export { cartTotal } from '@/features/cart/totals.ts';\nexport { readSupabaseEnv } from '@/lib/env.ts';\n";
    expect(await ruleIds('src/features/cart/probe.ts', code)).toEqual([]);
  });

  it('refuses lib and components importing features, routes or the app shell', async () => {
    expect(await ruleIds('src/lib/probe.ts', "export { cartTotal } from '@/features/cart';\n")).toContain(BOUNDARY);
    expect(await ruleIds('src/components/probe.ts', "export { theme } from '@/app/theme.ts';\n")).toContain(BOUNDARY);
    expect(await ruleIds('src/lib/probe.ts', "export { Route } from '@/routes/cart.tsx';\n")).toContain(BOUNDARY);
  });

  it('refuses a feature importing the app shell or a route', async () => {
    expect(await ruleIds('src/features/orders/probe.ts', "export { theme } from '@/app/theme.ts';\n")).toContain(BOUNDARY);
    expect(await ruleIds('src/features/orders/probe.ts', "export { Route } from '@/routes/cart.tsx';\n")).toContain(BOUNDARY);
  });

  it('lets a route compose several features', async () => {
    const code = "export { CartPage } from '@/features/cart';\nexport { listProducts } from '@/features/catalogue';\n";
    expect(await ruleIds('src/routes/probe.ts', code)).toEqual([]);
  });

  it('applies the React hooks rules to src', async () => {
    const code = "import { useState } from 'react';\nexport function f(on: boolean) {\n  if (on) useState(0);\n}\n";
    expect(await ruleIds('src/components/probe.ts', code)).toContain('react-hooks/rules-of-hooks');
  });
});

describe('feature zones', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'features-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('come from the folder list, so a new feature is covered without editing the config', () => {
    for (const name of ['billing', 'cart', 'tickets']) mkdirSync(join(dir, name));
    writeFileSync(join(dir, 'README.md'), 'not a feature');
    expect(featureNames(new URL(`file://${dir}/`))).toEqual(['billing', 'cart', 'tickets']);
    const zones = boundaryZones(['billing', 'cart', 'tickets']);
    expect(zones).toContainEqual(expect.objectContaining({ target: './src/features/tickets', from: './src/features', except: ['./tickets'] }));
  });

  it('cover every folder under src/features today', () => {
    const targets = boundaryZones().map((zone) => zone.target);
    for (const name of featureNames()) expect(targets).toContain(`./src/features/${name}`);
    expect(featureNames()).toContain('cart');
  });
});

describe('import cycles', { timeout: 60_000 }, () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cycle-'));
    mkdirSync(join(dir, 'src/lib'), { recursive: true });
    writeFileSync(join(dir, 'src/lib/a.ts'), "import { b } from './b.ts';\nexport const a = () => b;\n");
    writeFileSync(join(dir, 'src/lib/b.ts'), "import { a } from './a.ts';\nexport const b = () => a;\n");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses two modules importing each other', async () => {
    const cycles = new ESLint({ cwd: dir, overrideConfigFile: join(root, 'eslint.config.ts') });
    const [result] = await cycles.lintFiles(['src/lib/a.ts']);
    expect(result?.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
  });
});
