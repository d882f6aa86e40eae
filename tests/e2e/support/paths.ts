import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The production build the config's web server serves (E2E_OUTDIR, relative to the repo root). */
export const builtAppDir = resolve(repoRoot, process.env.E2E_OUTDIR ?? 'dist');
