/**
 * The shared integration-test harness: a fresh database per call (a new database on the run's
 * PostgreSQL cluster, or PGlite in memory), the real stack on it, served on an ephemeral loopback
 * port, and helpers to talk to it through the real supabase-js.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { describe, inject } from 'vitest';
import WebSocket from 'ws';
import type { Db, JwtClaims, Keys } from '../../../supabase/local/contracts.ts';
import { createStack, type Stack, type StackOptions } from '../../../supabase/local/server.ts';
import { enginesUnderTest, type Engine } from './engines.ts';

export type { Engine } from './engines.ts';

export interface TestStackOptions {
  engine: Engine;
  /** SQL run as the database owner after migrations (tables, policies, rows); then the REST schema cache reloads. */
  fixtureSql?: string;
  configOverrides?: StackOptions['configOverrides'];
  /** Defaults to the project's supabase/migrations and supabase/seed.sql. */
  migrationsDir?: string;
  seedFile?: string;
  /**
   * The platform objects only: no product migrations, no seed. For suites that test the stack
   * itself with their own fixtures, so product tables can neither clash with nor slow them.
   */
  bare?: boolean;
  /** Superuser URL of a cluster; defaults to the one global-setup started. */
  clusterUrl?: string;
}

export interface ClientOptions {
  /** A user's access token (see userToken); without it the client is anon. */
  accessToken?: string;
  /** Use the service_role key instead of the anon key. */
  serviceRole?: boolean;
}

export interface TestStack {
  url: string;
  engine: Engine;
  anonKey: string;
  serviceRoleKey: string;
  db: Db;
  keys: Keys;
  stack: Stack;
  /** The database name on the cluster (postgres engine). */
  databaseUrl?: string;
  client(options?: ClientOptions): SupabaseClient;
  /** An authenticated user's access token signed like /auth/v1 signs them. */
  userToken(sub: string, extraClaims?: Partial<JwtClaims>): Promise<string>;
  close(): Promise<void>;
}

/** Creates `test_<random>` on the cluster and returns its URL and a dropper. */
export async function createTestDatabase(clusterUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: clusterUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * An empty folder standing in for supabase/migrations (and its absent seed.sql). Nothing writes
 * into it, so every worker and every run shares the one folder (a folder per worker was left
 * behind in the temporary directory by each run).
 */
function emptyDir(): string {
  const dir = join(tmpdir(), 'garage-bare-migrations');
  mkdirSync(dir, { recursive: true });
  return dir;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

export async function startTestStack(options: TestStackOptions): Promise<TestStack> {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  if (options.engine === 'postgres') {
    const clusterUrl = options.clusterUrl ?? inject('pgUrl');
    if (!clusterUrl) throw new Error('No PostgreSQL cluster: global-setup did not start one (TEST_ENGINES?)');
    database = await createTestDatabase(clusterUrl);
  }
  let stack: Stack;
  try {
    stack = await createStack({
      ...(database ? { databaseUrl: database.url } : { inMemory: true }),
      ...(options.configOverrides ? { configOverrides: options.configOverrides } : {}),
      ...(options.bare ? { migrationsDir: emptyDir(), seedFile: join(emptyDir(), 'seed.sql') } : {}),
      ...(options.migrationsDir ? { migrationsDir: options.migrationsDir } : {}),
      ...(options.seedFile ? { seedFile: options.seedFile } : {}),
      poolSize: 10,
    });
  } catch (error) {
    await database?.drop();
    throw error;
  }
  if (options.fixtureSql) {
    await stack.db.exec(options.fixtureSql);
    await stack.rest.reloadSchema();
  }
  const server = createServer((req, res) => stack.handle(req, res));
  // /realtime/v1/websocket; any other upgrade is not ours to answer.
  server.on('upgrade', (req, socket, head) => {
    if (!stack.upgrade(req, socket, head)) socket.destroy();
  });
  const url = await listen(server);
  stack.setPublicUrl(url);
  const clients: SupabaseClient[] = [];

  return {
    url,
    engine: options.engine,
    anonKey: stack.keys.anonKey,
    serviceRoleKey: stack.keys.serviceRoleKey,
    db: stack.db,
    keys: stack.keys,
    stack,
    ...(database ? { databaseUrl: database.url } : {}),
    client(clientOptions = {}) {
      const key = clientOptions.serviceRole ? stack.keys.serviceRoleKey : stack.keys.anonKey;
      const client = createClient(url, key, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
        // supabase-js only adds its own Authorization header when none is given.
        global: clientOptions.accessToken ? { headers: { Authorization: `Bearer ${clientOptions.accessToken}` } } : {},
      });
      clients.push(client);
      return client;
    },
    userToken(sub, extraClaims = {}) {
      const now = Math.floor(Date.now() / 1000);
      return stack.keys.signAccessToken({
        iss: `${url}/auth/v1`,
        aud: 'authenticated',
        role: 'authenticated',
        sub,
        iat: now,
        exp: now + 3600,
        email: `${sub.slice(0, 8)}@example.test`,
        aal: 'aal1',
        session_id: randomUUID(),
        is_anonymous: false,
        ...extraClaims,
      });
    },
    async close() {
      await Promise.all(clients.map((c) => c.removeAllChannels().catch(() => undefined)));
      server.closeAllConnections();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // A WebSocket a test left open (a simulated unit's, say) holds the server open until it ends,
      // which took 50 s: the stack ends its Realtime connections first.
      await stack.close();
      await closed;
      await database?.drop();
    },
  };
}

/** Runs a suite once per engine under test: `describeEngines('notes', (engine) => { … })`. */
export function describeEngines(name: string, fn: (engine: Engine) => void): void {
  for (const engine of enginesUnderTest()) describe(`${name} [${engine}]`, () => fn(engine));
}
