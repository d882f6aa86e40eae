/**
 * Saves every page of the catalogue (tests/e2e/support/site-pages.ts) as the role that opens it, at
 * 390×844, 1024×768 and 1440×900 (full page), for people to review. Usage (repository root):
 *
 *   npm run screenshots                                   # build, then every page, light and dark
 *   npm run screenshots -- --no-build --schemes dark --pages admin-logs,admin-cms
 *
 * It builds once (`vite build` into E2E_OUTDIR or dist) and runs tests/e2e/site.shot.ts with
 * tests/e2e/screenshots.config.ts: the e2e config, so the same servers and fresh databases. Images go
 * to screenshots/<scheme>/<page>-<width>.png (git-ignored; SCREENSHOT_DIR moves it). Other options
 * go to Playwright.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
let build = true;
const env: Record<string, string> = {};
const playwrightArgs: string[] = [];
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!;
  if (arg === '--no-build') build = false;
  else if (arg === '--schemes') env.SCREENSHOT_SCHEMES = args[++i]!;
  else if (arg === '--pages') env.SCREENSHOT_PAGES = args[++i]!;
  else playwrightArgs.push(arg);
}

const root = new URL('..', import.meta.url).pathname;
const outDir = process.env.E2E_OUTDIR ?? 'dist';
if (build) {
  const built = spawnSync('npx', ['vite', 'build', '--outDir', outDir], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
// A fresh set each run: an image of a page no longer in the catalogue would mislead a reviewer.
const dir = process.env.SCREENSHOT_DIR ?? join(root, 'screenshots');
if (!env.SCREENSHOT_PAGES) rmSync(dir, { recursive: true, force: true });
const run = spawnSync('npx', ['playwright', 'test', '-c', 'tests/e2e/screenshots.config.ts', ...playwrightArgs], { cwd: root, stdio: 'inherit', env: { ...process.env, ...env, SCREENSHOT_DIR: dir } });
console.log(`\nScreenshots in ${dir}`);
process.exit(run.status ?? 1);
