/**
 * The production build served by `vite preview` (which boots the local Supabase stack) on a free
 * port, with a PGlite folder of its own, for benchmarks that drive the real app in Chromium.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function waitForServer(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error('vite preview exited early');
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`vite preview did not answer at ${url}`);
}

/** `vite build` into outDir (extra args after the defaults). */
export function build(outDir: string, extra: string[] = []): void {
  const result = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', ...extra], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error('vite build failed');
}

export interface Preview {
  origin: string;
  port: number;
  child: ChildProcess;
  stop(): void;
}

/** Serves outDir; the stack gets its own PGlite folder unless STACK_DATA_DIR says otherwise. */
export async function startPreview(outDir: string): Promise<Preview> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const stackDir = mkdtempSync(join(tmpdir(), 'bench-stack-'));
  const child = spawn('npx', ['vite', 'preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1', '--outDir', outDir], {
    cwd: root,
    stdio: 'ignore',
    detached: true,
    env: { ...process.env, STACK_DATA_DIR: process.env.STACK_DATA_DIR ?? stackDir },
  });
  const stop = () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid);
  };
  try {
    await waitForServer(origin, child);
  } catch (error) {
    stop();
    throw error;
  }
  return { origin, port, child, stop };
}
