import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * The Chromium the end-to-end tests and benchmarks launch: CHROMIUM_PATH, else Playwright's own
 * browser when it is installed (`npx playwright install chromium`), else Debian's.
 */
export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH?.trim();
  if (fromEnv) return fromEnv;
  try {
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    // No browser registry for this platform: fall through.
  }
  return '/usr/bin/chromium';
}
