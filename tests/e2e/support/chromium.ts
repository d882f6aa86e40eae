import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Playwright's own Chromium, when `npx playwright install chromium` has put it on this machine. */
function playwrightsOwn(): string | undefined {
  try {
    const own = chromium.executablePath();
    return own && existsSync(own) ? own : undefined;
  } catch {
    return undefined; // No browser registry for this platform.
  }
}

/**
 * The Chromium the benchmarks launch (Lighthouse measures the full browser): CHROMIUM_PATH, else
 * Playwright's own browser when it is installed, else Debian's.
 */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH?.trim() || playwrightsOwn() || '/usr/bin/chromium';
}

/**
 * The Chromium the end-to-end tests launch, always headless. CHROMIUM_PATH wins; Playwright's own
 * install is left to Playwright (undefined), which runs its headless shell when it has one; else
 * Debian's `chromium-headless-shell` (the same Blink and V8 without the full browser's headless
 * mode, the build Playwright itself tests headless with: the e2e suite took 28 % less time on it,
 * tests/README.md), else Debian's full `chromium`.
 */
export function testChromiumPath(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH?.trim();
  if (fromEnv) return fromEnv;
  if (playwrightsOwn()) return undefined;
  return existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium';
}
