import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The production build the config's web servers serve (E2E_OUTDIR, relative to the repo root). */
export const builtAppDir = resolve(repoRoot, process.env.E2E_OUTDIR ?? 'dist');

/** The first server's port (E2E_PORT, default 4173); worker slot i uses the port after it by i. */
export const basePort = () => Number(process.env.E2E_PORT ?? 4173);

/**
 * The port of this worker's own server: each Playwright worker slot (TEST_PARALLEL_INDEX, set by
 * Playwright in its worker processes) has its own `vite preview` and its own database, so specs
 * running at the same time never see each other's rows or share a per-IP rate limit.
 */
export const workerPort = () => basePort() + Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** The origin of this worker's server, for API calls made by tests. */
export const appOrigin = () => `http://127.0.0.1:${workerPort()}`;
