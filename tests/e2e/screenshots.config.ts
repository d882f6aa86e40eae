import { defineConfig } from '@playwright/test';
import e2e from './playwright.config.ts';

// `npm run screenshots` (tests/screenshots.ts): the e2e config, its servers and browser, running only
// the screenshot walk (*.shot.ts), which `npm test` never matches (it runs *.spec.ts).
export default defineConfig({
  ...e2e,
  testMatch: '**/*.shot.ts',
  projects: [{ name: 'screenshots' }],
});
