import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The production build the config's web server serves (E2E_OUTDIR, relative to the repo root). */
export const builtAppDir = resolve(repoRoot, process.env.E2E_OUTDIR ?? 'dist');

/** The origin of the served build (the config's web server), for API calls made by tests. */
export const appOrigin = () => `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`;
