/**
 * Node side of the bench page: builds it with Vite (production mode, as the product ships: no
 * RxDB dev-mode, no ajv) and serves it under /bench/ from the same server as the stack, so the
 * page talks to the stack same-origin, as the app does behind `vite preview`.
 */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { Stack } from '../../../supabase/local/server.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const src = fileURLToPath(new URL('../../../src', import.meta.url));
const replicateStandIn = join(here, 'replicate-batch.ts');

export const PAGE_PATH = '/bench/index.html';

export async function buildSyncPage(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'sync-bench-page-'));
  await build({
    configFile: false,
    root: here,
    base: '/bench/',
    mode: 'production',
    logLevel: 'warn',
    resolve: { alias: { '@': src } },
    plugins: [
      {
        // session.ts's replication module, with the pull batch size the page picks (replicate-batch.ts).
        name: 'bench-pull-batch-size',
        enforce: 'pre',
        resolveId(source, importer) {
          if (source === './replication/replicate.ts' && importer?.endsWith(join('src', 'db', 'session.ts'))) return replicateStandIn;
          return null;
        },
      },
    ],
    // A profiled run (BENCH_PROFILE) keeps the names: its CPU profile then says which function took the time.
    build: { outDir, emptyOutDir: true, sourcemap: false, minify: !process.env.BENCH_PROFILE },
  });
  return outDir;
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' };

/** The built page's files under /bench/; anything else is 404. */
export function servePage(outDir: string) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = path.startsWith('/bench/') ? normalize(join(outDir, path.slice('/bench/'.length))) : '';
    if (!file.startsWith(outDir) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  };
}

/** The stack (REST, Auth, Realtime) and the bench page on one loopback port, as the app is served. */
export async function serveWithStack(stack: Stack, outDir: string): Promise<{ server: Server; url: string }> {
  const page = servePage(outDir);
  const server = createServer((req, res) => stack.handle(req, res, () => page(req, res)));
  server.on('upgrade', (req, socket, head) => {
    if (!stack.upgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stack.setPublicUrl(url);
  return { server, url };
}
