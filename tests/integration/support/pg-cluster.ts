/**
 * A throwaway PostgreSQL 15 cluster for integration tests and benchmarks: initdb into a temporary
 * folder, pg_ctl start on a free loopback port, and stop + delete afterwards. initdb and postgres
 * refuse to run as root, so as root they run as the `postgres` system user via runuser.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_SETTINGS } from '../../../supabase/local/db/common.ts';

/** PostgreSQL's server binaries: PG_BIN, else what `pg_config --bindir` names, else Debian's path. */
export const PG_BIN = process.env.PG_BIN || pgConfigBindir() || '/usr/lib/postgresql/15/bin';

function pgConfigBindir(): string | undefined {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return dir && existsSync(join(dir, 'initdb')) ? dir : undefined;
  } catch {
    return undefined; // no pg_config on PATH
  }
}

export interface PgCluster {
  /** postgresql://postgres@127.0.0.1:PORT/postgres (superuser, trust auth). */
  url: string;
  port: number;
  dir: string;
  /** URL of another database on this cluster. */
  urlFor(database: string): string;
  stop(): void;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function postgresUid(): { uid: number; gid: number } | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

/** Runs a PostgreSQL binary, as the `postgres` user when we are root. */
function runPg(binary: string, args: string[]): void {
  const path = join(PG_BIN, binary);
  const asRoot = process.getuid?.() === 0;
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
  execFileSync(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
}

export interface StartClusterOptions {
  /** Extra `-c name=value` server settings. */
  settings?: Record<string, string | number>;
}

export async function startPgCluster(options: StartClusterOptions = {}): Promise<PgCluster> {
  if (!existsSync(join(PG_BIN, 'initdb')) || !existsSync(join(PG_BIN, 'pg_ctl'))) {
    throw new Error(
      `PostgreSQL 15 server binaries not found in ${PG_BIN} (initdb, pg_ctl). ` +
        'Install them with `apt-get install -y postgresql-15` (CI: .ci/run does this), or set PG_BIN.',
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'garage-pg-'));
  if (process.getuid?.() === 0) {
    const owner = postgresUid();
    if (!owner) throw new Error('Running as root but there is no `postgres` system user to run PostgreSQL as.');
    chownSync(dir, owner.uid, owner.gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  const settings: Record<string, string | number> = {
    listen_addresses: '127.0.0.1',
    max_connections: 200,
    ...Object.fromEntries(SERVER_SETTINGS),
    ...options.settings,
  };
  const serverOptions = [`-p ${port}`, `-k ${dir}`, ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`)].join(' ');
  try {
    runPg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale', '--no-sync']);
    runPg('pg_ctl', ['-D', data, '-o', serverOptions, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`Could not start a PostgreSQL cluster: ${stderr || (error as Error).message}`);
  }
  const urlFor = (database: string) => `postgresql://postgres@127.0.0.1:${port}/${database}`;
  let stopped = false;
  return {
    url: urlFor('postgres'),
    port,
    dir,
    urlFor,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        runPg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
