// Build-time prerender, as a Vite plugin (runs in Node, from vite.config.ts). After the client build
// it builds ./render.tsx for Node with the same config (same CSS-module class names, same aliases),
// renders every public page into the output folder and keeps the plain shell as shell.html. It runs
// before vite-plugin-pwa's closeBundle, so the service worker precaches the pages with their revisions.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { isApiPath } from '../../../sw/api-routes.ts';
import { APP_SHELL_FILE } from '../../../sw/app-shell.ts';
import { htmlFileFor, injectPage, shellWithPreloads, type PageAssets } from './html.ts';

interface ServerEntry {
  prerenderPaths(): Promise<string[]>;
  renderPage(path: string): Promise<string>;
}

const ENTRY = 'src/app/prerender/render.tsx';

async function buildServerEntry(config: ResolvedConfig): Promise<{ entry: ServerEntry; dir: string }> {
  // Inside node_modules so the bundle's bare imports (react, @mantine/core, …) resolve; one folder
  // per build, since several builds may run side by side.
  const dir = join(config.root, 'node_modules/.cache/prerender', `${process.pid}-${Date.now()}`);
  try {
    await build({
      configFile: config.configFile,
      root: config.root,
      mode: config.mode,
      logLevel: 'warn',
      build: {
        ssr: ENTRY,
        outDir: dir,
        emptyOutDir: true,
        copyPublicDir: false,
        minify: false,
        rollupOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' } },
      },
    });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const entry = (await import(pathToFileURL(join(dir, 'render.mjs')).href)) as ServerEntry;
  return { entry, dir };
}

/**
 * From the client bundle: every stylesheet (all but the entry's would otherwise arrive with JS
 * chunks, after the first paint) and the chunks the entry's start-up imports (src/main.tsx imports
 * React DOM and the app in stages) with their static imports, to preload in parallel.
 */
function pageAssets(bundle: Rollup.OutputBundle): PageAssets {
  const files = Object.values(bundle);
  const chunks = new Map(files.flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file] as const] : [])));
  const preloads = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = chunks.get(fileName);
    if (!chunk || preloads.has(fileName)) return;
    preloads.add(fileName);
    chunk.imports.forEach(visit);
  };
  for (const chunk of chunks.values()) {
    if (!chunk.isEntry) continue;
    chunk.imports.forEach(visit);
    chunk.dynamicImports.forEach(visit);
  }
  return {
    css: files.filter((file) => file.type === 'asset' && file.fileName.endsWith('.css')).map((file) => file.fileName).sort(),
    preloads: [...preloads].map((file) => `/${file}`),
  };
}

/** `vite preview` serves index.html for unknown paths; here that is the home page, so send the shell. */
function shellFallback(outDir: string) {
  return (req: IncomingMessage, _res: ServerResponse, next: () => void) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const isPageRequest = (req.method === 'GET' || req.method === 'HEAD') && (req.headers.accept ?? '').includes('text/html');
    if (isPageRequest && pathname !== '/' && !extname(pathname) && !isApiPath(pathname)) {
      const prerendered = !pathname.endsWith('/') && existsSync(join(outDir, htmlFileFor(decodeURIComponent(pathname))));
      if (!prerendered) req.url = `/${APP_SHELL_FILE}`;
    }
    next();
  };
}

export function prerender(): Plugin {
  let config: ResolvedConfig;
  let assets: PageAssets = { css: [], preloads: [] };
  return {
    name: 'garage:prerender',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      assets = pageAssets(bundle);
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler(error) {
        if (error || config.command !== 'build' || config.build.ssr) return;
        const outDir = resolve(config.root, config.build.outDir);
        const template = await readFile(join(outDir, 'index.html'), 'utf8');
        const { entry, dir } = await buildServerEntry(config);
        try {
          await writeFile(join(outDir, APP_SHELL_FILE), shellWithPreloads(template, assets.preloads));
          const paths = await entry.prerenderPaths();
          for (const path of paths) {
            const file = join(outDir, htmlFileFor(path));
            await mkdir(dirname(file), { recursive: true });
            await writeFile(file, injectPage(template, path, await entry.renderPage(path), assets));
          }
          config.logger.info(`prerendered ${paths.length} pages (+ ${APP_SHELL_FILE})`);
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      },
    },
    configurePreviewServer(server) {
      server.middlewares.use(shellFallback(resolve(server.config.root, server.config.build.outDir)));
    },
  };
}
