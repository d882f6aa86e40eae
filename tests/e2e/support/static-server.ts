import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

/**
 * A minimal static server with the SPA fallback `vite preview` has, serving a directory whose
 * files a test may change while it runs (e.g. a new sw.js, to produce a waiting update without a
 * second build). Listens on an OS-assigned port so it never collides with other servers.
 */
export async function serveStatic(dir: string, options: { hang?: (url: URL) => boolean } = {}): Promise<StaticServer> {
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    // A request that never answers (poor signal): held open until the server closes.
    if (options.hang?.(url)) return;
    const pathname = decodeURIComponent(url.pathname);
    let file = normalize(join(dir, pathname));
    if (!file.startsWith(dir)) {
      res.writeHead(403).end();
      return;
    }
    const info = await stat(file).catch(() => null);
    // Mirror `vite preview` over the prerendered build: a page's own HTML, else the SPA shell.
    if (!info || info.isDirectory()) {
      const page = pathname === '/' ? join(dir, 'index.html') : `${file.replace(/\/$/, '')}.html`;
      file = (await stat(page).catch(() => null))?.isFile() ? page : join(dir, 'shell.html');
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
