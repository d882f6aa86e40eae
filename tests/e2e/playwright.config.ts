import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumPath } from './support/chromium.ts';

// Runs against the production build served by `vite preview` (the service worker only works there).
// E2E_PORT / E2E_OUTDIR let several builds be served side by side during development.
const port = Number(process.env.E2E_PORT ?? 4173);
const outDir = process.env.E2E_OUTDIR ?? 'dist';
// `vite preview` boots the local Supabase stack; give it its own PGlite folder so a test run never
// collides with (or writes into) the developer's `npm start` database. Workers inherit it.
process.env.STACK_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'e2e-stack-'));
// The browser durability property draws its histories from this seed, the same in every worker
// (each loads this file). `npm test` uses one whose 20 histories passed; CHROMIUM_DURABILITY_RANDOM=1
// draws a new one per run (printed with a failure; set CHROMIUM_DURABILITY_SEED to replay it).
process.env.CHROMIUM_DURABILITY_SEED ??= process.env.CHROMIUM_DURABILITY_RANDOM ? String(Math.floor(Math.random() * 2 ** 31)) : '1986749609';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: chromiumPath(),
      args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--disable-background-networking'],
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: `npx vite preview --port ${port} --strictPort --outDir ${outDir}`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    cwd: '../..',
    env: { STACK_DATA_DIR: process.env.STACK_DATA_DIR },
  },
});
