import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, inject, it } from 'vitest';
import { freePort } from '../support/pg-cluster.ts';
import { tempSqlDir } from '../support/databases.ts';
import { createTestDatabase, describeEngines } from '../support/stack.ts';

const CLI_ANON =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** Spawns `npm run stack` and resolves with its stdout once the service_role line appears. */
function waitForStatus(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`no status lines in 90 s:\n${out}\n${err}`)), 90_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/service_role key: \S+/.test(out)) {
        clearTimeout(timer);
        resolve(out);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm run stack exited with ${code}:\n${out}\n${err}`));
    });
  });
}

describeEngines('npm run stack', (engine) => {
  let child: ChildProcess | undefined;
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      // npm runs tsx in its own process group member; detached lets us signal the whole group.
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
    child = undefined;
    for (const c of cleanups.splice(0)) await c();
  });

  /** Environment for the CLI on a fresh database of this engine. */
  async function freshEnv(port: number): Promise<NodeJS.ProcessEnv> {
    const env: NodeJS.ProcessEnv = { ...process.env, STACK_PORT: String(port) };
    if (engine === 'postgres') {
      const db = await createTestDatabase(inject('pgUrl'));
      cleanups.push(() => db.drop());
      env.DATABASE_URL = db.url;
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'garage-cli-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      env.STACK_DATA_DIR = dir;
      delete env.DATABASE_URL;
    }
    return env;
  }

  it('prints the supabase status lines and serves /rest/v1 with CORS', async () => {
    const port = await freePort();
    const env = await freshEnv(port);
    child = spawn('npm', ['run', '--silent', 'stack'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const out = await waitForStatus(child);
    const lines = out.split('\n');
    expect(lines).toContain(`API URL: http://127.0.0.1:${port}`);
    expect(lines).toContain(`anon key: ${CLI_ANON}`);
    expect(lines.some((l) => /^service_role key: eyJ[\w-]+\.[\w-]+\.[\w-]+$/.test(l))).toBe(true);
    expect(lines.some((l) => l.startsWith(`DB engine: ${engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}`))).toBe(true);

    const preflight = await fetch(`http://127.0.0.1:${port}/rest/v1/notes`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET', 'access-control-request-headers': 'apikey, authorization, x-client-info' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('apikey');

    const get = await fetch(`http://127.0.0.1:${port}/rest/v1/no_such_table`, { headers: { apikey: CLI_ANON, origin: 'http://localhost:3000' } });
    expect(get.status).toBeGreaterThanOrEqual(400);
    expect(get.status).toBeLessThan(500);
    expect(get.headers.get('access-control-expose-headers')).toContain('content-range');
    const unknown = await fetch(`http://127.0.0.1:${port}/nothing-here`);
    expect(unknown.status).toBe(404);
  });
});

describeEngines('npm run stack with a broken migration', (engine) => {
  it('exits non-zero naming the file, line and Postgres message', async () => {
    const migrations = tempSqlDir({ '20240101000000_broken.sql': 'create table a (id int);\n\nselect * from\n  missing_table;\n' });
    const env: NodeJS.ProcessEnv = { ...process.env, STACK_PORT: String(await freePort()), STACK_MIGRATIONS_DIR: migrations.dir };
    let drop: (() => Promise<void>) | undefined;
    const dir = mkdtempSync(join(tmpdir(), 'garage-cli-'));
    if (engine === 'postgres') {
      const db = await createTestDatabase(inject('pgUrl'));
      drop = db.drop;
      env.DATABASE_URL = db.url;
    } else {
      env.STACK_DATA_DIR = dir;
      delete env.DATABASE_URL;
    }
    try {
      const child = spawn('npm', ['run', '--silent', 'stack'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const code = await new Promise<number | null>((r) => child.once('exit', r));
      expect(code).toBe(1);
      expect(stderr).toMatch(/migration failed in \S*20240101000000_broken\.sql at line 4:\nrelation "missing_table" does not exist \(SQLSTATE 42P01\)/);
    } finally {
      migrations.cleanup();
      rmSync(dir, { recursive: true, force: true });
      await drop?.();
    }
  });
});
