import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no postmaster to stop a second process from opening the same folder, and two writers
 * corrupt it. Take a pid lock (a stale one, from a process that died, is taken over).
 */
const openInThisProcess = new Set<string>();

export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, 'local-stack.lock');
  if (openInThisProcess.has(path)) {
    throw new Error(`The PGlite folder ${dataDir} is already open in this process; close that stack first.`);
  }
  let holder: number | undefined;
  try {
    holder = Number(readFileSync(path, 'utf8').trim());
  } catch { /* no lock yet */ }
  if (holder && holder !== process.pid && alive(holder)) {
    throw new Error(
      `The PGlite folder ${dataDir} is in use by process ${holder} (another \`npm run stack\`, \`vite\` or test?). ` +
        'Stop it, or give this one its own folder with STACK_DATA_DIR.',
    );
  }
  writeFileSync(path, String(process.pid));
  openInThisProcess.add(path);
  return () => {
    openInThisProcess.delete(path);
    rmSync(path, { force: true });
  };
}
