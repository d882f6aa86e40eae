import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Gzip size (bytes) of one built file, as a compressing server (vite preview, a CDN) sends it. */
export function gzipBytes(outDir: string, file: string): number {
  return gzipSync(readFileSync(join(outDir, file))).length;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

interface ManifestChunk { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
type ViteManifest = Record<string, ManifestChunk>;

/**
 * JavaScript a route needs to start (prerendered pages paint before it; the SPA shell after it),
 * from the build's `.vite/manifest.json` (build with `--manifest`): the entry chunk, its static
 * imports and the start-up stages it imports dynamically, the route file's split chunks
 * (TanStack autoCodeSplitting: `<file>?tsr-split=…`) and the modules its loader imports on demand
 * (`import('@/…')` in the route file), each with their static imports. Chunks the app defers on
 * purpose (lazy below-the-fold parts, the service worker registration) are not counted.
 */
export function jsBeforePaintStatic(outDir: string, root: string, routeFile: string): { kb: number; files: string[] } {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as ViteManifest;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  // The entry (src/main.tsx) imports React DOM and the app in stages with import(): those are
  // start-up code too, not deferred parts.
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry) continue;
    visit(key);
    for (const dep of chunk.dynamicImports ?? []) visit(dep);
  }
  for (const key of Object.keys(manifest)) if (key.startsWith(`${routeFile}?tsr-split`)) visit(key);
  const source = existsSync(join(root, routeFile)) ? readFileSync(join(root, routeFile), 'utf8') : '';
  for (const [, spec] of source.matchAll(/import\(\s*['"](@\/[^'"]+)['"]\s*\)/g)) visit(`src/${spec?.slice(2)}`);
  const list = [...files].filter((f) => f.endsWith('.js'));
  return { kb: kb(list.reduce((sum, f) => sum + gzipBytes(outDir, f), 0)), files: list };
}

export interface ScriptRequest { url: string; resourceType?: string; rendererStartTime?: number }

/**
 * Cross-check from a Lighthouse run: same-origin scripts the page requested before the observed
 * (unthrottled) first contentful paint, sized from the built files.
 */
export function jsBeforePaintObserved(outDir: string, origin: string, requests: ScriptRequest[], fcpMs: number): { kb: number; files: string[] } {
  const files = [
    ...new Set(
      requests
        .filter((r) => r.resourceType === 'Script' && r.url.startsWith(origin) && (r.rendererStartTime ?? Infinity) <= fcpMs)
        .map((r) => new URL(r.url).pathname.slice(1)),
    ),
  ];
  return { kb: kb(files.reduce((sum, f) => sum + gzipBytes(outDir, f), 0)), files };
}
