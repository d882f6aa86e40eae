// CORS of `npm run stack` (the stack alone on its own origin): only the configured site and
// redirect origins may read its answers; the mailbox holds recovery links.
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { freePort } from '../support/pg-cluster.ts';
import { createTestDatabase, describeEngines } from '../support/stack.ts';

// config.toml: site_url http://127.0.0.1:4173, additional_redirect_urls http://127.0.0.1:* and http://localhost:*.
const SITE = 'http://127.0.0.1:4173';
const REDIRECT = 'http://localhost:5173';
const EVIL = 'https://evil.example';
const PREFLIGHT = { 'access-control-request-method': 'GET', 'access-control-request-headers': 'apikey, authorization, x-client-info' };

/** GET with a chosen Host header (fetch does not let a caller set one; a browser after DNS rebinding does). */
function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function started(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no status lines in 90 s:\n${out}`)), 90_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const key = /anon key: (\S+)/.exec(out)?.[1];
      if (key && /service_role key: \S+/.test(out)) {
        clearTimeout(timer);
        resolve(key);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm run stack exited with ${code}:\n${out}`));
    });
  });
}

describeEngines('npm run stack: CORS', (engine) => {
  let child: ChildProcess;
  let base: string;
  let anonKey: string;
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, STACK_PORT: String(port) };
    if (engine === 'postgres') {
      const db = await createTestDatabase(inject('pgUrl'));
      cleanups.push(() => db.drop());
      env.DATABASE_URL = db.url;
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'garage-cors-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      env.STACK_DATA_DIR = dir;
      delete env.DATABASE_URL;
    }
    child = spawn('npm', ['run', '--silent', 'stack'], { env, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
    anonKey = await started(child);
    base = `http://127.0.0.1:${port}`;
    // A recovery e-mail, so the mailbox holds a link worth stealing.
    const recover = await fetch(`${base}/auth/v1/recover`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'customer@example.com' }),
    });
    expect(recover.status).toBe(200);
  });

  afterAll(async () => {
    if (child?.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
    for (const c of cleanups.splice(0)) await c();
  });

  it.each([SITE, REDIRECT])('answers the configured origin %s with credentials', async (origin) => {
    const preflight = await fetch(`${base}/rest/v1/products`, { method: 'OPTIONS', headers: { origin, ...PREFLIGHT } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('apikey');

    const rest = await fetch(`${base}/rest/v1/products?select=id`, { headers: { apikey: anonKey, origin } });
    expect(rest.status).toBe(200);
    expect(rest.headers.get('access-control-allow-origin')).toBe(origin);
    expect(rest.headers.get('access-control-expose-headers')).toContain('content-range');
    expect(rest.headers.get('vary')).toMatch(/origin/i);

    const mail = await fetch(`${base}/mailbox/api/messages?to=customer@example.com`, { headers: { origin } });
    expect(mail.headers.get('access-control-allow-origin')).toBe(origin);
  });

  it.each([EVIL, 'null', 'http://localhost:1@evil.example', 'http://127.0.0.1.evil.example'])('gives the origin %s nothing to read', async (origin) => {
    const preflight = await fetch(`${base}/rest/v1/products`, { method: 'OPTIONS', headers: { origin, ...PREFLIGHT } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();

    for (const path of ['/rest/v1/products?select=id', '/rest/v1/', '/mailbox/api/messages?to=customer@example.com']) {
      const res = await fetch(`${base}${path}`, { headers: { apikey: anonKey, origin } });
      expect(res.headers.get('access-control-allow-origin'), path).toBeNull();
      expect(res.headers.get('access-control-allow-credentials'), path).toBeNull();
      expect(res.headers.get('vary'), path).toMatch(/origin/i);
    }
  });

  it('serves clients that send no Origin (curl, supabase-js in Node) as before', async () => {
    const rest = await fetch(`${base}/rest/v1/products?select=id`, { headers: { apikey: anonKey } });
    expect(rest.status).toBe(200);
    expect(((await rest.json()) as unknown[]).length).toBeGreaterThan(0);
    const mail = await fetch(`${base}/mailbox/api/messages?to=customer@example.com`);
    const { messages } = (await mail.json()) as { messages: { links: string[] }[] };
    expect(messages[0]?.links.some((l) => l.includes('type=recovery'))).toBe(true);
  });

  it('answers only loopback names and IP addresses as Host (a DNS-rebound page gets nothing)', async () => {
    const port = new URL(base).port;
    const mailbox = `${base}/mailbox/api/messages?to=customer@example.com`;
    const rebound = await getWithHost(mailbox, `rebind.evil.example:${port}`);
    expect(rebound.status).toBe(403);
    expect(rebound.body).not.toContain('type=recovery');
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `app.localhost:${port}`]) {
      const ok = await getWithHost(mailbox, host);
      expect(ok.status, host).toBe(200);
    }
  });
});
