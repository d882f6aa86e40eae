// The storefront's start-up JavaScript, checked on a production build on every test run (the
// Lighthouse bench measures the same, but only when someone runs it): the JS budget of the home
// page and the catalogue, and no RxDB or Dexie in what the public pages run at start (the data
// layer loads for signed-in users only; the guest cart loads its database after the first paint).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsBeforePaintStatic } from '../../bench/js-size.ts';
import { repoRoot } from '../../e2e/support/paths.ts';

// KB gzip, as in the README's storefront budget.
const BUDGET_KB = 170;
const STOREFRONT = [
  ['/', 'src/routes/index.tsx'],
  ['/products', 'src/routes/products/index.tsx'],
  ['/products/1', 'src/routes/products/$productId.tsx'],
] as const;
// Strings only the libraries' own code carries: RxDB's core names itself in its errors, and
// Dexie's error class is named in its source.
const DATA_LAYER_MARKERS = ['RxDB', 'DexieError'];

let outDir = '';

beforeAll(() => {
  outDir = mkdtempSync(join(tmpdir(), 'start-up-js-'));
  // Vitest runs with NODE_ENV=test, which would make this a build with React's development code.
  const env = { ...process.env, NODE_ENV: 'production' };
  const build = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'error'], { cwd: repoRoot, encoding: 'utf8', env });
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stderr}`);
}, 300_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('start-up JavaScript of the public pages', () => {
  for (const [path, routeFile] of STOREFRONT) {
    it(`${path} starts without RxDB or Dexie`, () => {
      const { files } = jsBeforePaintStatic(outDir, repoRoot, routeFile);
      expect(files.length).toBeGreaterThan(3);
      const carrying = files.filter((file) => DATA_LAYER_MARKERS.some((marker) => readFileSync(join(outDir, file), 'utf8').includes(marker)));
      expect(carrying).toEqual([]);
    });
  }

  for (const [path, routeFile] of STOREFRONT.slice(0, 2)) {
    it(`${path} runs at most ${BUDGET_KB} KB gzip of JavaScript at start`, () => {
      expect(jsBeforePaintStatic(outDir, repoRoot, routeFile).kb).toBeLessThanOrEqual(BUDGET_KB);
    });
  }

  it('the markers do find the data layer in the build (so the checks above can fail)', () => {
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
    const chunks = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) => file.endsWith('.js'));
    const found = DATA_LAYER_MARKERS.filter((marker) => chunks.some((file) => readFileSync(join(outDir, file), 'utf8').includes(marker)));
    expect(found).toEqual(DATA_LAYER_MARKERS);
  });
});
