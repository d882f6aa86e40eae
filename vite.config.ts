/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { localSupabase } from './supabase/local/vite-plugin.ts';
import { unitSimulator } from './simulator/vite-plugin.ts';
import postcssPresetMantine from 'postcss-preset-mantine';
import postcssSimpleVars from 'postcss-simple-vars';
import { prerender } from './src/app/prerender/plugin.ts';
import { dbSnapshot } from './src/app/snapshot/plugin.ts';
import { securityHeadersPlugin } from './src/app/security-headers/plugin.ts';

// The root manifest.webmanifest is the single source; the plugin emits it and links it once.
const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8')) as Partial<ManifestOptions>;

// `isSsrBuild` is the prerender's own Node build of src/app/prerender/render.tsx (started by the
// prerender plugin): it needs the same aliases, React, CSS and PWA virtual modules (vite-plugin-pwa
// builds no service worker for it), but no local stack and no prerender of its own.
// The simulated garage units run beside `npm start` (simulator/README.md).
const units = unitSimulator();

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: [
      // The prerender sanitizes Markdown with DOMPurify over jsdom (Node has no DOM of its own).
      ...(isSsrBuild ? [{ find: '@/lib/purifier.ts', replacement: new URL('./src/app/prerender/purifier.node.ts', import.meta.url).pathname }] : []),
      { find: '@', replacement: new URL('./src', import.meta.url).pathname },
    ],
  },
  plugins: [
    // First, so its headers are set on every response, the local stack's included.
    !isSsrBuild && securityHeadersPlugin(),
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    react(),
    // In the prerender's build too: its pages render from the same snapshot the client hydrates with.
    dbSnapshot(),
    !isSsrBuild && prerender(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      manifestFilename: 'manifest.webmanifest',
      // The manifest's icons are already matched by globPatterns below; listing them twice would
      // only duplicate precache entries.
      includeManifestIcons: false,
      injectManifest: {
        // App shell, every JS/CSS chunk (lazy routes too, so they open offline), fonts, icons,
        // product images and the hero poster. The hero video (mp4/webm) is left out on purpose:
        // offline the poster stands in (see sw/images.ts).
        globPatterns: ['**/*.{js,css,html,svg,png,webp,avif,jpg,jpeg,ico,woff,woff2}'],
        // Icon sources (the PNGs are what is used) and anything large by mistake stay out.
        globIgnores: ['icons/*.svg', '**/node_modules/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
      // After the prerender's closeBundle: the precache lists the prerendered pages.
      integration: { closeBundleOrder: 'post' },
    }),
    !isSsrBuild && localSupabase({}, { onReady: units.onReady }),
    !isSsrBuild && units.plugin,
  ],
  css: {
    postcss: {
      plugins: [
        postcssPresetMantine(),
        postcssSimpleVars({
          variables: { 'mantine-breakpoint-xs': '36em', 'mantine-breakpoint-sm': '48em', 'mantine-breakpoint-md': '62em', 'mantine-breakpoint-lg': '75em', 'mantine-breakpoint-xl': '88em' },
        }),
      ],
    },
  },
  // One stylesheet for the whole app: the prerendered pages need their route, footer and landing
  // CSS before first paint, and one render-blocking request costs less than six (a few kB of CSS
  // modules on top of Mantine's). Lazy chunks then never inject CSS of their own.
  // No module preloading from Vite's chunk loader: for every dynamic import it looks up and appends
  // a <link rel="modulepreload"> per dependency, on the main thread. During hydration that made the
  // router's first load one of the longest tasks (11–17 ms of CPU, 7–9 ms without). The start-up
  // chunks are preloaded by the prerendered pages' boot script and the shell's static links
  // (src/app/prerender/html.ts); other chunks load as imported (after the first visit, from the
  // service worker's precache).
  build: { cssCodeSplit: false, modulePreload: false },
  preview: { port: 4173, strictPort: true },
  server: { port: 5173 },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          // Room for findBy*'s 20 s deadline (tests/unit/setup.ts) on a loaded machine: deadlines,
          // not waits (a passing test is no slower).
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts', 'supabase/tests/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
}));
