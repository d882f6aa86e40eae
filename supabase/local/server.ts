import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, EndedSessions, Handler, Keys, StackContext, UrlPolicy } from './contracts.ts';
import { configValue, loadConfig, type StackConfig } from './config.ts';
import { openDb } from './db/index.ts';
import { createKeys } from './keys.ts';
import { migrate, type MigrateResult } from './migrate/index.ts';
import { createRest } from './rest/index.ts';
import { createAuth } from './auth/index.ts';
import { createClientIp } from './client-ip.ts';
import { createEndedSessions } from './ended-sessions.ts';
import { urlPolicy } from './origins.ts';
import { createRealtime, type Realtime } from './realtime/index.ts';
import { createPublicUrl } from './public-url.ts';
import { loadSigningKeys, signingKeysPath } from './auth/signing-keys.ts';

// import.meta.url (not .dirname): Vite rewrites it correctly when it bundles vite.config.ts.
const LOCAL_DIR = fileURLToPath(new URL('.', import.meta.url));
const SUPABASE_DIR = resolve(LOCAL_DIR, '..');
/** Default PGlite folder (git-ignored). */
export const DEFAULT_DATA_DIR = join(LOCAL_DIR, '.data', 'pglite');

export interface StackOptions {
  /** A PostgreSQL URL; without it the stack runs on PGlite. */
  databaseUrl?: string;
  /** PGlite data folder; default supabase/local/.data/pglite. */
  dataDir?: string;
  /** PGlite in memory (tests). */
  inMemory?: boolean;
  /** Merged over supabase/config.toml (tests). */
  configOverrides?: StackConfig;
  /** Defaults: supabase/migrations and supabase/seed.sql. */
  migrationsDir?: string;
  seedFile?: string;
  poolSize?: number;
  log?: (line: string) => void;
}

export interface Stack {
  /** Connect-style middleware: serves /rest/v1, /auth/v1 and /mailbox; anything else goes to next(). */
  handle(req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void): void;
  /** For the HTTP server's `upgrade` event: takes /realtime/v1/websocket, returns false for anything else. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  db: Db;
  keys: Keys;
  config: StackConfig;
  rest: ReturnType<typeof createRest>;
  auth: ReturnType<typeof createAuth>;
  realtime: Realtime;
  migration: MigrateResult;
  endedSessions: EndedSessions;
  /**
   * Called by whoever listens, once listening: the URL clients reach the stack at. E-mailed links
   * and token issuers use it unless `[api] external_url` is set (never a request's Host header).
   */
  setPublicUrl(url: string): void;
  /** `[auth] site_url` and `additional_redirect_urls`: redirect targets and origins allowed by CORS. */
  urls: UrlPolicy;
  /** e.g. "PGlite (supabase/local/.data/pglite)" or "PostgreSQL (127.0.0.1:5432/postgres)". */
  engineLabel: string;
  close(): Promise<void>;
}

/** The request's URL before the mount prefix was stripped (as Express names it). */
export type MountedRequest = IncomingMessage & { originalUrl?: string };

function engineLabel(options: StackOptions, dataDir: string): string {
  if (options.databaseUrl) {
    const url = new URL(options.databaseUrl);
    return `PostgreSQL (${url.host}${url.pathname})`;
  }
  const rel = relative(process.cwd(), dataDir);
  return options.inMemory ? 'PGlite (in memory)' : `PGlite (${rel && !rel.startsWith('..') ? rel : dataDir})`;
}

/** Longest prefix first so /auth/v1 never shadows anything more specific. */
function mount(prefix: string, path: string): string | undefined {
  if (path === prefix) return '/';
  if (path.startsWith(prefix + '/') || path.startsWith(prefix + '?')) {
    const rest = path.slice(prefix.length);
    return rest.startsWith('?') ? '/' + rest : rest;
  }
  return undefined;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The site URL and redirect allow-list of `[auth]` (the CLI's defaults when absent). */
function stackUrls(config: StackConfig) {
  const site = configValue(config, 'auth', 'site_url');
  return urlPolicy({
    siteUrl: typeof site === 'string' && site ? site : 'http://127.0.0.1:3000',
    additionalRedirectUrls: strings(configValue(config, 'auth', 'additional_redirect_urls')),
  });
}

/** `[api] trusted_proxies`: a local-only key; addresses whose X-Forwarded-For is believed. */
const trustedProxies = (config: StackConfig) => strings(configValue(config, 'api', 'trusted_proxies'));

export async function createStack(options: StackOptions = {}): Promise<Stack> {
  const log = options.log ?? (() => {});
  const config = loadConfig(join(SUPABASE_DIR, 'config.toml'), options.configOverrides);
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  // Read before the database opens: a bad key file stops start-up at once, as it stops `supabase start`.
  const keysFile = signingKeysPath(config, SUPABASE_DIR);
  const accessKeys = keysFile ? await loadSigningKeys(keysFile) : undefined;
  const label = engineLabel(options, dataDir);
  log(`Local Supabase stack: database ${label}`);
  const db = await openDb({ ...options, dataDir });
  try {
    const migration = await migrate(db, {
      platformDir: join(LOCAL_DIR, 'platform'),
      migrationsDir: options.migrationsDir ?? join(SUPABASE_DIR, 'migrations'),
      seedFile: options.seedFile ?? join(SUPABASE_DIR, 'seed.sql'),
      log,
    });
    const keys = await createKeys(db, config, accessKeys);
    const endedSessions = await createEndedSessions(db);
    const publicUrl = createPublicUrl(config);
    const ctx: StackContext = {
      db, keys, config, endedSessions, urls: stackUrls(config), clientIp: createClientIp(trustedProxies(config)), publicUrl: publicUrl.get,
    };
    const rest = createRest(ctx);
    const auth = createAuth(ctx);
    const realtime = await createRealtime(ctx, { log });
    const routes: [string, Handler][] = [
      ['/rest/v1', rest.handler],
      ['/auth/v1', auth.handler],
      ['/realtime/v1', realtime.handler],
      ['/mailbox', auth.mailbox],
    ];

    const handle: Stack['handle'] = (req, res, next) => {
      const url = req.url ?? '/';
      for (const [prefix, handler] of routes) {
        const inner = mount(prefix, url);
        if (inner === undefined) continue;
        const mounted = req as MountedRequest;
        mounted.originalUrl ??= url;
        req.url = inner;
        handler(req, res).catch((error: unknown) => {
          // A handler bug must not take the server down; answer like PostgREST's generic error.
          console.error(`[local-supabase] ${prefix} ${req.method} ${url}:`, error);
          if (!res.headersSent) {
            res.writeHead(500, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ code: 'XX000', message: 'Internal server error', details: null, hint: null }));
          } else res.end();
        });
        return;
      }
      if (next) next();
      else {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'no Route matched with those values' }));
      }
    };

    const close = async () => {
      await realtime.close();
      endedSessions.close();
      await db.close();
    };
    return { handle, upgrade: realtime.upgrade, realtime, db, keys, config, rest, auth, migration, urls: ctx.urls, endedSessions, setPublicUrl: publicUrl.set, engineLabel: label, close };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
