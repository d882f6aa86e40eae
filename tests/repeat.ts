/**
 * Runs end-to-end specs N times in a row and reports each test's passes and failures: the way to
 * find a flaky test before CI does. Usage (from the repository root):
 *
 *   npm run test:repeat -- -n 3                                  # the whole e2e suite, 3 times
 *   npm run test:repeat -- -n 5 tests/e2e/cart-checkout.spec.ts  # chosen spec files (or any Playwright filter)
 *   npm run test:repeat -- -n 3 --no-build --workers 1 …         # reuse the last build; other options go to Playwright
 *
 * It builds once (`vite build`, into E2E_OUTDIR or dist), then runs Playwright with the project's
 * config N times (fresh servers and databases each run), printing Playwright's own output, a line
 * per run, a table with every test's result per run, and the time each spec file took per run.
 * Exits non-zero when any test failed (or was flaky, skipped or interrupted) in any run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

interface Result {
  status: 'passed' | 'failed' | 'timedOut' | 'skipped' | 'interrupted';
  duration: number;
}
interface Suite {
  title: string;
  file?: string;
  suites?: Suite[];
  specs?: Array<{ title: string; file: string; line: number; tests: Array<{ results: Result[] }> }>;
}

const args = process.argv.slice(2);
let runs = 3;
let build = true;
const playwrightArgs: string[] = [];
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!;
  if (arg === '-n' || arg === '--runs') runs = Number(args[++i]);
  else if (arg === '--no-build') build = false;
  else playwrightArgs.push(arg);
}
if (!Number.isInteger(runs) || runs < 1) throw new Error('-n takes a whole number of runs, at least 1');

const root = new URL('..', import.meta.url).pathname;
const outDir = process.env.E2E_OUTDIR ?? 'dist';
// Spec paths are taken relative to the repository root, as typed; Playwright's testDir is tests/e2e.
const filters = playwrightArgs.map((arg) => (arg.endsWith('.spec.ts') ? relative(join(root, 'tests/e2e'), join(root, arg)) : arg));

if (build) {
  const built = spawnSync('npx', ['vite', 'build', '--outDir', outDir], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const reports = mkdtempSync(join(tmpdir(), 'e2e-repeat-'));
/** test id ("file:line › title") → its status in each run. */
const byTest = new Map<string, string[]>();
/** spec file → seconds spent in each run (summed over its tests). */
const byFile = new Map<string, number[]>();
const perRun: string[] = [];

function collect(suite: Suite, run: number, path: string[] = []): void {
  // The file's own suite is titled with the file name: the path starts below it.
  const titles = suite.file === suite.title ? path : [...path, suite.title];
  for (const spec of suite.specs ?? []) {
    const result = spec.tests.flatMap((t) => t.results);
    const status = result.length === 0 ? 'not run' : result.every((r) => r.status === 'passed') ? 'pass' : result.map((r) => r.status).join('+');
    const id = `${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`;
    const row = byTest.get(id) ?? Array<string>(runs).fill('absent');
    row[run] = status;
    byTest.set(id, row);
    const times = byFile.get(spec.file) ?? Array<number>(runs).fill(0);
    times[run] = (times[run] ?? 0) + result.reduce((sum, r) => sum + r.duration, 0) / 1000;
    byFile.set(spec.file, times);
  }
  for (const child of suite.suites ?? []) collect(child, run, titles);
}

for (let run = 0; run < runs; run++) {
  const report = join(reports, `run-${run + 1}.json`);
  const started = Date.now();
  console.info(`\n=== run ${run + 1} of ${runs} ===`);
  spawnSync('npx', ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts', '--reporter=list,json', ...filters], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  });
  const seconds = (Date.now() - started) / 1000;
  let parsed: { suites: Suite[] } = { suites: [] };
  try {
    parsed = JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    console.error(`run ${run + 1}: no JSON report (Playwright did not finish)`);
  }
  for (const suite of parsed.suites) collect(suite, run);
  const statuses = [...byTest.values()].map((row) => row[run]);
  const passed = statuses.filter((s) => s === 'pass').length;
  perRun.push(`run ${run + 1}: ${passed} passed, ${statuses.length - passed} not passed, ${seconds.toFixed(0)} s`);
  console.info(perRun.at(-1));
}

const pad = (text: string, width: number) => text.padEnd(width);
console.info(`\n=== every test, ${runs} runs ===`);
console.info(`${pad('passes', 7)}${pad('fails', 6)}${pad('per run', 8 * runs)}test`);
const ids = [...byTest.keys()].sort();
for (const id of ids) {
  const row = byTest.get(id)!;
  const passes = row.filter((s) => s === 'pass').length;
  console.info(`${pad(String(passes), 7)}${pad(String(runs - passes), 6)}${pad(row.map((s) => (s === 'pass' ? 'ok' : s)).join(' '), 8 * runs)}${id}`);
}
console.info(`\n=== seconds per spec file (summed test time) ===`);
for (const [file, times] of [...byFile.entries()].sort((a, b) => b[1][0]! - a[1][0]!)) {
  console.info(`${times.map((t) => t.toFixed(0).padStart(6)).join('')}  ${file}`);
}
const unstable = ids.filter((id) => byTest.get(id)!.some((s) => s !== 'pass'));
console.info(`\n=== summary ===\n${perRun.join('\n')}\n${ids.length} tests; ${ids.length - unstable.length} passed in all ${runs} runs; ${unstable.length} did not:`);
for (const id of unstable) console.info(`  ${byTest.get(id)!.join(' ')}  ${id}`);
process.exit(unstable.length === 0 && ids.length > 0 ? 0 : 1);
