import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { testChromiumPath } from './support/chromium.ts';
import { appOrigin, basePort } from './support/paths.ts';

// Runs against the production build served by `vite preview` (the service worker only works there).
// E2E_WORKERS (default 2) workers, each with its own server: worker slot i talks only to the server
// on E2E_PORT + i (default 4173, 4174, …), which boots its own local stack over its own PGlite folder.
// So specs in different workers share no rows, no sessions and no per-IP rate limits. E2E_OUTDIR
// names the build to serve, so several builds can be tested side by side during development.
const workers = Number(process.env.E2E_WORKERS ?? 2);
const outDir = process.env.E2E_OUTDIR ?? 'dist';
// Each server gets a fresh PGlite folder so a test run never collides with (or writes into) the
// developer's `npm start` database. This file is loaded again in every worker: the folders are made
// once, in the runner, and handed down through the environment.
// The runner removes the folders it made when it exits, after it has stopped the servers (a run
// left two PGlite folders of about 47 MB each behind).
if (!process.env.E2E_STACK_DIRS) {
  const made = Array.from({ length: workers }, () => mkdtempSync(join(tmpdir(), 'e2e-stack-')));
  process.env.E2E_STACK_DIRS = made.join(',');
  process.on('exit', () => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
}
const stackDirs = process.env.E2E_STACK_DIRS.split(',');
// The browser durability property draws its random histories from this seed, the same in every
// worker (each loads this file): a new one per run, printed with a failure; set
// CHROMIUM_DURABILITY_SEED to replay a run.
process.env.CHROMIUM_DURABILITY_SEED ??= String(Math.floor(Math.random() * 2 ** 31));

const LONG_SPECS = /\/(durability|a11y|xss)\.spec\.ts$/;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Deadlines, not waits: a passing test is no slower. Two workers share two cores with their
  // servers, and CI machines are often busier still (axe scans and hydration are CPU-bound).
  timeout: 120_000,
  expect: { timeout: 15_000 },
  // A file's tests stay together in one worker, in order (several share state within their file).
  fullyParallel: false,
  workers,
  retries: 0,
  reporter: [['list']],
  use: {
    // Evaluated in each worker: its own server.
    baseURL: appOrigin(),
    launchOptions: {
      executablePath: testChromiumPath(),
      args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--disable-background-networking'],
    },
    // A trace of every test costs about a third of the run (tests/README.md); a failure still
    // prints what each page showed (support/page-state.ts) and its accessibility tree. E2E_TRACE=1
    // keeps the trace of each failed test, without the screencast (the costliest part).
    trace: process.env.E2E_TRACE ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    // The device asks for reduced motion, which the app honours (Mantine's respectReducedMotion):
    // dialogs and toasts appear at once. With motion, Mantine starts a dialog's 200 ms slide a frame
    // or two after mounting it; on a loaded machine Playwright could find the button still for two
    // frames at its starting place, 30 px up, and click there as the slide began: the click was lost
    // ("Revoke" in access.spec once in a clean-clone run). Transitions have no test of their own to
    // lose; the few tests about motion itself ask for 'no-preference'.
    reducedMotion: 'reduce',
  },
  // The longest spec files start first, so the run does not end with one of them alone on a worker
  // while the other worker idles (xss, 4 tests over 110 s, came last in file order). Projects run side by side, in this order.
  projects: [
    { name: 'long', testMatch: LONG_SPECS },
    { name: 'e2e', testIgnore: LONG_SPECS },
  ],
  webServer: stackDirs.map((dir, slot) => ({
    command: `npx vite preview --port ${basePort() + slot} --strictPort --outDir ${outDir}`,
    url: `http://127.0.0.1:${basePort() + slot}`,
    // Never on CI. Locally a server already listening on the port is used as it is: make sure it is
    // one you started from this checkout for this purpose (its database is then shared).
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    cwd: '../..',
    // The units the door tests need are started by the tests themselves (tests/e2e/support/units.ts).
    // stack-overrides.toml raises the per-IP auth limits: every test browser here is 127.0.0.1.
    env: { STACK_DATA_DIR: dir, SIMULATE_UNITS: '0', STACK_CONFIG_OVERRIDES: 'tests/e2e/stack-overrides.toml' },
  })),
});
