import type { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Plugin, ResolvedServerUrls } from 'vite';
import type { Stack, StackOptions } from './server.ts';

type Next = (error?: unknown) => void;
const PREFIXES = ['/rest/v1', '/auth/v1', '/realtime/v1', '/mailbox'];

/**
 * Mounts the local Supabase stack (/rest/v1, /auth/v1, /mailbox) on the Vite dev and preview
 * servers, so the app's default Supabase URL is its own origin. The stack (and its database) starts
 * with `vite preview`, or on the first request to one of its paths under `vite`; never during
 * `vite build`. `hooks.onReady` is called once the stack runs and its URL is known. DATABASE_URL selects
 * PostgreSQL and STACK_DATA_DIR moves the PGlite folder, as for `npm run stack`.
 */
export function localSupabase(options: StackOptions = {}, hooks: { onReady?: (stack: Stack, url: string) => void } = {}): Plugin {
  let starting: Promise<Stack> | undefined;
  // The dev/preview server's own URL, once it listens: the stack's e-mailed links point there.
  let publicUrl: string | undefined;
  let readyFor: Stack | undefined;
  const announce = (stack: Stack) => {
    if (publicUrl) {
      stack.setPublicUrl(publicUrl);
      // Once per stack, when it runs and its URL is known (the device simulator starts then).
      if (readyFor !== stack) {
        readyFor = stack;
        hooks.onReady?.(stack, publicUrl);
      }
    }
    return stack;
  };
  const onListening = (server: { httpServer: EventEmitter | null; resolvedUrls: ResolvedServerUrls | null }) => {
    server.httpServer?.on('listening', () => {
      // Vite resolves its URLs right after 'listening' fires (preview: once its listen promise settles).
      setImmediate(() => {
        const url = server.resolvedUrls?.local[0] ?? server.resolvedUrls?.network[0];
        if (!url) return;
        publicUrl = url;
        void starting?.then(announce, () => undefined);
      });
    });
  };

  const start = async (): Promise<Stack> => {
    // Imported lazily: a build never loads PGlite or pg.
    const { createStack } = await import('./server.ts');
    const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
    // STACK_DATA_DIR as for the CLI: two processes must never share one PGlite folder.
    const dataDir = options.dataDir ?? process.env.STACK_DATA_DIR;
    return createStack({
      ...options,
      ...(databaseUrl ? { databaseUrl } : {}),
      ...(dataDir ? { dataDir } : {}),
      log: options.log ?? ((line) => console.log(`[local-supabase] ${line}`)),
    }).then(announce);
  };

  const middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => {
    const url = req.url ?? '/';
    if (!PREFIXES.some((p) => url === p || url.startsWith(p + '/') || url.startsWith(p + '?'))) return next();
    starting ??= start();
    starting.then(
      (stack) => stack.handle(req, res, next),
      (error: unknown) => {
        console.error('[local-supabase] the stack failed to start:', error instanceof Error ? error.message : error);
        // Let a later request try again (e.g. after fixing a migration).
        starting = undefined;
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'The local Supabase stack failed to start; see the server log.' }));
      },
    );
  };

  // WebSocket upgrades for /realtime/v1/ (Realtime); every other upgrade (Vite's HMR) is left alone.
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!(req.url ?? '/').startsWith('/realtime/v1/')) return;
    starting ??= start();
    starting.then(
      (stack) => {
        if (!stack.upgrade(req, socket, head)) socket.destroy();
      },
      () => socket.destroy(),
    );
  };

  const stop = async () => {
    const current = starting;
    starting = undefined;
    if (current) await current.then((s) => s.close(), () => undefined);
  };

  return {
    name: 'local-supabase',
    configureServer(server) {
      server.middlewares.use(middleware);
      onListening(server);
      server.httpServer?.on('upgrade', onUpgrade);
      server.httpServer?.once('close', () => void stop());
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware);
      // Preview (`npm start`) boots the database right away so the first page load is not the one
      // that waits for it. Dev stays lazy: Vitest also runs configureServer hooks.
      // A failing migration stops start-up, as `npm run stack` does: serving the app over a
      // half-migrated database would only move the error to the first signed-in screen.
      onListening(server);
      starting ??= start();
      starting.catch((error: unknown) => {
        console.error('[local-supabase] the stack failed to start:', error instanceof Error ? error.message : error);
        process.exit(1);
      });
      server.httpServer.on('upgrade', onUpgrade);
      server.httpServer.once('close', () => void stop());
    },
  };
}
